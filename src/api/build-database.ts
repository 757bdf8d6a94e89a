/**
 * The database that pre-rendering reads (Astro pages at build time), opened once per
 * build and closed by the astro:build:done hook in astro.config.mjs. Kept on globalThis
 * because the config and the pages are loaded as separate module instances.
 */
import { openDatabase, type Database, type DatabaseHandle } from '../../db/client.ts';
import { parseEnv } from './env.ts';

const KEY = Symbol.for('verified-providers.build-database');
type Holder = Record<typeof KEY, Promise<DatabaseHandle> | undefined>;
const holder = globalThis as unknown as Holder;

export async function buildDatabase(): Promise<Database> {
  holder[KEY] ??= (async () => {
    const env = parseEnv(process.env, { purpose: 'database' });
    return openDatabase({
      databaseUrl: env.DATABASE_URL,
      driver: env.DATABASE_DRIVER,
      dataDir: env.DATA_DIR,
      maxConnections: 2,
    });
  })();
  return (await holder[KEY]).db;
}

export async function closeBuildDatabase(): Promise<void> {
  const handle = holder[KEY];
  holder[KEY] = undefined;
  if (handle) await (await handle).close();
}
