/**
 * Migration 0004 reads the business hours that were stored as texts into the structured
 * days the column now holds, as the business clock read them, and as storedWeek() in
 * src/lib/business-hours.ts reads a text written today.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { storedWeek } from '../../src/lib/business-hours.ts';
import { queryRows } from '../helpers/api-fixtures.ts';
import { insertProvider } from '../helpers/builders.ts';
import { migrationStatements, useTestDatabase } from '../helpers/test-database.ts';

const database = useTestDatabase();

const STATEMENTS = migrationStatements('0004_business_hours_structured.sql');

/** Weeks as providers and admins wrote them before the hours were stored structured. */
const TEXT_WEEKS: Record<string, string>[] = [
  {
    monday: '8:00 AM - 5:00 PM',
    friday: '8:30 AM - 4:30 PM',
    saturday: '9:00 AM - 1:00 PM',
    sunday: 'Closed',
  },
  { monday: '06h00 - 17h30', tuesday: '17:30 to 21:00', wednesday: '5 PM - 11:59 PM' },
  { monday: 'Open 24 hours', sunday: 'Open 24 hrs, call first' },
  { monday: '8 AM - 12 AM', tuesday: '5 PM - 8 AM', saturday: 'By appointment' },
  { monday: 'By appointment', friday: 'Ask us' },
  {},
];

describe('migration 0004: business hours stored structured', () => {
  it('reads every stored text as storedWeek() does, and leaves the check in force', async () => {
    const db = database.db;
    await db.execute(
      sql`ALTER TABLE service_providers DROP CONSTRAINT service_providers_business_hours_check`,
    );
    const ids: number[] = [];
    for (const week of TEXT_WEEKS) {
      const { id } = await insertProvider(db);
      await db.execute(
        sql`UPDATE service_providers SET business_hours = ${JSON.stringify(week)}::jsonb WHERE id = ${id}`,
      );
      ids.push(id);
    }
    await db.transaction(async (tx) => {
      for (const statement of STATEMENTS) await tx.execute(sql.raw(statement));
    });

    const rows = await queryRows<{ id: number; hours: unknown }>(
      db,
      sql`SELECT id, business_hours AS hours FROM service_providers ORDER BY id`,
    );
    expect(rows.map((row) => row.hours)).toEqual(TEXT_WEEKS.map((week) => storedWeek(week)));
    expect(ids).toEqual(rows.map((row) => row.id));
    await expect(
      db.execute(
        sql`UPDATE service_providers SET business_hours = '{"monday": "8 AM - 5 PM"}'::jsonb`,
      ),
    ).rejects.toThrow();
  });
});
