/**
 * Migration 0023 builds service_providers again with its columns in the order the listing
 * reads them (docs/decisions/0056). Run again on a database with providers, their reviews
 * and a deleted provider, it keeps every row as it was, the next id, the references of
 * other tables and, once db/sql/ is applied again, the triggers.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { providerCounts, reviews, serviceProviders } from '../../db/schema.ts';
import { applySqlSources, readSqlSources } from '../../db/sql-sources.ts';
import { insertProvider } from '../helpers/builders.ts';
import { migrationStatements, useTestDatabase } from '../helpers/test-database.ts';

const database = useTestDatabase();

const allProviders = () => database.db.select().from(serviceProviders).orderBy(serviceProviders.id);

/** The table's columns in their stored order. */
const storedOrder = async () =>
  (
    await selectRows<{ name: string }>(
      database.db,
      sql`SELECT attname AS name FROM pg_attribute
           WHERE attrelid = 'service_providers'::regclass AND attnum > 0 AND NOT attisdropped
           ORDER BY attnum`,
    )
  ).map((row) => row.name);

const approvedCount = async () =>
  (
    await selectRows<{ count: number }>(
      database.db,
      sql`SELECT coalesce(sum(${providerCounts.approvedCount}), 0)::int AS count FROM ${providerCounts}`,
    )
  )[0]?.count;

describe('migration 0023: the providers’ columns in reading order', () => {
  it('stores the listing’s columns first, the profile’s after', async () => {
    const order = await storedOrder();
    const at = (column: string) => order.indexOf(column);
    for (const read of ['is_approved', 'verified_until', 'rating', 'name', 'search_text']) {
      expect(at(read), read).toBeGreaterThanOrEqual(0);
      expect(at(read), read).toBeLessThan(at('description'));
      expect(at(read), read).toBeLessThan(at('business_hours'));
    }
  });

  it('keeps every row, the next id, the references and the triggers', async () => {
    const kept = await insertProvider(database.db, { name: 'Kept Security' });
    const gone = await insertProvider(database.db, { name: 'Gone Security' });
    await database.db.delete(serviceProviders).where(eq(serviceProviders.id, gone.id));
    await database.db.insert(reviews).values({
      providerId: kept.id,
      customerName: 'Thandi',
      rating: 5,
      comment: 'Neat work on our cameras.',
      serviceType: 'cctv',
    });
    const before = await allProviders();
    const countedBefore = await approvedCount();

    await database.db.transaction(async (tx) => {
      for (const statement of migrationStatements('0023_provider_columns_in_reading_order.sql'))
        await tx.execute(sql.raw(statement));
    });
    expect(await applySqlSources(database.db, readSqlSources())).toContain('search.sql');

    expect(await allProviders()).toEqual(before);
    // A deleted provider's id is not given again.
    const next = await insertProvider(database.db, { name: 'Next Security' });
    expect(next.id).toBeGreaterThan(gone.id);
    // The triggers count the new provider, and a reference of another table holds.
    expect(await approvedCount()).toBe((countedBefore ?? 0) + 1);
    await database.db.delete(serviceProviders).where(eq(serviceProviders.id, kept.id));
    expect(await database.db.select().from(reviews).where(eq(reviews.providerId, kept.id))).toEqual(
      [],
    );
  });
});
