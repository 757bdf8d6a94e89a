/**
 * A provider's write touches its own rows only (docs/decisions/0032): while one
 * provider's write is open in a transaction, another provider's write goes through at
 * once. Before, every write of any provider upserted provider_counts' '*' rows and locked
 * the search postings' shared 'v:' row, so all provider writes queued behind each other.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect } from 'vitest';
import type { Database } from '../../db/client.ts';
import { serviceProviders } from '../../db/schema.ts';
import { insertProvider } from '../helpers/builders.ts';
import { postgresOnly, useTestDatabase } from '../helpers/test-database.ts';

const database = useTestDatabase();
beforeEach(() => database.reset());

type Change = Partial<typeof serviceProviders.$inferInsert>;

/**
 * Runs `second` while the transaction of `first` is open and holds its locks: `second`
 * fails with lock_not_available (55P03) if it has to wait more than a second for them.
 */
async function whileOpen(
  first: (tx: Database) => Promise<unknown>,
  second: (tx: Database) => Promise<unknown>,
) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let opened = () => {};
  const open = new Promise<void>((resolve) => (opened = resolve));
  const holder = database.db.transaction(async (tx) => {
    await first(tx);
    opened();
    await held;
  });
  await open;
  try {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL lock_timeout = '1s'`);
      await second(tx);
    });
  } finally {
    release();
    await holder;
  }
}

const update = (id: number, change: Change) => (tx: Database) =>
  tx.update(serviceProviders).set(change).where(eq(serviceProviders.id, id));

describe('provider writes', () => {
  postgresOnly(
    'a profile update does not wait for another provider’s open profile update',
    async () => {
      const a = await insertProvider(database.db, { isApproved: true, services: ['cctv'] });
      const b = await insertProvider(database.db, { isApproved: true, services: ['cctv'] });
      await expect(
        whileOpen(
          update(a.id, { startingPrice: 2500, description: 'Gate motors and zyxwords now' }),
          update(b.id, { startingPrice: 900, description: 'Fibre runs and qwvords too' }),
        ),
      ).resolves.toBeUndefined();
    },
  );

  postgresOnly(
    'an approval does not wait for another provider’s open approval of another key',
    async () => {
      const a = await insertProvider(database.db, { isApproved: false, services: ['cctv'] });
      const b = await insertProvider(database.db, { isApproved: false, services: ['wifi'] });
      await expect(
        whileOpen(update(a.id, { isApproved: true }), update(b.id, { isApproved: true })),
      ).resolves.toBeUndefined();
    },
  );

  postgresOnly('a new provider does not wait for another provider’s open update', async () => {
    const a = await insertProvider(database.db, { isApproved: true, services: ['alarms'] });
    await expect(
      whileOpen(update(a.id, { isPremium: true, startingPrice: 4000 }), (tx) =>
        insertProvider(tx, { isApproved: true, services: ['network'] }),
      ),
    ).resolves.toBeUndefined();
  });
});
