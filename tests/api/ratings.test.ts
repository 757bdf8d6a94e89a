import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rateLimits, reviews, serviceProviders } from '../../db/schema.ts';
import { SAMPLE_PROVIDERS } from '../../db/seed/sample-providers.ts';
import { seedDatabase } from '../../db/seed/seed.ts';
import { adminSession, createTestAdmin } from '../helpers/admin-fixtures.ts';
import { okJson, sendAs, sendJson } from '../helpers/api-fixtures.ts';
import { insertEnquiry } from '../helpers/builders.ts';
import { enquiryToken } from '../helpers/enquiry-fixtures.ts';
import { useTestApi } from '../helpers/test-api.ts';

// Ratings that add up: every provider's rating and review count are the
// average (one decimal) and number of its visible reviews, after the real seed and after
// each review action (written with the e-mailed link, hidden, shown, released). The
// expected numbers are computed here from the review rows, not by the app's SQL.
const api = useTestApi();
let adminToken: string;
beforeAll(async () => {
  await api.database.reset();
  await seedDatabase(api.database.db);
  const admin = await createTestAdmin(api, { firstName: 'Lerato', lastName: 'Khumalo' });
  adminToken = await adminSession(api, admin.id);
});

interface Numbers {
  rating: string;
  reviewCount: number;
}

/** Half away from zero, as Postgres rounds a numeric: 4.25 -> 4.3. */
const oneDecimal = (value: number) => (Math.round(value * 10 + 1e-9) / 10).toFixed(1);

/** What each provider's numbers must be: from its visible review rows. */
async function expectedNumbers(): Promise<Map<number, Numbers>> {
  const { db } = api.database;
  const providers = await db.select({ id: serviceProviders.id }).from(serviceProviders);
  const rows = await db.select().from(reviews);
  const expected = new Map<number, Numbers>();
  for (const { id } of providers) {
    const visible = rows.filter((r) => r.providerId === id && !r.hiddenAt && !r.heldAt);
    const sum = visible.reduce((total, r) => total + r.rating, 0);
    expected.set(id, {
      rating: visible.length ? oneDecimal(sum / visible.length) : '0.0',
      reviewCount: visible.length,
    });
  }
  return expected;
}

/** What the database stores and the public API answers for each provider. */
async function storedNumbers(): Promise<Map<number, Numbers>> {
  const rows = await api.database.db
    .select({
      id: serviceProviders.id,
      rating: serviceProviders.rating,
      reviewCount: serviceProviders.reviewCount,
    })
    .from(serviceProviders)
    .orderBy(asc(serviceProviders.id));
  return new Map(rows.map(({ id, ...numbers }) => [id, numbers]));
}

async function publicNumbers(providerId: number): Promise<Numbers> {
  const body = await okJson<Numbers>(api.get(`/api/providers/${providerId}`));
  return { rating: body.rating, reviewCount: body.reviewCount };
}

async function expectNumbersToAddUp(...shownPublicly: number[]) {
  const expected = await expectedNumbers();
  expect(await storedNumbers()).toEqual(expected);
  for (const id of shownPublicly) expect(await publicNumbers(id)).toEqual(expected.get(id));
}

async function providerIdByName(name: string): Promise<number> {
  const [row] = await api.database.db
    .select({ id: serviceProviders.id })
    .from(serviceProviders)
    .where(eq(serviceProviders.name, name));
  if (!row) throw new Error(`No provider ${name}`);
  return row.id;
}

/** A completed enquiry of the provider and the review written with its e-mailed link. */
async function reviewThroughLink(providerId: number, rating: number): Promise<number> {
  const enquiry = await insertEnquiry(api.database.db, {
    assignedProviderId: providerId,
    status: 'completed',
    serviceType: 'cctv',
  });
  await api.database.db.delete(rateLimits);
  const token = await enquiryToken(api, enquiry.id, { purpose: 'review' });
  const body = await okJson<{ id: number }>(
    sendJson(api, 'POST', '/api/reviews', {
      token,
      rating,
      comment: 'Neat work and a fair quote.',
    }),
    201,
  );
  return body.id;
}

describe('ratings that add up', () => {
  it('after the seed: every rating and count are the visible review rows', async () => {
    await expectNumbersToAddUp();
    const stored = await storedNumbers();
    const counts = [...stored.values()].map((n) => n.reviewCount);
    // Real rows behind the numbers: most providers have reviews, some are new, some
    // reviews carry the provider's reply.
    expect(counts.filter((n) => n > 0).length).toBeGreaterThan(counts.length / 2);
    expect(counts).toContain(0);
    const rows = await api.database.db.select().from(reviews);
    expect(rows.some((r) => r.providerReply !== null && r.repliedAt !== null)).toBe(true);
    for (const row of rows) {
      expect(row.customerName).not.toBe('');
      expect(row.comment).not.toBe('');
      expect(row.createdAt.getTime()).toBeLessThan(Date.now());
    }
    // The sample providers keep the numbers they were written with, now from their rows.
    const highveld = await providerIdByName(SAMPLE_PROVIDERS[0]!.name);
    expect(stored.get(highveld)).toEqual({ rating: '4.8', reviewCount: 12 });
    expect(await publicNumbers(highveld)).toEqual({ rating: '4.8', reviewCount: 12 });
  });

  it('after a review written with the link, hidden, shown again and released', async () => {
    const highveld = await providerIdByName(SAMPLE_PROVIDERS[0]!.name);
    const written = await reviewThroughLink(highveld, 1);
    await expectNumbersToAddUp(highveld);
    // 12 reviews of 58 stars and one of 1: 59 / 13 = 4.54.
    expect(await publicNumbers(highveld)).toEqual({ rating: '4.5', reviewCount: 13 });

    const hidden = await sendAs(api, adminToken, 'PUT', `/api/admin/reviews/${written}/hide`, {
      reason: 'Not about this provider',
    });
    expect(hidden.status).toBe(200);
    await expectNumbersToAddUp(highveld);
    expect(await publicNumbers(highveld)).toEqual({ rating: '4.8', reviewCount: 12 });

    const shown = await sendAs(api, adminToken, 'PUT', `/api/admin/reviews/${written}/show`);
    expect(shown.status).toBe(200);
    await expectNumbersToAddUp(highveld);

    // A new provider (no reviews) with a review held for moderation: still new until an
    // admin releases it.
    const stored = await storedNumbers();
    const newcomer = [...stored].find(([, n]) => n.reviewCount === 0)?.[0];
    if (newcomer === undefined) throw new Error('The seed has no provider without reviews');
    const [held] = await api.database.db
      .insert(reviews)
      .values({
        providerId: newcomer,
        customerName: 'Sipho D.',
        rating: 4,
        comment: 'Good work.',
        serviceType: 'cctv',
        heldAt: new Date(),
        heldReason: 'Written from the provider’s own network',
      })
      .returning({ id: reviews.id });
    await expectNumbersToAddUp();
    expect((await storedNumbers()).get(newcomer)).toEqual({ rating: '0.0', reviewCount: 0 });
    const released = await sendAs(api, adminToken, 'PUT', `/api/admin/reviews/${held!.id}/release`);
    expect(released.status).toBe(200);
    await expectNumbersToAddUp();
    expect((await storedNumbers()).get(newcomer)).toEqual({ rating: '4.0', reviewCount: 1 });
  });
});
