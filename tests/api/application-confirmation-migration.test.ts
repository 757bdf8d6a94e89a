/**
 * Migration 0010 (docs/decisions/0046): applications from before the confirmation links
 * count as confirmed and as told to the admins, and of the pending applications of one
 * mailbox the oldest stays pending while the others are closed with a note, so the unique
 * index on mailbox_of(email) can be built over an existing table.
 */
import { asc, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { providerApplications } from '../../db/schema.ts';
import { insertApplication } from '../helpers/builders.ts';
import { migrationStatements, useTestDatabase } from '../helpers/test-database.ts';

const database = useTestDatabase();

const STATEMENTS = migrationStatements('0010_application_confirmation.sql');
/** Its data statements, then the unique index they make room for. */
const DATA_STATEMENTS = STATEMENTS.filter((statement) => statement.startsWith('UPDATE'));
const PENDING_INDEX = STATEMENTS.find((statement) =>
  statement.startsWith('CREATE UNIQUE INDEX "provider_applications_pending_email_key"'),
);

describe('migration 0009: one pending application per mailbox', () => {
  it('keeps the oldest pending application of a mailbox, closes the others, and builds the index', async () => {
    expect(DATA_STATEMENTS).toHaveLength(2);
    expect(PENDING_INDEX).toContain('mailbox_of("email")');
    // The table as it was: the index on the address as typed, nothing confirmed.
    await database.db.execute(sql`DROP INDEX provider_applications_pending_email_key`);
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000);
    const add = async (email: string, daysAgo: number, status = 'pending' as const) =>
      (await insertApplication(database.db, { email, status, createdAt: at(daysAgo) })).id;
    const bob = await add('bob@example.co.za', 5);
    const bobTagged = await add('Bob+join@example.co.za', 4);
    const bobAgain = await add('bob+again@example.co.za', 3);
    const thabo = await add('t.h.a.b.o@googlemail.com', 3);
    const thaboDotless = await add('thabo@gmail.com', 2);
    const dotsElsewhere = await add('b.o.b@example.co.za', 1);
    const rejectedBefore = await insertApplication(database.db, {
      email: 'bob@example.co.za',
      status: 'rejected',
      adminNotes: 'No insurance.',
      createdAt: at(9),
    });

    await database.db.transaction(async (tx) => {
      for (const statement of DATA_STATEMENTS) await tx.execute(sql.raw(statement));
      await tx.execute(sql.raw(PENDING_INDEX!));
    });

    const rows = await database.db
      .select()
      .from(providerApplications)
      .orderBy(asc(providerApplications.id));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect([bob, thabo, dotsElsewhere].map((id) => byId.get(id)?.status)).toEqual([
      'pending',
      'pending',
      'pending',
    ]);
    for (const [closed, kept] of [
      [bobTagged, bob],
      [bobAgain, bob],
      [thaboDotless, thabo],
    ] as const) {
      expect(byId.get(closed)).toMatchObject({
        status: 'rejected',
        adminNotes: `Closed automatically: application ${kept} for the same mailbox was already pending, and only one may be.`,
      });
    }
    expect(byId.get(rejectedBefore.id)).toMatchObject({
      status: 'rejected',
      adminNotes: 'No insurance.',
    });
    for (const row of rows) {
      expect(row.emailConfirmedAt).toEqual(row.createdAt);
      expect(row.digestedAt).toEqual(row.createdAt);
    }
  });
});
