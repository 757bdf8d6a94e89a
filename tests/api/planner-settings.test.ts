/**
 * Every connection starts with the project's planner settings (db/client.ts), on either
 * driver: a random page read costs 1.1, not PostgreSQL's default of 4, because the data a
 * search reads is held in memory; with 4, a broad search read the whole table.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { PLANNER_SETTINGS, selectRows } from '../../db/client.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

const database = useTestDatabase();

it('reads pages out of order at the cost of memory-held data (random_page_cost 1.1)', async () => {
  const rows = await selectRows(database.db, sql`SHOW random_page_cost`);
  expect(rows).toEqual([{ random_page_cost: PLANNER_SETTINGS.random_page_cost }]);
});
