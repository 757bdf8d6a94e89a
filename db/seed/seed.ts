/**
 * Sample data. Every step is idempotent: running the seed again adds nothing twice.
 */
import { inArray, sql } from 'drizzle-orm';
import { saToday } from '../../src/lib/calendar-days.ts';
import { SERVICE_CATEGORIES } from '../../src/lib/catalog/categories.ts';
import type { Database } from '../client.ts';
import { recomputeRatings } from '../ratings.ts';
import {
  customerEnquiries,
  enquiryEvents,
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
import { requestFor } from './sample-requests.ts';
import type { ReviewSeed } from './sample-reviews.ts';

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
 * Inserts providers in batches, listed on their days (`listedDaysAgo`), each with its
 * check records and its reviews (the rating and count follow from them), every review
 * with the completed request it was written for; a provider whose e-mail exists already
 * is skipped, and so are its records.
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
      .values(
        batch.map(({ checks: _plan, reviews: _reviews, listedDaysAgo, ...provider }) => {
          const listedAt = new Date(now - listedDaysAgo * DAY_MS);
          return { ...provider, createdAt: listedAt, updatedAt: listedAt };
        }),
      )
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
        saToday(new Date(now)),
        saToday(new Date(now - provider.listedDaysAgo * DAY_MS)),
      ).map((record) => ({ ...record, providerId: id }));
    });
    if (records.length > 0) await db.insert(providerChecks).values(records);
    const reviewed = rows.flatMap(({ id, email }) => {
      const provider = seeds.get(email);
      return (provider?.reviews ?? []).map((review, index) => ({
        providerId: id,
        review,
        request: requestFor(review, index, provider?.location ?? '', now),
      }));
    });
    for (let i = 0; i < reviewed.length; i += 1000) {
      await insertReviewedRequests(db, reviewed.slice(i, i + 1000), now);
    }
    await recomputeRatings(
      db,
      rows.map((row) => row.id),
    );
    inserted += rows.length;
  }
  return inserted;
}

/**
 * The completed requests of some reviews, their history and then the reviews: each
 * request is sent to its provider (the timeline's triggers record it and the assignment),
 * seen, answered (the first response is counted in the provider's business hours) and
 * completed, on the days requestFor gives; then its review is written.
 */
async function insertReviewedRequests(
  db: Database,
  reviewed: readonly {
    providerId: number;
    review: ReviewSeed;
    request: ReturnType<typeof requestFor>;
  }[],
  now: number,
): Promise<void> {
  const sent = await db
    .insert(customerEnquiries)
    .values(
      reviewed.map(({ providerId, request: { completedAt, ...request } }) => ({
        ...request,
        assignedProviderId: providerId,
        updatedAt: completedAt,
      })),
    )
    .returning({ id: customerEnquiries.id });
  if (sent.length !== reviewed.length) throw new Error('A sample request was not stored');
  const ids = sent.map(({ id }) => id);
  await db.insert(enquiryEvents).values(
    reviewed.flatMap(({ request }, i) => {
      const enquiryId = ids[i] as number;
      return [
        { enquiryId, kind: 'seen' as const, at: request.seenAt },
        {
          enquiryId,
          kind: 'responded' as const,
          detail: request.providerResponse,
          at: request.respondedAt,
        },
        { enquiryId, kind: 'completed' as const, at: request.completedAt },
      ];
    }),
  );
  // The status trigger closed them as they were stored: they closed when completed.
  await db
    .update(customerEnquiries)
    .set({
      closedAt: sql`(SELECT ${enquiryEvents.at} FROM ${enquiryEvents}
        WHERE ${enquiryEvents.enquiryId} = ${customerEnquiries.id}
          AND ${enquiryEvents.kind} = 'completed')`,
      updatedAt: sql`${customerEnquiries.updatedAt}`,
    })
    .where(inArray(customerEnquiries.id, ids));
  await db.insert(reviews).values(
    reviewed.map(({ providerId, review: { daysAgo, providerReply, ...review } }, i) => {
      const createdAt = new Date(now - daysAgo * DAY_MS);
      return {
        ...review,
        providerId,
        enquiryId: ids[i] as number,
        createdAt,
        ...(providerReply && {
          providerReply,
          repliedAt: new Date(createdAt.getTime() + DAY_MS),
        }),
      };
    }),
  );
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

/**
 * The whole sample data set: categories, 46 providers with the completed requests behind
 * their reviews, two flash ads. No photos of work: the sample has no real ones, and
 * drawings would pass for them.
 */
export async function seedDatabase(db: Database): Promise<void> {
  await seedCategories(db);
  await seedProviders(db);
  await seedFlashAds(db);
}
