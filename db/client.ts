/**
 * Opens the database. The driver is chosen here and nowhere else:
 * - no DATABASE_URL: embedded PGlite in DATA_DIR (a fresh clone runs with no server);
 * - a Neon host: @neondatabase/serverless (Pool over WebSocket);
 * - any other postgres:// URL: node-postgres.
 * DATABASE_DRIVER overrides the choice (used to test the Neon driver locally).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { acquireDirectoryLock } from './directory-lock.ts';
import * as schema from './schema.ts';
import {
  shareEmbeddedDatabase,
  sharedDatabaseUrl,
  type SharedDatabase,
} from './shared-embedded-database.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DriverName = 'pglite' | 'pg' | 'neon';

/** The rows of a raw query; every driver (PGlite, node-postgres, Neon) answers `{ rows }`. */
export async function selectRows<T>(db: Queryable, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

export interface DatabaseHandle {
  db: Database;
  driver: DriverName;
  /**
   * The embedded database in a folder only: lends it to other processes over a socket in
   * its folder until close() (db/shared-embedded-database.ts; `netlify dev`).
   */
  lend?(): Promise<void>;
  close(): Promise<void>;
}

/** PGlite's own folder inside DATA_DIR (beside the uploads and the mail outbox). */
const pgliteFolder = (dataDir: string) => path.resolve(dataDir, 'pglite');

/**
 * The node-postgres URL of the embedded database in `dataDir` while another process lends
 * it (DatabaseHandle.lend), else undefined.
 */
export const lentDatabaseUrl = (dataDir: string) => sharedDatabaseUrl(pgliteFolder(dataDir));

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  driver?: DriverName | undefined;
  /** PGlite's folder; 'memory://' keeps it in memory (tests). */
  dataDir?: string | undefined;
  /**
   * PGlite only: start from this data folder, a tarball of PGlite's dumpDataDir(), instead
   * of an empty one (the tests copy one migrated template this way).
   */
  loadDataDir?: Blob | undefined;
  /** Pool size for server drivers. */
  maxConnections?: number | undefined;
}

/**
 * How long a query waits for a connection before it fails (503 in the API) instead of
 * hanging. Neon's compute may be waking from suspend, which takes a few seconds.
 */
const CONNECT_TIMEOUT_MS = { pg: 5_000, neon: 10_000 } as const;

interface ClientEvents {
  on(event: 'error', listener: (error: Error) => void): unknown;
}
interface PoolEvents {
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'connect', listener: (client: ClientEvents) => void): unknown;
}

/**
 * node-postgres and the Neon driver (a fork of it) emit 'error' on a pooled client whose
 * connection dies (the server stopped or ended it), and on the pool for an idle one;
 * unheard, that error ends the process. The pool drops the broken client itself and
 * connects afresh on the next query, so listening is all it takes. A checked-out client
 * (a transaction between two statements) gets a listener too: its next query fails, the
 * API answers 503, and the pool discards it on release. One line reports a loss, then
 * 10 s of quiet, as a restart drops every connection at once.
 */
function surviveLostConnections(pool: PoolEvents) {
  let quietUntil = 0;
  let unreported = 0;
  pool.on('error', (error) => {
    const now = Date.now();
    if (now < quietUntil) {
      unreported++;
      return;
    }
    const more = unreported ? ` (${unreported} more since the last report)` : '';
    console.warn(
      `Database connection lost: ${error.message}${more}. The pool connects again on the next query.`,
    );
    quietUntil = now + 10_000;
    unreported = 0;
  });
  pool.on('connect', (client) => {
    client.on('error', () => {
      // Reported by the pool (idle client) or by the failing query (checked-out client).
    });
  });
}

