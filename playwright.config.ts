import { defineConfig, devices } from '@playwright/test';
import type { ServerOptions } from './tests/e2e/fixtures.ts';
import { E2E_ADMIN, E2E_SESSION_SECRET, serverUrl } from './tests/e2e/servers.ts';

/**
 * Browser tests against the built site served by the Node host, on two fresh embedded
 * databases (tests/e2e/servers.ts): the catalog files read the sample data, the
 * operations files sign in and change data of their own. Every test stands alone (its
 * own page, accounts and data), so files and tests run in parallel. Debian's chromium,
 * never a downloaded browser.
 */
const CATALOG_FILES = [
  'accessibility.spec.ts',
  'chrome.spec.ts',
  'company.spec.ts',
  'dev-mail.spec.ts',
  'early-taps.spec.ts',
  'errors-in-words.spec.ts',
  'first-paint.spec.ts',
  'home.spec.ts',
  'listing-phone.spec.ts',
  'phone-modal.spec.ts',
  'provider-modal.spec.ts',
  'provider-page.spec.ts',
  'providers.spec.ts',
  'ratings.spec.ts',
  'smoke.spec.ts',
  'verification.spec.ts',
];
const OPERATIONS_FILES = [
  'admin-mail.spec.ts',
  'admin-operations.spec.ts',
  'enquiry-desk-follow-up.spec.ts',
  'home-life.spec.ts',
  'admin-verification.spec.ts',
  'dashboard-numbers.spec.ts',
  'dashboard-renewals.spec.ts',
  'joining.spec.ts',
  'provider-dashboard.spec.ts',
  'profile-editor.spec.ts',
  'request-status.spec.ts',
  'responsiveness.spec.ts',
  'work-photos.spec.ts',
];

export default defineConfig<ServerOptions>({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'reports/e2e-results.json' }]],
  use: {
    // A trace's DOM snapshots cost a sixth of the suite's CPU even when thrown away: a
    // failure keeps a screenshot, and `npx playwright test --trace retain-on-failure`
    // records traces when one is needed.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    {
      name: 'catalog',
      testMatch: CATALOG_FILES,
      use: { ...devices['Desktop Chrome'], baseURL: serverUrl('catalog'), server: 'catalog' },
    },
    {
      name: 'operations',
      testMatch: OPERATIONS_FILES,
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
    timeout: 120_000,
    stdout: 'pipe',
  },
});
