/**
 * Everything a host does to its database before serving: migrate, seed the embedded
 * default when empty, create the configured admin, and on the embedded default with no
 * admin at all a development admin whose credentials are printed.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DatabaseHandle } from '../../db/client.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { isDatabaseEmpty, seedCategories, seedDatabase } from '../../db/seed/seed.ts';
import { countAdmins } from '../../src/api/admins/count-admins.ts';
import { createAdmin } from '../../src/api/admins/create-admin.ts';
import type { Env } from '../../src/api/env.ts';
import { databaseFault } from '../../src/api/http/database-faults.ts';

export const DEVELOPMENT_ADMIN_EMAIL = 'admin@example.com';

export async function prepareDatabase(
  handle: DatabaseHandle,
  env: Env,
  log: (line: string) => void = console.log,
): Promise<void> {
  await migrateDatabase(handle);
  await seedCategories(handle.db);

  const embedded = handle.driver === 'pglite';
  if (embedded && (await isDatabaseEmpty(handle.db))) {
    await seedDatabase(handle.db);
    log('Seeded the embedded database with sample providers and flash ads.');
  }

  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    const created = await createAdmin(handle.db, {
      email: env.ADMIN_EMAIL,
      password: env.ADMIN_PASSWORD,
      firstName: env.ADMIN_FIRST_NAME,
      lastName: env.ADMIN_LAST_NAME,
    });
    if (created) log(`Created admin ${env.ADMIN_EMAIL} from ADMIN_EMAIL.`);
  }

  // `npm start` on the embedded default is local production: it still prints its admin.
  if (embedded && env.loopbackOnly) {
    await ensureDevelopmentAdmin(handle, env, log);
  }
}

/** Seconds before attempt n + 1: 1, 2, 4, then every 5 s. */
const backoffSeconds = (attempt: number) => Math.min(2 ** (attempt - 1), 5);

/**
 * prepareDatabase, again and again while the database cannot be reached (a server still
 * starting, a network not yet up): the host waits for it rather than exiting. Any other
 * failure (a broken migration, a wrong password) is thrown at once. Running the steps
 * again is safe: the pending migrations apply in one transaction, the rest is idempotent.
 * `onRetry` is told of each failed attempt, after its log line.
 */
export async function prepareDatabaseWhenReachable(
  handle: DatabaseHandle,
  env: Env,
  log: (line: string) => void = console.log,
  { onRetry }: { onRetry?: (attempt: number, fault: string) => void } = {},
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await prepareDatabase(handle, env, log);
      if (attempt > 1) log('Database reachable: migrated and ready.');
      return;
    } catch (error) {
      const fault = databaseFault(error);
      if (!fault) throw error;
      const seconds = backoffSeconds(attempt);
      log(`Database not reachable (${fault}): retrying in ${seconds} s...`);
      onRetry?.(attempt, fault);
      await sleep(seconds * 1000);
    }
  }
}

/** Only on the embedded default on loopback: a known admin so a fresh clone can sign in at /admin. */
async function ensureDevelopmentAdmin(
  handle: DatabaseHandle,
  env: Env,
  log: (line: string) => void,
) {
  const credentialsFile = path.resolve(env.DATA_DIR, 'development-admin.json');
  if ((await countAdmins(handle.db)) === 0) {
    const password = randomBytes(9).toString('base64url');
    await createAdmin(handle.db, {
      email: DEVELOPMENT_ADMIN_EMAIL,
      password,
      firstName: 'Development',
      lastName: 'Admin',
    });
    mkdirSync(path.dirname(credentialsFile), { recursive: true });
    writeFileSync(
      credentialsFile,
      JSON.stringify({ email: DEVELOPMENT_ADMIN_EMAIL, password }, null, 2),
      {
        mode: 0o600,
      },
    );
  }
  try {
    const { email, password } = JSON.parse(readFileSync(credentialsFile, 'utf8')) as {
      email: string;
      password: string;
    };
    log(`Development admin: ${email} / ${password} (sign in at /admin)`);
  } catch {
    // Admins exist that were not made here (ADMIN_EMAIL or admin:create): nothing to print.
  }
}
