/**
 * `npm run perf`: how fast the public pages are on a phone, measured the way anyone can
 * measure them again. Starts the product as `npm start` does (building it when the build
 * is missing or older than its sources) on the sample data, in a data folder of its own
 * and on a port of its own, then runs Lighthouse (mobile, simulated throttling) on the
 * five public page types three times each, in turn, and prints each page's median
 * performance score, LCP, TBT and CLS, the other three scores, and the CPU benchmark index
 * Lighthouse measured during those runs. A figure is only comparable with one taken at a
 * similar index (docs/decisions/0049).
 *
 * Not part of `npm test`: a score depends on the machine and on what else runs on it.
 *
 * Options: --runs N (default 3)  --port P (default 4790)  --pages /a,/b (default: the five)
 * --out DIR (keep the JSON reports there; default: a temporary folder, removed)
 * --cpu-slowdown N (Lighthouse's CPU throttling, default its mobile 4): on a machine faster
 * than the one a goal names, a larger N stands in for the slower one. Lighthouse's own
 * calibration: the slowdown scales with the benchmark index, so index 3,800 at 8 is like
 * index 1,900 at 4.
 * Uses Debian's full chromium (CHROME_PATH, default /usr/bin/chromium), never a download.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CHROMIUM_ARGS, FULL_CHROMIUM_PATH } from '../tests/chromium.ts';
import {
  pageFigures,
  perfTable,
  runFigures,
  type LighthouseReport,
  type PerfRun,
} from './perf-figures.ts';

const root = path.resolve(import.meta.dirname, '..');

/** The public pages of each kind: home, the listing, a provider, a category, a town. */
const PAGES = [
  '/',
  '/providers',
  '/provider/1',
  '/services/cctv-installations-repairs',
  '/services/cctv-installations-repairs/johannesburg',
];

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: '4790' },
    pages: { type: 'string', default: PAGES.join(',') },
    out: { type: 'string', default: '' },
    'cpu-slowdown': { type: 'string', default: '4' },
  },
});
const RUNS = Number(values.runs);
const CPU_SLOWDOWN = Number(values['cpu-slowdown']);
const PORT = Number(values.port);
const pages = values.pages.split(',').filter(Boolean);
const origin = `http://localhost:${PORT}`;
const lighthouse = path.join(root, 'node_modules/.bin/lighthouse');

if (!existsSync(FULL_CHROMIUM_PATH)) {
  console.error(`Lighthouse needs Chromium at ${FULL_CHROMIUM_PATH} (or set CHROME_PATH).`);
  process.exit(1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'perf-data-'));
const reportsDir = values.out ? path.resolve(values.out) : path.join(dataDir, 'reports');
mkdirSync(reportsDir, { recursive: true });

/**
 * The product as `npm start` runs it, on the sample data of a fresh embedded database.
 * A build already made for another address (dist/.site-url) is kept: the address is only
 * in the pages' canonical links, not in what they load.
 */
function startProduct() {
  const siteFile = path.join(root, 'dist/.site-url');
  const builtFor = existsSync(siteFile) ? readFileSync(siteFile, 'utf8').trim() : undefined;
  const child = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(builtFor && { SITE_URL: builtFor }),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    // The build's and the server's own lines, less the admin's password.
    if (/Building|error|Error/.test(text)) process.stdout.write(text);
  });
  return child;
}

async function waitForProduct(exited: () => boolean): Promise<void> {
  // Up to 10 minutes: the first start may build the site.
  for (let i = 0; i < 1200; i++) {
    if (exited()) throw new Error('npm start stopped before it served the site');
    const up = await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The product did not answer at ${origin} within 10 minutes`);
}

/**
 * A run whose trace Lighthouse could not record (NO_NAVSTART and the like happen on a busy
 * machine) is run again, up to twice: a failed run measured nothing.
 */
const ATTEMPTS = 3;

function measureRun(page: string, run: number): PerfRun {
  for (let attempt = 1; ; attempt++) {
    try {
      return runFigures(measure(page, run));
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
      console.log(`  ${error instanceof Error ? error.message : String(error)}; running it again`);
    }
  }
}

function measure(page: string, run: number): LighthouseReport {
  const file = path.join(
    reportsDir,
    `${page.replace(/^\/$/, 'home').replace(/^\//, '').replaceAll('/', '_')}-${run}.json`,
  );
  const result = spawnSync(
    lighthouse,
    [
      `${origin}${page}`,
      '--output=json',
      `--output-path=${file}`,
      '--only-categories=performance,accessibility,best-practices,seo',
      `--throttling.cpuSlowdownMultiplier=${CPU_SLOWDOWN}`,
      `--chrome-flags=${['--headless=new', ...CHROMIUM_ARGS].join(' ')}`,
      '--quiet',
    ],
    { cwd: root, env: { ...process.env, CHROME_PATH: FULL_CHROMIUM_PATH }, stdio: 'inherit' },
  );
  if (result.status !== 0 || !existsSync(file)) {
    throw new Error(`Lighthouse failed on ${page} (exit ${result.status})`);
  }
  return JSON.parse(readFileSync(file, 'utf8')) as LighthouseReport;
}

function lighthouseVersion(): string {
  const manifest = path.join(root, 'node_modules/lighthouse/package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

const product = startProduct();
let exited = false;
product.once('exit', () => {
  exited = true;
});
const stop = async () => {
  if (exited) return;
  const done = new Promise((resolve) => product.once('exit', resolve));
  product.kill('SIGTERM');
  await done;
};

try {
  await waitForProduct(() => exited);
  // One unmeasured load of each page first: the server's first answers (the database's
  // first queries, the caches) are not what a visitor meets.
  for (const page of pages) await fetch(`${origin}${page}`).then((r) => r.text());

  const rows = [];
  for (const page of pages) {
    const runs = [];
    for (let run = 1; run <= RUNS; run++) {
      process.stdout.write(`Lighthouse ${page} (${run}/${RUNS})...\n`);
      runs.push(measureRun(page, run));
    }
    rows.push(pageFigures(page, runs));
  }
  console.log(
    `\nLighthouse ${lighthouseVersion()}, mobile (simulated throttling, CPU slowdown ${CPU_SLOWDOWN}x), medians of ${RUNS} runs a page, ${new Date().toISOString()}:\n`,
  );
  console.log(perfTable(rows));
  console.log(
    "\nThe CPU benchmark index is Lighthouse's measure of this machine during the runs; compare a score only with one taken at a similar index.",
  );
  if (values.out) console.log(`Reports: ${reportsDir}`);
} finally {
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
}
