import { readdirSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/chromium.ts';
import type { ServerOptions } from './tests/e2e/fixtures.ts';
import { E2E_ADMIN, E2E_SESSION_SECRET, serverUrl } from './tests/e2e/servers.ts';

/**
 * Browser tests against the built site served by the Node host, on two fresh embedded
 * databases (tests/e2e/servers.ts): the files in tests/e2e/catalog/ read the sample data,
 * the files in tests/e2e/operations/ sign in and change data of their own. A spec's folder
 * is its server, so a new file cannot be left out of the run. Every test stands alone
 * (its own page, accounts and data), so files and tests run in parallel. Debian's
 * headless shell of Chromium (tests/chromium.ts), never a downloaded browser.
 */
const E2E_DIR = 'tests/e2e';
const SERVER_FOLDERS = ['catalog', 'operations'] as const;
/** Spec files that run by themselves, once the rest of their server's files are done. */
const ALONE = '**/*.alone.spec.ts';

/**
 * A spec file outside the servers' folders would belong to no project and silently never
 * run: the run stops and names it instead.
 */
const strays = readdirSync(path.join(import.meta.dirname, E2E_DIR), {
  recursive: true,
  encoding: 'utf8',
}).filter(
  (file) =>
    file.endsWith('.spec.ts') &&
    !SERVER_FOLDERS.some((folder) => file.startsWith(`${folder}${path.sep}`)),
);
if (strays.length > 0) {
  throw new Error(
    `Spec files outside ${SERVER_FOLDERS.map((f) => `${E2E_DIR}/${f}/`).join(' and ')} would never run; move each into the folder of its server: ${strays.map((f) => `${E2E_DIR}/${f}`).join(', ')}`,
  );
}

export default defineConfig<ServerOptions>({
  testDir: E2E_DIR,
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'reports/e2e-results.json' }]],
  use: {
    // A trace's DOM snapshots cost a sixth of the suite's CPU even when thrown away, and
    // Playwright's 'only-on-failure' screenshots every page of every context as it closes,
    // then throws the picture away when the test passed. A failed test keeps a screenshot
    // of its page (the `page` fixture, fixtures.ts), and `npx playwright test --trace
    // retain-on-failure` records traces when one is needed.
    trace: 'off',
    screenshot: 'off',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    {
      name: 'catalog',
      testDir: `${E2E_DIR}/catalog`,
      testIgnore: ALONE,
      use: { ...devices['Desktop Chrome'], baseURL: serverUrl('catalog'), server: 'catalog' },
    },
    {
      // Files that load the server on purpose (a flood of sign-ins at the production
      // hashing cost fills the hashing gate, and a test beside it would be told to retry):
      // they run after the rest of the catalog tests, on the same server.
      name: 'catalog-alone',
      testDir: `${E2E_DIR}/catalog`,
      testMatch: ALONE,
      dependencies: ['catalog'],
      use: { ...devices['Desktop Chrome'], baseURL: serverUrl('catalog'), server: 'catalog' },
    },
    {
      name: 'operations',
      testDir: `${E2E_DIR}/operations`,
      use: { ...devices['Desktop Chrome'], baseURL: serverUrl('operations'), server: 'operations' },
    },
  ],
  webServer: {
    // Both servers, started side by side (tests/e2e/serve-fresh.ts).
    command: 'node tests/e2e/serve-fresh.ts',
    wait: { stdout: /e2e servers ready/ },
    env: {
      // Each test is a client of its own (X-Forwarded-For, tests/e2e/fixtures.ts), so the
      // per-client rate limits of one test never count another's requests. It also keeps
      // reset and set-password tokens out of the answers: they travel by mail only.
      TRUST_PROXY: 'true',
      // The fixtures sign sessions with the same key (tests/e2e/fixtures.ts).
      SESSION_SECRET: E2E_SESSION_SECRET,
      // The admin the fixtures create the tests' own admins and providers with.
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ADMIN_FIRST_NAME: E2E_ADMIN.firstName,
      ADMIN_LAST_NAME: E2E_ADMIN.lastName,
    },
    reuseExistingServer: false,
    // Preparing two fresh databases takes about 40 s on a quiet machine of two cores, and
    // three times that when other work shares it.
    timeout: 300_000,
    stdout: 'pipe',
  },
});
