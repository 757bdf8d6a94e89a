/**
 * One migrated template database per set of migrations, copied for each test file:
 * starting PGlite runs initdb (seconds) and every migration, where loading a migrated
 * data folder takes a fraction of that; on PostgreSQL, `CREATE DATABASE ... TEMPLATE`
 * copies files instead of replaying the migrations. The template is named after a hash
 * of db/migrations (and the PGlite version), so a new migration makes a new one and an
 * unchanged set is reused from one run to the next.
 *
 * Also the Vitest globalSetup of the API projects: it builds the template before the
 * test files start, so they do not race to build it.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../db/client.ts';
import { migrateDatabase, MIGRATIONS_FOLDER } from '../../db/migrate.ts';
import { PLACES_FILE } from '../../db/places/places-file.ts';
import { readSqlSources } from '../../db/sql-sources.ts';

/**
 * The places loader and the key rule of place_names (a change loads the places anew), and
 * this file (a change in how the template is made).
 */
const TEMPLATE_MAKERS = [
  new URL('../../db/places/load-places.ts', import.meta.url),
  new URL('../../db/migrate.ts', import.meta.url),
  new URL('../../db/sql-sources.ts', import.meta.url),
  new URL('../../src/lib/places.ts', import.meta.url),
  new URL(import.meta.url),
];

export type TestDriver = 'pglite' | 'pg';

/** A migrated database to copy: a tarball of PGlite's data folder, or a database on the server. */
export type DatabaseTemplate =
  { driver: 'pglite'; tarball: string } | { driver: 'pg'; name: string };

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set by the globalSetup of the API projects; other projects build it on first use. */
    databaseTemplate: DatabaseTemplate | undefined;
  }
}

export function testDriver(env: Record<string, string | undefined> = process.env): TestDriver {
  return env.TEST_DATABASE_DRIVER === 'pg' ? 'pg' : 'pglite';
}

export function testServerUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test project');
  return url;
}

/** The server URL with another database name. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withServer<T>(
  serverUrl: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Hash of every migration and the journal, the database's own code (db/sql/), the places data file (loaded by
 * migrateDatabase) and the code that makes the template, plus the PGlite version (its
 * folder format).
 */
function templateKey(): string {
  const hash = createHash('sha256');
  const files = readdirSync(MIGRATIONS_FOLDER, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.sql') || file.endsWith('_journal.json'))
    .sort();
  for (const file of files) {
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(MIGRATIONS_FOLDER, file)))
      .update('\0');
  }
  for (const source of readSqlSources()) hash.update(`${source.name}\0${source.hash}\0`);
  for (const file of [PLACES_FILE, ...TEMPLATE_MAKERS])
    hash.update(readFileSync(file)).update('\0');
  const pglite = path.resolve(MIGRATIONS_FOLDER, '../../node_modules/@electric-sql/pglite');
  hash.update(readFileSync(path.join(pglite, 'package.json')));
  return hash.digest('hex').slice(0, 16);
}

const PGLITE_TEMPLATES = path.join(tmpdir(), 'vp-test-templates');
const STALE_AFTER_MS = 60 * 60 * 1000;

/**
 * PGlite's template is a tarball of its data folder (dumpDataDir), loaded into each test
 * file's in-memory database: in memory, TRUNCATE (every reset()) is several times faster
 * than on disk.
 */
async function pgliteTemplate(key: string): Promise<DatabaseTemplate> {
  const tarball = path.join(PGLITE_TEMPLATES, `pglite-${key}.tar`);
  // Published by one rename, so a file that exists is complete.
  if (existsSync(tarball)) return { driver: 'pglite', tarball };
  mkdirSync(PGLITE_TEMPLATES, { recursive: true });
  const handle = await openDatabase({ dataDir: 'memory://' });
  const building = `${tarball}.${process.pid}`;
  try {
    await migrateDatabase(handle);
    const { $client: client } = handle.db as unknown as { $client: PGlite };
    // A clean checkpoint: each copy starts without replaying the migrations' WAL.
    await client.exec('CHECKPOINT');
    const dump = await client.dumpDataDir('none');
    writeFileSync(building, new Uint8Array(await dump.arrayBuffer()));
    // Another run may have published the same template meanwhile: either copy is good.
    renameSync(building, tarball);
  } finally {
    await handle.close();
    rmSync(building, { force: true });
  }
  // Templates of other migrations, unless a run may still load them.
  for (const entry of readdirSync(PGLITE_TEMPLATES)) {
    const other = path.join(PGLITE_TEMPLATES, entry);
    const age = Date.now() - (statSync(other, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (other !== tarball && age > STALE_AFTER_MS) rmSync(other, { recursive: true, force: true });
  }
  return { driver: 'pglite', tarball };
}

async function postgresTemplate(serverUrl: string, key: string): Promise<DatabaseTemplate> {
  const name = `vp_template_${key}`;
  return withServer(serverUrl, async (client) => {
    // One run builds it; concurrent runs wait here, then find it.
    await client.query("SELECT pg_advisory_lock(hashtext('vp_test_template'))");
    try {
      const found = await client.query<{ complete: boolean }>(
        `SELECT coalesce(shobj_description(oid, 'pg_database'), '') = 'complete' AS complete
           FROM pg_database WHERE datname = $1`,
        [name],
      );
      if (found.rows[0]?.complete) return { driver: 'pg', name };
      // An earlier build stopped half-way.
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${name}`);
      const handle = await openDatabase({
        databaseUrl: databaseUrl(serverUrl, name),
        driver: 'pg',
        maxConnections: 1,
      });
      try {
        await migrateDatabase(handle);
      } finally {
        await handle.close();
      }
      // A connection to the template would make CREATE DATABASE ... TEMPLATE fail.
      await client.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
      await client.query(`COMMENT ON DATABASE ${name} IS 'complete'`);
      const stale = await client.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE 'vp\\_template\\_%' AND datname <> $1`,
        [name],
      );
      for (const { datname } of stale.rows) {
        await client.query(`DROP DATABASE IF EXISTS ${datname}`);
      }
      return { driver: 'pg', name };
    } finally {
      await client.query("SELECT pg_advisory_unlock(hashtext('vp_test_template'))");
    }
  });
}

/** The template for this driver, built first if there is none for these migrations. */
export function databaseTemplate(driver: TestDriver): Promise<DatabaseTemplate> {
  const key = templateKey();
  return driver === 'pg' ? postgresTemplate(testServerUrl(), key) : pgliteTemplate(key);
}

export default async function setup(project: TestProject): Promise<void> {
  const started = performance.now();
  const template = await databaseTemplate(testDriver(project.config.env));
  project.provide('databaseTemplate', template);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`${project.name}: template database ready in ${seconds} s`);
}
