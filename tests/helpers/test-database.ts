/**
 * A fresh, migrated database for one test file, copied from the migrated template
 * (database-template.ts): an in-memory PGlite loaded from the template's data folder, or
 * (when the project says so) a new database on the PostgreSQL server of TEST_DATABASE_URL
 * made from the template database, dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { inject, it, type TestFunction } from 'vitest';
import { openDatabase, type Database, type DatabaseHandle } from '../../db/client.ts';
import { MIGRATIONS_FOLDER } from '../../db/migrate.ts';
import { seedCategories } from '../../db/seed/seed.ts';
import { queryRows } from './api-fixtures.ts';
import { useBlockResource } from './block-resource.ts';
import {
  databaseTemplate,
  databaseUrl,
  testDriver,
  testServerUrl,
  withServer,
} from './database-template.ts';

export interface TestDatabase extends DatabaseHandle {
  /** Empties every table but the categories (the catalog) and restarts identities. */
  reset(): Promise<void>;
}

/** Every table a test may write, each before the tables it refers to. */
const TEST_TABLES = [
  'consents',
  'privacy_links',
  'privacy_objections',
  // Quotes and agreed jobs (docs/decisions/0051), children first.
  'quote_lines',
  'job_variations',
  'jobs',
  'quotes',
  'quote_preparation_fees',
  'document_views',
  'access_log',
  'privacy_cases',
  'evidence_documents',
  'enquiry_events',
  'request_status_links',
  'enquiry_assignments',
  'enquiry_photos',
  'request_message_files',
  'request_messages',
  'provider_work_photos',
  'outbox',
  'provider_sign_ins',
  'reviews',
  'customer_enquiries',
  'password_tokens',
  'upload_tickets',
  'application_confirmation_links',
  'provider_applications',
  'flash_ads',
  'rate_limits',
  'contact_messages',
  'provider_checks',
  'service_providers',
  // Kept by triggers on service_providers; TRUNCATE empties it, DELETE leaves zero counts.
  'provider_counts',
  // Kept by triggers on service_providers (db/sql/search.sql).
  'search_words',
  'admin_users',
];
/** Filled by seedCategories from the catalog and by loadPlaces, never by a test. */
const CATALOG_TABLES = ['service_categories', 'places', 'place_names'];

/**
 * One statement that empties the test tables and restarts their identities, as
 * `TRUNCATE ... RESTART IDENTITY` would: DELETE is several times faster on tables of a
 * few rows (TRUNCATE makes new files for every table and index), and a DO block is one
 * round trip. Fails when a migration added a table the list does not name.
 */
async function resetStatement(db: Database) {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`,
  );
  const unlisted = tables
    .map((table) => table.name)
    .filter((name) => !TEST_TABLES.includes(name) && !CATALOG_TABLES.includes(name));
  if (unlisted.length > 0) {
    throw new Error(`Add ${unlisted.join(', ')} to TEST_TABLES in tests/helpers/test-database.ts`);
  }
  const sequences = await queryRows<{ name: string }>(
    db,
    sql`
    SELECT pg_get_serial_sequence(format('%I', table_name), column_name) AS name
      FROM information_schema.columns
     WHERE table_schema = 'public'
       AND table_name IN ${TEST_TABLES}
       AND pg_get_serial_sequence(format('%I', table_name), column_name) IS NOT NULL`,
  );
  const deletes = TEST_TABLES.map((table) => `DELETE FROM ${table};`);
  const restarts = sequences.map(({ name }) => `ALTER SEQUENCE ${name} RESTART;`);
  return sql.raw(`DO $$ BEGIN ${[...deletes, ...restarts].join(' ')} END $$`);
}

/**
 * The template's tarball as PGlite reads it (arrayBuffer() only), from bytes read once per
 * worker: Node's own Blob copies the 40 MB through a stream, 0.6 s a database where reading
 * the file takes 0.15 s. PGlite only reads them.
 */
class TemplateBlob extends Blob {
  readonly #bytes: ArrayBuffer;
  constructor(bytes: ArrayBuffer) {
    super([]);
    this.#bytes = bytes;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes);
  }
}

const templateFiles = new Map<string, Promise<ArrayBuffer>>();
function templateBytes(tarball: string): Promise<ArrayBuffer> {
  let bytes = templateFiles.get(tarball);
  if (!bytes) {
    bytes = readFile(tarball).then((file) => new Uint8Array(file).buffer);
    templateFiles.set(tarball, bytes);
  }
  return bytes;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const driver = testDriver();
  const template = inject('databaseTemplate') ?? (await databaseTemplate(driver));
  let handle: DatabaseHandle;
  let drop = () => Promise.resolve();

  if (template.driver === 'pg') {
    const serverUrl = testServerUrl();
    const name = `vp_test_${randomBytes(6).toString('hex')}`;
    await withServer(serverUrl, (c) =>
      c.query(`CREATE DATABASE ${name} TEMPLATE ${template.name}`),
    );
    handle = await openDatabase({
      databaseUrl: databaseUrl(serverUrl, name),
      driver: 'pg',
      maxConnections: 5,
    });
    drop = async () => {
      await withServer(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    };
  } else {
    handle = await openDatabase({
      dataDir: 'memory://',
      loadDataDir: new TemplateBlob(await templateBytes(template.tarball)),
    });
  }

  // Not in the template: the catalog (src/lib/catalog) changes without a migration.
  await seedCategories(handle.db);
  const emptyTables = await resetStatement(handle.db);

  return {
    ...handle,
    async reset() {
      await handle.db.execute(emptyTables);
    },
    async close() {
      await handle.close();
      await drop();
    },
  };
}

/**
 * The test database of a file that needs no API: created in its beforeAll, closed in its
 * afterAll. The answer stands for the database once created, so the file declares it
 * once, `const database = useTestDatabase()`, as it would the API with useTestApi().
 */
export function useTestDatabase(): TestDatabase {
  const current = useBlockResource(createTestDatabase, 'The test database is created');
  return {
    get db() {
      return current().db;
    },
    get driver() {
      return current().driver;
    },
    reset: () => current().reset(),
    close: () => current().close(),
  };
}

/** The statements of a migration of db/migrations, each without its leading comments. */
export function migrationStatements(file: string): string[] {
  return readFileSync(path.join(MIGRATIONS_FOLDER, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) => statement.replace(/^\s*(--[^\n]*\n\s*)*/, ''));
}

/**
 * A test of what only concurrent connections can break (a race between two requests,
 * SKIP LOCKED, a unique violation between two transactions). PGlite is one connection
 * that runs one statement at a time, so there the test would pass without testing
 * anything: it is skipped on PGlite, with the reason in its name, and runs in the
 * api-postgres project.
 */
export function postgresOnly(name: string, test: TestFunction, timeout?: number): void {
  it.skipIf(testDriver() === 'pglite')(
    `${name} (PostgreSQL only: PGlite runs one statement at a time)`,
    test,
    timeout,
  );
}
