/**
 * The database that pages read while they render: at build time (pre-rendering), opened
 * once per build and closed by the astro:build:done hook in astro.config.mjs; under the
 * dev server, the one it opened and prepared for the whole process (hosts/dev/). Kept on
 * globalThis because the config, the dev host and the pages are loaded as separate module
 * instances.
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

/**
 * The dev server's database for the pages (undefined once it is closed): set before the
 * server answers anything, so no page opens a second handle on the same folder.
 */
export function providePagesDatabase(handle: Promise<DatabaseHandle> | undefined): void {
  holder[KEY] = handle;
}

export async function closeBuildDatabase(): Promise<void> {
  const handle = holder[KEY];
  holder[KEY] = undefined;
  if (handle) await (await handle).close();
}
