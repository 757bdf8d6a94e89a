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
  /** Two providers as inserted, and the write of each: the second must not wait for the first. */
  const TWO_WRITES: { name: string; providers: [Change, Change]; writes: [Change, Change] }[] = [
    {
      name: 'a profile update does not wait for another provider’s open profile update',
      providers: [
        { isApproved: true, services: ['cctv'] },
        { isApproved: true, services: ['cctv'] },
      ],
      writes: [
        { startingPrice: 2500, description: 'Gate motors and zyxwords now' },
        { startingPrice: 900, description: 'Fibre runs and qwvords too' },
      ],
    },
    {
      name: 'an approval does not wait for another provider’s open approval of another key',
      providers: [
        { isApproved: false, services: ['cctv'] },
        { isApproved: false, services: ['wifi'] },
      ],
      writes: [{ isApproved: true }, { isApproved: true }],
    },
  ];
  for (const { name, providers, writes } of TWO_WRITES) {
    postgresOnly(name, async () => {
      const a = await insertProvider(database.db, providers[0]);
      const b = await insertProvider(database.db, providers[1]);
      await expect(
        whileOpen(update(a.id, writes[0]), update(b.id, writes[1])),
      ).resolves.toBeUndefined();
    });
  }

  postgresOnly('a new provider does not wait for another provider’s open update', async () => {
    const a = await insertProvider(database.db, { isApproved: true, services: ['alarms'] });
    await expect(
      whileOpen(update(a.id, { isPremium: true, startingPrice: 4000 }), (tx) =>
        insertProvider(tx, { isApproved: true, services: ['network'] }),
      ),
    ).resolves.toBeUndefined();
  });
});