export function chooseDriver(options: DatabaseOptions): DriverName {
  if (options.driver) return options.driver;
  if (!options.databaseUrl) return 'pglite';
  const host = new URL(options.databaseUrl).hostname;
  return host.endsWith('.neon.tech') || host.endsWith('.neon.build') ? 'neon' : 'pg';
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const driver = chooseDriver(options);
  if (driver === 'pglite') return openPglite(options.dataDir ?? '.data', options.loadDataDir);
  if (!options.databaseUrl) throw new Error(`DATABASE_URL is required for the ${driver} driver`);
  return driver === 'neon'
    ? openNeon(options.databaseUrl, options.maxConnections)
    : openNodePostgres(options.databaseUrl, options.maxConnections);
}

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<DatabaseHandle> {
  const [{ PGlite }, { pg_trgm }, { cube }, { earthdistance }, { drizzle }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/cube'),
    import('@electric-sql/pglite/contrib/earthdistance'),
    import('drizzle-orm/pglite'),
  ]);
  const inMemory = dataDir.startsWith('memory://');
  let release = () => {};
  let location = dataDir;
  if (!inMemory) {
    location = pgliteFolder(dataDir);
    mkdirSync(location, { recursive: true });
    // PGlite takes no lock of its own: two processes on one folder corrupt it silently.
    release = acquireDirectoryLock(location);
  }
  try {
    const client = await PGlite.create(location, {
      extensions: { pg_trgm, cube, earthdistance },
      ...(loadDataDir && { loadDataDir }),
    });
    // One connection for the process: its session keeps the settings.
    for (const [name, value] of Object.entries(PLANNER_SETTINGS))
      await client.exec(`SET ${name} = ${value}`);
    const db = drizzle({ client, schema }) as unknown as Database;
    let lent: SharedDatabase | undefined;
    return {
      db,
      driver: 'pglite',
      ...(!inMemory && {
        async lend() {
          lent ??= await shareEmbeddedDatabase(client, location);
        },
      }),
      async close() {
        await lent?.close();
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

async function openNodePostgres(url: string, max = 10): Promise<DatabaseHandle> {
  const [{ default: pg }, { drizzle }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
  const pool = new pg.Pool(poolConfig('pg', url, max));
  return pooledHandle('pg', pool, drizzle({ client: pool, schema }));
}

async function openNeon(url: string, max = 10): Promise<DatabaseHandle> {
  const [{ Pool, neonConfig }, { drizzle }, { default: ws }] = await Promise.all([
    import('@neondatabase/serverless'),
    import('drizzle-orm/neon-serverless'),
    import('ws'),
  ]);
  neonConfig.webSocketConstructor = ws;
  const pool = new Pool(poolConfig('neon', url, max));
  return pooledHandle('neon', pool, drizzle({ client: pool, schema }));
}

type ServerDriver = Exclude<DriverName, 'pglite'>;

/** Both server drivers' pools are opened alike: the size, the wait for a connection, the planner. */
const poolConfig = (driver: ServerDriver, url: string, max: number) => ({
  connectionString: url,
  max,
  connectionTimeoutMillis: CONNECT_TIMEOUT_MS[driver],
  options: startupOptions(),
});

/** A server pool as a handle: it outlives lost connections and ends with close(). */
function pooledHandle(
  driver: ServerDriver,
  pool: PoolEvents & { end(): Promise<void> },
  db: Database,
): DatabaseHandle {
  surviveLostConnections(pool);
  return { db, driver, close: () => pool.end() };
}

/**
 * The planner's cost of a page read out of order, for every connection: PostgreSQL's
 * default (4) assumes disks that seek, and on a vacuumed table it then reads a whole
 * search's table sequentially rather than the rows its indexes name (a typo search at
 * 20,000 providers: 35 ms of database CPU against 11 ms). The catalogue's tables live in
 * memory or on SSD-backed storage, for which PostgreSQL's documentation suggests 1.1
 * (docs/decisions/0032).
 */
export const PLANNER_SETTINGS = { random_page_cost: '1.1' } as const;

const startupOptions = () =>
  Object.entries(PLANNER_SETTINGS)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');

/** A transaction handed to `db.transaction(async (tx) => ...)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Service functions that may run inside a caller's transaction take either. */
export type Queryable = Database | Transaction;
