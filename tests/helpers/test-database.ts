/**
 * A fresh, migrated database for one test file: in-memory PGlite, or (when the project
 * says so) a new database on the PostgreSQL server of TEST_DATABASE_URL, dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { seedCategories } from '../../db/seed/seed.ts';

export interface TestDatabase extends DatabaseHandle {
  /** Empties every table (categories are put back) and restarts identities. */
  reset(): Promise<void>;
}

async function withServer<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const driver = process.env.TEST_DATABASE_DRIVER === 'pg' ? 'pg' : 'pglite';
  let handle: DatabaseHandle;
  let drop = async () => {};

  if (driver === 'pg') {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl)
      throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test project');
    const name = `vp_test_${randomBytes(6).toString('hex')}`;
    await withServer(serverUrl, (c) => c.query(`CREATE DATABASE ${name}`));
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    handle = await openDatabase({ databaseUrl: url.toString(), driver: 'pg', maxConnections: 5 });
    drop = () =>
      withServer(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(
        () => {},
      );
  } else {
    handle = await openDatabase({ dataDir: 'memory://' });
  }

  await migrateDatabase(handle);
  await seedCategories(handle.db);

  return {
    ...handle,
    async reset() {
      await handle.db.execute(sql`
        TRUNCATE outbox, provider_sign_ins, customer_enquiries, reviews, provider_applications, flash_ads, rate_limits, upload_tickets, password_tokens,
                 service_providers, admin_users RESTART IDENTITY CASCADE`);
    },
    async close() {
      await handle.close();
      await drop();
    },
  };
}
