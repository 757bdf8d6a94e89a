import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests against the built site served by the Node host on a fresh embedded
 * database. Debian's chromium, never a downloaded browser.
 */
const PORT = Number(process.env.E2E_PORT ?? 4417);

export const E2E_ADMIN = {
  email: 'e2e.admin@example.com',
  password: 'e2e-admin-password',
  firstName: 'Thandi',
  lastName: 'Mokoena',
} as const;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'reports/e2e-results.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
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
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node tests/e2e/serve-fresh.ts',
    url: `http://127.0.0.1:${PORT}/api/health`,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      SITE_URL: `http://127.0.0.1:${PORT}`,
      // A known admin for the sign-in flows (tests/e2e/joining.spec.ts).
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
