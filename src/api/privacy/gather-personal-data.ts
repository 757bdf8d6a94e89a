/**
 * Every row held about an address, found through PERSONAL_DATA_MAP alone: the rows that
 * name the address, then the rows that belong to those (a request's events, photos,
 * review), the mail to the address or about its requests, and its rate-limit counters.
 * Rows come as the database holds them (to_jsonb), less the map's withheld columns.
 */
import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Queryable } from '../../../db/client.ts';
import { requestReference } from '../../lib/request-reference.ts';
import {
  mappedTables,
  PERSONAL_DATA_MAP,
  type Relation,
  type TableEntry,
  type TableName,
} from './personal-data-map.ts';

export type HeldRow = Record<string, unknown>;

export interface HeldData {
  /** The rows of each table that are the person's (tables without any are left out). */
  records: Partial<Record<TableName, HeldRow[]>>;
  /** Every address the rows give for the person (the mailbox's spellings), lower-cased. */
  addresses: string[];
  /** The references of the person's requests (VP-26-000123), as mails name them. */
  references: string[];
}

const entryOf = (table: TableName): TableEntry => PERSONAL_DATA_MAP[table];

const anyOf = (conditions: SQL[]) =>
  conditions.length === 0 ? sql`false` : sql.join(conditions, sql` OR `);

/** The SHA-256 of an address's mailbox, as privacy_objections keeps it. */
export const mailboxHashSql = (email: string) =>
  sql`encode(sha256(convert_to(mailbox_of(${email}), 'UTF8')), 'hex')`;

async function rowsWhere(db: Queryable, table: TableName, where: SQL): Promise<HeldRow[]> {
  const rows = await selectRows<{ row: HeldRow }>(
    db,
    sql`SELECT to_jsonb(t) AS row FROM ${sql.identifier(table)} AS t WHERE ${where}`,
  );
  return rows.map(({ row }) => (typeof row === 'string' ? (JSON.parse(row) as HeldRow) : row));
}

export async function gatherPersonalData(db: Queryable, email: string): Promise<HeldData> {
  const found = new Map<TableName, Map<string, HeldRow>>();
  const add = (table: TableName, rows: HeldRow[]) => {
    let rowsOfTable = found.get(table);
    if (!rowsOfTable) found.set(table, (rowsOfTable = new Map<string, HeldRow>()));
    let added = 0;
    for (const row of rows) {
      const key = JSON.stringify(row);
      if (!rowsOfTable.has(key)) {
        rowsOfTable.set(key, row);
        added++;
      }
    }
    return added;
  };
  const idsOf = (table: string) =>
    [...(found.get(table as TableName)?.values() ?? [])]
      .map((row) => row.id)
      .filter((id): id is number => typeof id === 'number');
  const relationsOf = <B extends Relation['by']>(by: B) =>
    mappedTables.flatMap((table) =>
      entryOf(table)
        .relations.filter((r): r is Extract<Relation, { by: B }> => r.by === by)
        .map((relation) => ({ table, relation })),
    );

  // 1. Rows that name the address.
  for (const { table, relation } of relationsOf('email')) {
    const where = anyOf(
      relation.columns.map((c) => sql`mailbox_of(t.${sql.identifier(c)}) = mailbox_of(${email})`),
    );
    add(table, await rowsWhere(db, table, where));
  }
  // 2. Rows that belong to those, until nothing more is found (a document's views...).
  for (let changed = true; changed;) {
    changed = false;
    for (const { table, relation } of relationsOf('via')) {
      const ids = idsOf(relation.parent);
      if (ids.length === 0) continue;
      const where = sql`t.${sql.identifier(relation.column)} IN ${ids}`;
      if (add(table, await rowsWhere(db, table, where)) > 0) changed = true;
    }
  }
  const addresses = new Set([email.toLowerCase()]);
  for (const { table, relation } of relationsOf('email')) {
    for (const row of found.get(table)?.values() ?? []) {
      for (const column of relation.columns) {
        if (typeof row[column] === 'string') addresses.add(row[column].toLowerCase());
      }
    }
  }
  const references = [...(found.get('customer_enquiries')?.values() ?? [])].map((row) =>
    requestReference(row.id as number, row.created_at as string),
  );
  // 3. Mail to any of the addresses or about any of the requests; counters of the addresses.
  const words = [...addresses, ...references.map((r) => r.toLowerCase())];
  for (const { table } of relationsOf('mail')) {
    const where = anyOf(words.map((w) => sql`position(${w} in lower(t.payload::text)) > 0`));
    add(table, await rowsWhere(db, table, where));
  }
  for (const { table } of relationsOf('counter')) {
    const where = anyOf([...addresses].map((a) => sql`right(t.key, ${a.length + 1}) = ${`:${a}`}`));
    add(table, await rowsWhere(db, table, where));
  }
  for (const { table, relation } of relationsOf('mailbox-hash')) {
    const where = sql`t.${sql.identifier(relation.column)} = ${mailboxHashSql(email)}`;
    add(table, await rowsWhere(db, table, where));
  }

  const records: HeldData['records'] = {};
  for (const [table, rows] of found) {
    if (rows.size === 0) continue;
    const withheld: readonly string[] = entryOf(table).withheld ?? [];
    records[table] = [...rows.values()].map((row) =>
      Object.fromEntries(Object.entries(row).filter(([column]) => !withheld.includes(column))),
    );
  }
  return { records, addresses: [...addresses], references };
}
