/**
 * The database's own code in db/sql/ (docs/architecture.md): migrate applies a file again
 * when its text changed, and a second migrate changes nothing.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrateDatabase } from '../../db/migrate.ts';
import { readSqlSources, type SqlSource } from '../../db/sql-sources.ts';
import { queryRows } from '../helpers/api-fixtures.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

const database = useTestDatabase();

/** Every function, trigger, view, table column, constraint and index of the public schema. */
async function definitions(): Promise<string[]> {
  const rows = await queryRows<{ definition: string }>(
    database.db,
    sql`SELECT pg_get_functiondef(p.oid) AS definition FROM pg_proc p
         WHERE p.pronamespace = 'public'::regnamespace AND p.prokind = 'f'
           AND NOT EXISTS (SELECT FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
        UNION ALL
        SELECT pg_get_triggerdef(t.oid) FROM pg_trigger t WHERE NOT t.tgisinternal
        UNION ALL
        SELECT table_name || ' ' || pg_get_viewdef(table_name::regclass) FROM information_schema.views
         WHERE table_schema = 'public'
        UNION ALL
        SELECT concat_ws(' ', table_name, column_name, data_type, column_default, is_nullable)
          FROM information_schema.columns WHERE table_schema = 'public'
        UNION ALL
        SELECT conname || ' ' || pg_get_constraintdef(oid) FROM pg_constraint
         WHERE connamespace = 'public'::regnamespace
        UNION ALL
        SELECT indexdef FROM pg_indexes WHERE schemaname = 'public'
        ORDER BY 1`,
  );
  return rows.map((row) => row.definition);
}

const appliedRecord = () =>
  queryRows<{ name: string; hash: string }>(
    database.db,
    sql`SELECT name, hash FROM drizzle.sql_sources ORDER BY name`,
  );

const todayFunction = async () =>
  (
    await queryRows<{ definition: string }>(
      database.db,
      sql`SELECT pg_get_functiondef('sa_today()'::regprocedure) AS definition`,
    )
  )[0]?.definition;

/** db/sql/'s files with one text replaced, as if the file had been edited. */
function edited(name: string, edit: (text: string) => string): SqlSource[] {
  return readSqlSources().map((source) => {
    if (source.name !== name) return source;
    const text = edit(source.text);
    return { name, text, hash: createHash('sha256').update(text).digest('hex') };
  });
}

describe('db/sql/', () => {
  it('has every file recorded with the hash of its text after migrating', async () => {
    expect(await appliedRecord()).toEqual(
      readSqlSources().map(({ name, hash }) => ({ name, hash })),
    );
  });

  it('migrating twice changes nothing', async () => {
    const before = await definitions();
    const record = await appliedRecord();
    const migrations = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
    );
    await migrateDatabase(database);
    expect(await definitions()).toEqual(before);
    expect(await appliedRecord()).toEqual(record); // no file applied again
    expect(
      await queryRows<{ n: number }>(
        database.db,
        sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
      ),
    ).toEqual(migrations);
  });

  it('applies a changed function and its new definition is live, then the committed one again', async () => {
    const changed = edited('verification.sql', (text) =>
      // A function as the replacement: in a replacement string '$$' stands for one '$'.
      text.replace(
        "SELECT (now() AT TIME ZONE 'Africa/Johannesburg')::date $$",
        () => "SELECT date '2031-02-03' $$",
      ),
    );
    expect(changed).not.toEqual(readSqlSources());
    await migrateDatabase(database, { sources: changed });
    expect(await queryRows(database.db, sql`SELECT sa_today()::text AS today`)).toEqual([
      { today: '2031-02-03' },
    ]);
    expect(await todayFunction()).toContain("'2031-02-03'");

    await migrateDatabase(database);
    expect(await todayFunction()).toContain('Africa/Johannesburg');
    expect(await appliedRecord()).toEqual(
      readSqlSources().map(({ name, hash }) => ({ name, hash })),
    );
  });

  it('applies nothing when a changed file fails: the transaction leaves every definition as it was', async () => {
    const before = await definitions();
    // business-clock.sql is applied first (name order), verification.sql last.
    const sources = edited(
      'business-clock.sql',
      (text) =>
        `${text}\nCREATE OR REPLACE FUNCTION probe() RETURNS int LANGUAGE sql AS 'SELECT 1';`,
    ).map((source) =>
      source.name === 'verification.sql'
        ? { ...source, text: `${source.text}\nCREATE FUNCTION broken( RETURNS;`, hash: 'changed' }
        : source,
    );
    await expect(migrateDatabase(database, { sources })).rejects.toThrow();
    expect(await definitions()).toEqual(before);
    expect(await appliedRecord()).toEqual(
      readSqlSources().map(({ name, hash }) => ({ name, hash })),
    );
  });
});
