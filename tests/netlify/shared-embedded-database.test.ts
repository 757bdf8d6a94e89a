/**
 * The embedded database lent over its socket (db/shared-embedded-database.ts), as the
 * Netlify function's workers borrow it under `netlify dev`: node-postgres connections,
 * several at once, each with whole transactions and its own prepared statements, beside
 * the lending process's own queries.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { lentDatabaseUrl, openDatabase, selectRows, type DatabaseHandle } from '../../db/client.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'vp-lent-'));
let handle: DatabaseHandle;
let url: string;

beforeAll(async () => {
  handle = await openDatabase({ dataDir });
  expect(lentDatabaseUrl(dataDir)).toBeUndefined();
  await handle.lend?.();
  url = lentDatabaseUrl(dataDir)!;
  await handle.db.execute(sql`CREATE TABLE lent (id int PRIMARY KEY, note text)`);
});

afterAll(async () => {
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it('runs transactions of several connections whole, each with its own statement names', async () => {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  try {
    await Promise.all(
      [1, 2, 3, 4, 5, 6].map(async (n) => {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          // The same name on every connection, as drizzle's named statements have it.
          const insert = { name: 'insert_lent', text: 'INSERT INTO lent VALUES ($1, $2)' };
          await client.query({ ...insert, values: [n, 'first'] });
          await client.query({ ...insert, values: [n * 100, 'second'] });
          await client.query(n === 3 ? 'ROLLBACK' : 'COMMIT');
        } finally {
          client.release();
        }
      }),
    );
    const [{ count }] = (await pool.query('SELECT count(*)::int AS count FROM lent')).rows as [
      { count: number },
    ];
    expect(count).toBe(10);
    // The lending process reads what the connections committed.
    expect(await selectRows(handle.db, sql`SELECT count(*)::int AS count FROM lent`)).toEqual([
      { count: 10 },
    ]);
    await expect(pool.query('SELECT * FROM no_such_table')).rejects.toThrow('does not exist');
    expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  } finally {
    await pool.end();
  }
});

it('rolls back what a connection left open when it goes, and frees the session', async () => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('BEGIN');
  await client.query({
    name: 'insert_lent',
    text: 'INSERT INTO lent VALUES ($1, $2)',
    values: [7, 'left open'],
  });
  await client.end();

  // A new connection reuses the statement name and the session is idle again.
  const next = new pg.Client({ connectionString: url });
  await next.connect();
  try {
    await next.query({
      name: 'insert_lent',
      text: 'INSERT INTO lent VALUES ($1, $2)',
      values: [8, 'after'],
    });
    const rows = (await next.query('SELECT id FROM lent WHERE id IN (7, 8) ORDER BY id')).rows;
    expect(rows).toEqual([{ id: 8 }]);
  } finally {
    await next.end();
  }
  expect(await selectRows(handle.db, sql`SELECT count(*)::int AS count FROM lent`)).toEqual([
    { count: 11 },
  ]);
});
