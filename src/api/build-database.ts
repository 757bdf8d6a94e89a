/**
 * The database that pages read while they render: at build time (pre-rendering), opened
 * once per build and closed by the astro:build:done hook in astro.config.mjs; under the
 * dev server, the one it opened and prepared for the whole process (hosts/dev/), held by
 * pages-database.ts.
 */
import { openDatabase, type Database } from '../../db/client.ts';
import { parseEnv } from './env.ts';
import { pagesDatabase, providePagesDatabase } from './pages-database.ts';

export async function buildDatabase(): Promise<Database> {
  let handle = pagesDatabase();
  if (!handle) {
    const env = parseEnv(process.env, { purpose: 'database' });
    handle = openDatabase({
      databaseUrl: env.DATABASE_URL,
      driver: env.DATABASE_DRIVER,
      dataDir: env.DATA_DIR,
      maxConnections: 2,
    });
    providePagesDatabase(handle);
  }
  return (await handle).db;
}

export async function closeBuildDatabase(): Promise<void> {
  const handle = pagesDatabase();
  providePagesDatabase(undefined);
  if (handle) await (await handle).close();
}
