/**
 * The two servers of the browser tests, each the Node host on its own fresh embedded
 * database with the sample data (serve-fresh.ts):
 * - `catalog` serves the files that read the sample catalog (the spec's 39 providers,
 *   their order, pages and counts). Nothing there approves, edits or deletes a provider,
 *   so those numbers hold however many tests run at once.
 * - `operations` serves the files that sign in and change data (applications, providers,
 *   flash ads, reviews, mail). Each test there makes its own accounts and rows with unique
 *   names and looks only at those.
 * playwright.config.ts starts both and routes each spec file to one (its projects).
 */
import path from 'node:path';

export type ServerName = 'catalog' | 'operations';

const FIRST_PORT = Number(process.env.E2E_PORT ?? 4417);

/**
 * Each server's port, its data folder, the port of its database door (loopback only,
 * database-door.ts: 100 above the server's, so runs on other ports never share one), and
 * the environment it adds to the one Playwright gives it.
 */
export const E2E_SERVERS: Record<
  ServerName,
  { port: number; dataDir: string; doorPort: number; env: Record<string, string> }
> = {
  catalog: {
    port: FIRST_PORT,
    dataDir: dataDirOf('catalog', FIRST_PORT),
    doorPort: FIRST_PORT + 100,
    // Passwords hashed at the production cost: the sign-in flood (login-flood.alone.spec.ts)
    // tests the hashing gate against it.
    env: {},
  },
  operations: {
    port: FIRST_PORT + 1,
    dataDir: dataDirOf('operations', FIRST_PORT + 1),
    doorPort: FIRST_PORT + 101,
    // Every test here makes its own admins and providers, each with a password: scrypt at
    // 2^10 instead of 2^17, as in the API suite (src/api/env.ts allows it under
    // NODE_ENV=test only), saves half a second of CPU a password.
    env: { NODE_ENV: 'test', PASSWORD_HASH_COST: '10' },
  },
};

/**
 * Where a server keeps its database, uploads and mail outbox (emptied at each start);
 * named by port too, so runs on other ports (E2E_PORT) never share a folder.
 */
function dataDirOf(name: ServerName, port: number): string {
  return path.resolve(import.meta.dirname, '../../reports/e2e-data', `${name}-${port}`);
}

export const serverUrl = (name: ServerName) => `http://127.0.0.1:${E2E_SERVERS[name].port}`;

/**
 * The administrator each server creates at start (ADMIN_EMAIL). The fixtures use it
 * only to create the test's own admins and providers (fixtures.ts): no test signs in,
 * signs out or changes the password as this admin, so its minted sessions stay valid.
 */
export const E2E_ADMIN = {
  email: 'e2e.admin@example.com',
  password: 'e2e-admin-password',
  firstName: 'Thandi',
  lastName: 'Mokoena',
} as const;

/**
 * The servers' SESSION_SECRET: the fixtures sign sessions with it, as the API tests do
 * with their app's key (tests/helpers/auth-fixtures.ts). A test key, for loopback only.
 */
export const E2E_SESSION_SECRET = 'e2e-session-secret-for-the-loopback-test-servers';
