/**
 * PERSONAL_DATA_MAP names every table and how its rows relate to a person: a table added
 * to db/schema.ts (or by a migration) fails here until its entry says so, as a new table
 * fails TEST_TABLES and a new route the authorization table.
 */
import { sql } from 'drizzle-orm';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { expect, it } from 'vitest';
import * as schema from '../../db/schema.ts';
import { mappedTables, PERSONAL_DATA_MAP } from '../../src/api/privacy/personal-data-map.ts';
import { queryRows } from '../helpers/api-fixtures.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

const database = useTestDatabase();

const schemaTables = Object.values(schema)
  .filter((value) => is(value, PgTable))
  .map((table) => getTableName(table));

it('has an entry for every table of db/schema.ts', () => {
  const unmapped = schemaTables.filter((name) => !(name in PERSONAL_DATA_MAP));
  expect(unmapped, 'add these to src/api/privacy/personal-data-map.ts').toEqual([]);
});

it('has an entry for every table of the migrated database, and for no other', async () => {
  const tables = (
    await queryRows<{ name: string }>(
      database.db,
      sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`,
    )
  ).map((t) => t.name);
  expect(tables.filter((name) => !(name in PERSONAL_DATA_MAP))).toEqual([]);
  expect(mappedTables.filter((name) => !tables.includes(name))).toEqual([]);
});

it('names columns the tables have, and parents it maps', async () => {
  const columns = await queryRows<{ table: string; column: string }>(
    database.db,
    sql`SELECT table_name AS "table", column_name AS "column"
          FROM information_schema.columns WHERE table_schema = 'public'`,
  );
  const has = (table: string, column: string) =>
    columns.some((c) => c.table === table && c.column === column);
  const wrong: string[] = [];
  for (const table of mappedTables) {
    const entry = PERSONAL_DATA_MAP[table] as {
      relations: readonly {
        by: string;
        columns?: readonly string[];
        column?: string;
        parent?: string;
      }[];
      withheld?: readonly string[];
    };
    for (const relation of entry.relations) {
      for (const column of [
        ...(relation.columns ?? []),
        ...(relation.column ? [relation.column] : []),
      ]) {
        if (!has(table, column)) wrong.push(`${table}.${column}`);
      }
      if (
        relation.parent &&
        !(relation.parent in PERSONAL_DATA_MAP && has(relation.parent, 'id'))
      ) {
        wrong.push(`${table} → ${relation.parent}`);
      }
    }
  }
  expect(wrong).toEqual([]);
});
