/**
 * The scan the privacy tests hold the centre to: every row of every table in which any
 * text-like column (text, varchar, json, jsonb, arrays of text; read from
 * information_schema, so tables added later are scanned too) contains one of the needles,
 * case-insensitively. Each hit is the row as to_jsonb gives it.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from './api-fixtures.ts';

export interface ScanHit {
  table: string;
  row: Record<string, unknown>;
}

export async function scanForPerson(db: Database, needles: readonly string[]): Promise<ScanHit[]> {
  const columns = await queryRows<{ table: string; column: string }>(
    db,
    sql`SELECT c.table_name AS "table", c.column_name AS "column"
          FROM information_schema.columns c
          JOIN information_schema.tables t
            ON t.table_schema = c.table_schema AND t.table_name = c.table_name
         WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
           AND (c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb')
                OR (c.data_type = 'ARRAY' AND c.udt_name IN ('_text', '_varchar')))
         ORDER BY 1, 2`,
  );
  const byTable = new Map<string, string[]>();
  for (const { table, column } of columns)
    byTable.set(table, [...(byTable.get(table) ?? []), column]);
  const hits: ScanHit[] = [];
  for (const [table, names] of byTable) {
    const conditions = names.flatMap((column) =>
      needles.map(
        (needle) =>
          sql`position(${needle.toLowerCase()} in lower(t.${sql.identifier(column)}::text)) > 0`,
      ),
    );
    const rows = await queryRows<{ row: Record<string, unknown> }>(
      db,
      sql`SELECT to_jsonb(t) AS row FROM ${sql.identifier(table)} AS t WHERE ${sql.join(conditions, sql` OR `)}`,
    );
    hits.push(...rows.map(({ row }) => ({ table, row })));
  }
  return hits;
}
