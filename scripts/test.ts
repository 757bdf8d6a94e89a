/**
 * `npm test`: everything CI checks: lint beside types and build, then the Vitest projects
 * (unit, the build with the Nu HTML Checker and pa11y, API on PGlite or, with
 * TEST_DATABASE_URL, on PostgreSQL with the database's own logic on PGlite too (vitest.config.ts),
 * through the Neon driver
 * and through database outages, uploads through S3 with S3_TEST_ENDPOINT, the hosts as
 * commands: netlify serve, npm run dev and dev:netlify),
 * then the Playwright browser tests. Ends with one 'N passed, N failed' line.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM_PATH } from '../tests/chromium.ts';

const root = path.resolve(import.meta.dirname, '..');
// The suite builds and serves a local site (CI too): a production address or Netlify's
// production context left in the shell would make the build and the servers refuse to run
// without the operating company's details (src/lib/production-site.ts, decision 0043).
delete process.env.SITE_URL;
delete process.env.CONTEXT;
const results = path.join(root, 'reports');
ensureChromium();
ensureJava();
// Reports of an earlier run must not count for this one.
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

type Step = [title: string, command: string, args: readonly string[], env?: Record<string, string>];

function run([title, command, args, env = {}]: Step): boolean {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status === 0;
}

/** Runs a step with its output held back, so steps side by side print one after another. */
function runQuietly([title, command, args, env = {}]: Step): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env } });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(String(error))));
    child.on('close', (code) => {
      console.log(`\n=== ${title} ===`);
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0);
    });
  });
}

/**
 * The browser tests run in Debian's headless shell of its chromium (tests/chromium.ts,
 * never a downloaded browser). A fresh machine gets it here when we may install packages
 * (root with apt-get); otherwise the run stops at once with the one command that fixes it,
 * instead of failing late in the suite.
 */
function ensureChromium(): void {
  if (existsSync(CHROMIUM_PATH)) return;
  const install = 'apt-get update && apt-get install -y chromium-headless-shell';
  if (process.getuid?.() === 0 && spawnSync('apt-get', ['--version']).status === 0) {
    console.log(`Chromium's headless shell is missing (${CHROMIUM_PATH}): installing it...`);
    const installed = spawnSync('sh', ['-c', install], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (installed.status === 0 && existsSync(CHROMIUM_PATH)) return;
  }
  console.error(
    `The browser tests need Chromium's headless shell at ${CHROMIUM_PATH}. Install it with:\n  sudo sh -c '${install}'\n(or set CHROMIUM_PATH to a Chromium binary).`,
  );
  process.exit(1);
}

/**
 * The Nu HTML Checker (tests/build/valid-pages.test.ts) runs on Java: a fresh machine gets
 * Debian's headless runtime here, as it gets chromium above.
 */
function ensureJava(): void {
  if (spawnSync('java', ['-version']).status === 0) return;
  const install = 'apt-get update && apt-get install -y default-jre-headless';
  if (process.getuid?.() === 0 && spawnSync('apt-get', ['--version']).status === 0) {
    console.log("Java is missing: installing Debian's default-jre-headless...");
    const installed = spawnSync('sh', ['-c', install], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (installed.status === 0 && spawnSync('java', ['-version']).status === 0) return;
  }
  console.error(
    `The HTML checks of the build need Java (java on the PATH). Install it with:\n  sudo sh -c '${install}'`,
  );
  process.exit(1);
}

function readCounts(file: string, pick: (report: never) => { passed: number; failed: number }) {
  try {
    return pick(JSON.parse(readFileSync(path.join(results, file), 'utf8')) as never);
  } catch {
    return { passed: 0, failed: 0 };
  }
}

if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: the API suite runs on embedded PGlite only.');
}
if (!process.env.S3_TEST_ENDPOINT) {
  console.log('S3_TEST_ENDPOINT is not set: uploads are tested on local disk only.');
}

// The hosts as commands run last: they start servers of their own (netlify serve builds
// in a copy of the project, so dist/ stays as the browser tests read it).
const vitestStep = (name: string, projects: string[]) =>
  [
    'npx',
    [
      'vitest',
      'run',
      ...projects.flatMap((p) => ['--project', p]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=reports/${name}.json`,
    ],
  ] as const;
// Each API project has an -isolated twin for the files that mock a module (vitest.config.ts).
const serverProjects = [
  ...(process.env.TEST_DATABASE_URL
    ? ['api-postgres', 'api-postgres-isolated', 'neon', 'resilience']
    : []),
  ...(process.env.S3_TEST_ENDPOINT ? ['s3'] : []),
];

/** The build's database, migrated and seeded; the dev-server tests start from copies. */
const buildData = path.join(results, 'build-data');

// `npm run lint` (ESLint, then Prettier) beside (types, then build): each is mostly one
// thread, and CI has two cores. Prettier follows the build, so the two lanes take about as
// long. The type check (astro check) covers the .astro files and every .ts file tsc would.
const checks: Step[][] = [
  [['Lint (ESLint)', 'npm', ['run', 'lint:code', '--silent']]],
  [
    ['Typecheck', 'npm', ['run', 'typecheck', '--silent']],
    // The build reads its own embedded database, so a running `npm start` (which holds
    // .data) does not block it.
    ['Build', 'npm', ['run', 'build', '--silent'], { DATA_DIR: buildData }],
    ['Lint (Prettier)', 'npm', ['run', 'lint:format', '--silent']],
  ],
];
const tests: Step[] = [
  [
    'Unit, build and API tests (Vitest)',
    ...vitestStep('vitest-main', [
      'unit',
      'build',
      'api-pglite',
      'api-pglite-isolated',
      ...serverProjects,
    ]),
    // pa11y's server (tests/build/valid-pages.test.ts) starts on a copy of the build's data.
    { PREPARED_DATA_DIR: buildData },
  ],
  ['Browser tests (Playwright)', 'npx', ['playwright', 'test']],
  [
    'Hosts as commands: netlify serve, npm run dev, dev:netlify (Vitest)',
    ...vitestStep('vitest-netlify', ['netlify', 'hosts']),
    { PREPARED_DATA_DIR: buildData },
  ],
];

let failedSteps = 0;
function tally(title: string, passed: boolean) {
  if (passed) return;
  failedSteps++;
  console.log(`--- ${title}: FAILED`);
}
await Promise.all(
  checks.map(async (lane) => {
    for (const step of lane) tally(step[0], await runQuietly(step));
  }),
);
for (const step of tests) tally(step[0], run(step));

const vitestCounts = (file: string) =>
  readCounts(file, (r: { numPassedTests: number; numFailedTests: number }) => ({
    passed: r.numPassedTests,
    failed: r.numFailedTests,
  }));
const main = vitestCounts('vitest-main.json');
const netlify = vitestCounts('vitest-netlify.json');
const vitest = { passed: main.passed + netlify.passed, failed: main.failed + netlify.failed };
const playwright = readCounts(
  'e2e-results.json',
  (r: { stats: { expected: number; unexpected: number; flaky: number } }) => ({
    passed: r.stats.expected + r.stats.flaky,
    failed: r.stats.unexpected,
  }),
);
const passed = vitest.passed + playwright.passed;
const failed = vitest.failed + playwright.failed + failedSteps;

console.log(
  `\nVitest: ${vitest.passed} passed, ${vitest.failed} failed; Playwright: ${playwright.passed} passed, ${playwright.failed} failed; failed steps: ${failedSteps}`,
);
console.log(`Total: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
