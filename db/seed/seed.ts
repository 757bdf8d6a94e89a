/**
 * Sample data. Every step is idempotent: running the seed again adds nothing twice.
 */
import { sql } from 'drizzle-orm';
import { SERVICE_CATEGORIES } from '../../src/lib/catalog/categories.ts';
import type { Database } from '../client.ts';
import { recomputeRatings } from '../ratings.ts';
import {
  flashAds,
  providerChecks,
  reviews,
  serviceCategories,
  serviceProviders,
} from '../schema.ts';
import { checkRecordsFor } from './check-records.ts';
import { SAMPLE_FLASH_ADS } from './flash-ads.ts';
import { generateProvider } from './generate-providers.ts';
import type { ProviderSeed } from './provider-seed.ts';
import { SAMPLE_PROVIDERS } from './sample-providers.ts';
import { seedWorkPhotos } from './work-photos.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Generated providers added to the six samples in the default seed. */
export const GENERATED_PROVIDER_COUNT = 40;

export async function seedCategories(db: Database): Promise<void> {
  for (const category of SERVICE_CATEGORIES) {
    const values = {
      id: category.id,
      name: category.name,
      slug: category.slug,
      icon: category.icon,
      description: category.description,
    };
    await db
      .insert(serviceCategories)
      .values(values)
      .onConflictDoUpdate({ target: serviceCategories.id, set: values });
  }
}

/**
 * Inserts providers in batches, each with its check records and its reviews (the rating
 * and count follow from them); a provider whose e-mail exists already is skipped, and so
 * are its records.
 */
export async function insertProviders(
  db: Database,
  providers: readonly ProviderSeed[],
  batchSize = 1000,
): Promise<number> {
  let inserted = 0;
  const now = Date.now();
  for (let start = 0; start < providers.length; start += batchSize) {
    const batch = providers.slice(start, start + batchSize);
    const rows = await db
      .insert(serviceProviders)
      .values(batch.map(({ checks: _plan, ...provider }) => provider))
      .onConflictDoNothing()
      .returning({ id: serviceProviders.id, email: serviceProviders.email });
    const seeds = new Map(batch.map((provider) => [provider.email, provider]));
    const records = rows.flatMap(({ id, email }) => {
      const provider = seeds.get(email);
      if (!provider) return [];
      return checkRecordsFor(
        provider.checks,
        provider.services,
        provider.legalForm ?? 'company',
        id,
      ).map((record) => ({ ...record, providerId: id }));
    });
    if (records.length > 0) await db.insert(providerChecks).values(records);
    // The reviews behind each rating: the rating and count are computed from them.
    const reviewRows = rows.flatMap(({ id, email }) =>
      (seeds.get(email)?.reviews ?? []).map(({ daysAgo, providerReply, ...review }) => {
        const createdAt = new Date(now - daysAgo * DAY_MS);
        return {
          ...review,
          providerId: id,
          createdAt,
          ...(providerReply && {
            providerReply,
            repliedAt: new Date(createdAt.getTime() + DAY_MS),
          }),
        };
      }),
    );
    for (let i = 0; i < reviewRows.length; i += 2000) {
      await db.insert(reviews).values(reviewRows.slice(i, i + 2000));
    }
    await recomputeRatings(
      db,
      rows.map((row) => row.id),
    );
    inserted += rows.length;
  }
  return inserted;
}

export async function seedProviders(db: Database): Promise<number> {
  const generated = Array.from({ length: GENERATED_PROVIDER_COUNT }, (_, i) => generateProvider(i));
  return insertProviders(db, [...SAMPLE_PROVIDERS, ...generated]);
}

/**
 * Adds `count` more synthetic providers after the ones already there (for benchmarks).
 * Generated in slices so that 100,000 fit in memory comfortably.
 */
export async function addSyntheticProviders(db: Database, count: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(serviceProviders)
    .where(sql`${serviceProviders.email} LIKE 'provider-%@example.com'`);
  const first = row?.count ?? 0;
  let inserted = 0;
  const slice = 5000;
  for (let start = 0; start < count; start += slice) {
    const size = Math.min(slice, count - start);
    const providers = Array.from({ length: size }, (_, i) => generateProvider(first + start + i));
    inserted += await insertProviders(db, providers, 1000);
  }
  return inserted;
}

export async function seedFlashAds(db: Database): Promise<void> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(flashAds);
  if ((row?.count ?? 0) > 0) return;
  await db.insert(flashAds).values(SAMPLE_FLASH_ADS.map((ad) => ({ ...ad })));
}

export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(serviceProviders);
  return (row?.count ?? 0) === 0;
}

/** The whole sample data set: categories, 46 providers, two flash ads. */
export async function seedDatabase(db: Database): Promise<void> {
  await seedCategories(db);
  await seedProviders(db);
  await seedWorkPhotos(db);
  await seedFlashAds(db);
}
