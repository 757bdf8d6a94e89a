import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { selectRows, type DatabaseHandle } from './client.ts';
import { loadPlaces } from './places/load-places.ts';
import {
  applySqlSources,
  COLUMN_FUNCTIONS,
  readSqlSources,
  type SqlSource,
} from './sql-sources.ts';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Brings the database up to the committed source, in this order (docs/architecture.md):
 * 1. db/sql/columns.sql, the functions the tables' columns and checks are written with;
 * 2. the migrations the database has not seen yet (tables and data);
 * 3. every other db/sql/ file whose text changed since it was last applied (functions,
 *    triggers, views), in one transaction;
 * 4. the places of db/places/places.tsv (skipped when the database has that file already,
 *    decision 0027).
 * Running it again changes nothing. `sources` replaces db/sql/'s files (tests).
 */
export async function migrateDatabase(
  handle: DatabaseHandle,
  { sources = readSqlSources() }: { sources?: SqlSource[] } = {},
): Promise<void> {
  await refuseDatabaseBeforeBaseline(handle);
  await applySqlSources(
    handle.db,
    sources.filter((source) => source.name === COLUMN_FUNCTIONS),
  );
  await applyMigrations(handle);
  await applySqlSources(
    handle.db,
    sources.filter((source) => source.name !== COLUMN_FUNCTIONS),
  );
  await loadPlaces(handle.db);
}

/**
 * The baseline migration (0000) holds the tables as migration 0028 left them, under
 * 0028's date, so a database that applied 0028 skips it. A database that stopped before
 * 0028 would have the baseline run over its tables: it must first be migrated by a
 * release from before the baseline (git history before db/migrations/0000_baseline.sql).
 */
async function refuseDatabaseBeforeBaseline({ db }: DatabaseHandle): Promise<void> {
  const journal = JSON.parse(
    readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'),
  ) as { entries: { when: number }[] };
  const baseline = journal.entries[0]?.when ?? 0;
  const [journalTable] = await selectRows<{ exists: boolean }>(
    db,
    sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS exists`,
  );
  if (!journalTable?.exists) return;
  const [row] = await selectRows<{ last: string | null }>(
    db,
    sql`SELECT max(created_at)::text AS last FROM drizzle.__drizzle_migrations`,
  );
  if (row?.last != null && Number(row.last) < baseline) {
    throw new Error(
      'This database was migrated by a release older than the baseline migration ' +
        '(db/migrations/0000_baseline.sql). Migrate it first with a release from before ' +
        'the baseline, then with this one.',
    );
  }
}

async function applyMigrations(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  switch (handle.driver) {
    case 'pglite': {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(handle.db as never, config);
      return;
    }
    case 'pg': {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      await migrate(handle.db as never, config);
      return;
    }
    case 'neon': {
      const { migrate } = await import('drizzle-orm/neon-serverless/migrator');
      await migrate(handle.db as never, config);
      return;
    }
  }
}
