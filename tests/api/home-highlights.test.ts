/**
 * GET /api/home/highlights: the home page's top rated, recently
 * verified and recent reviews follow the rows, and claim nothing the rows do not show.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { recomputeRatings } from '../../db/ratings.ts';
import { reviews } from '../../db/schema.ts';
import type { HomeHighlights } from '../../src/api/home/get-home-highlights.ts';
import { addDays, saToday } from '../../src/lib/calendar-days.ts';
import { TOP_RATED_MIN_REVIEWS } from '../../src/lib/home-highlights.ts';
import { okJson } from '../helpers/api-fixtures.ts';
import {
  insertEnquiry,
  insertProvider,
  type ProviderOverrides,
  recordTestCheck,
  SECURITY_COMPANY_CHECKS,
} from '../helpers/builders.ts';
import { expectError } from '../helpers/error-answer.ts';
import { useTestApi } from '../helpers/test-api.ts';

const api = useTestApi();
beforeEach(() => api.database.reset());

const highlights = (query = '') => okJson<HomeHighlights>(api.get(`/api/home/highlights${query}`));

type ReviewFields = Partial<typeof reviews.$inferInsert>;

/** A provider whose rating and count come from `ratings`, as visible review rows. */
async function providerWithReviews(
  ratings: readonly number[],
  overrides: ProviderOverrides = {},
  reviewFields: ReviewFields = {},
) {
  const { db } = api.database;
  const provider = await insertProvider(db, { rating: '0.0', reviewCount: 0, ...overrides });
  for (const rating of ratings) {
    await addReview(provider.id, { rating, ...reviewFields });
  }
  await recomputeRatings(db, [provider.id]);
  return provider;
}

async function addReview(providerId: number, fields: ReviewFields = {}) {
  const [row] = await api.database.db
    .insert(reviews)
    .values({
      providerId,
      customerName: 'Thandiwe Nkosi',
      rating: 5,
      comment: 'Neat work, on time.',
      serviceType: 'cctv',
      ...fields,
    })
    .returning();
  await recomputeRatings(api.database.db, [providerId]);
  return row!;
}

const names = (list: readonly { name: string }[]) => list.map((p) => p.name);

describe('GET /api/home/highlights', () => {
  it('answers empty lists when there is nothing to show, cached by the CDN like the other public answers', async () => {
    const response = await api.get('/api/home/highlights');
    expect(response.status).toBe(200);
    expect(response.headers.get('cdn-cache-control')).toMatch(/s-maxage=\d+/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(response.headers.get('netlify-vary')).toBe('query=lat|lng');
    expect(await response.json()).toEqual({
      topRated: { nearYou: false, radiusKm: 50, minReviews: TOP_RATED_MIN_REVIEWS, providers: [] },
      recentlyVerified: [],
      recentReviews: [],
    });
  });
});

describe('top rated', () => {
  it(`lists verified providers with at least ${TOP_RATED_MIN_REVIEWS} visible reviews, best rated first`, async () => {
    await providerWithReviews([5, 5, 4], { name: 'Good', isVerified: true });
    await providerWithReviews([5, 5, 5, 5], { name: 'Best', isVerified: true });
    await providerWithReviews([5, 5], { name: 'Too few reviews', isVerified: true });
    await providerWithReviews([5, 5, 5, 5], { name: 'Not verified' });
    await providerWithReviews([5, 5, 5], {
      name: 'Not approved',
      isVerified: true,
      isApproved: false,
    });
    const { topRated } = await highlights();
    expect(topRated.nearYou).toBe(false);
    expect(names(topRated.providers)).toEqual(['Best', 'Good']);
    expect(topRated.providers[1]).toMatchObject({
      rating: '4.7',
      reviewCount: 3,
      distanceKm: null,
    });
  });

  it('counts visible reviews only: hidden and held ones do not reach the threshold', async () => {
    const provider = await providerWithReviews([5, 5], { name: 'Borderline', isVerified: true });
    await addReview(provider.id, { hiddenAt: new Date(), hiddenReason: 'Spam' });
    await addReview(provider.id, { heldAt: new Date(), heldReason: 'Own network' });
    expect((await highlights()).topRated.providers).toEqual([]);
    await addReview(provider.id, { rating: 4 });
    expect(names((await highlights()).topRated.providers)).toEqual(['Borderline']);
  });

  it('near the position sent: only providers within 50 km, with their distance', async () => {
    // Johannesburg (-26.2041, 28.0473) and Cape Town.
    await providerWithReviews([5, 5, 5], { name: 'Joburg', isVerified: true });
    await providerWithReviews([5, 5, 5, 5], {
      name: 'Cape Town',
      isVerified: true,
      location: 'Cape Town',
      province: 'western-cape',
      latitude: '-33.92490000',
      longitude: '18.42410000',
    });
    await providerWithReviews([5, 5, 5, 5], {
      name: 'No position',
      isVerified: true,
      latitude: null,
      longitude: null,
    });
    const near = (await highlights('?lat=-26.1&lng=28.0')).topRated;
    expect(near.nearYou).toBe(true);
    expect(names(near.providers)).toEqual(['Joburg']);
    expect(near.providers[0]?.distanceKm).toBeGreaterThan(5);
    expect(near.providers[0]?.distanceKm).toBeLessThan(20);
    expect(names((await highlights()).topRated.providers)).toEqual([
      'Cape Town',
      'No position',
      'Joburg',
    ]);
  });

  it('uses the position rounded to 0.1 degrees, whatever precision is sent', async () => {
    await providerWithReviews([5, 5, 5], { name: 'Joburg', isVerified: true });
    const precise = await highlights('?lat=-26.14999&lng=28.04999');
    const rounded = await highlights('?lat=-26.1&lng=28.0');
    expect(precise.topRated.providers).toEqual(rounded.topRated.providers);
  });

  it.each([
    ['?lat=-26.2', 'lat and lng must be given together'],
    ['?lng=28', 'lat and lng must be given together'],
    ['?lat=north&lng=28', 'lat must be a number from -90 to 90'],
    ['?lat=-91&lng=28', 'lat must be a number from -90 to 90'],
    ['?lat=-26&lng=181', 'lng must be a number from -180 to 180'],
  ])('refuses %s: %s', async (query, message) => {
    const body = await expectError(await api.get(`/api/home/highlights${query}`), 400);
    expect(Object.values(body.errors ?? {})).toContain(message);
  });
});

describe('recently verified', () => {
  it('lists providers verified today only, the latest required pass first, with its day', async () => {
    const { db } = api.database;
    const older = await insertProvider(db, { name: 'Verified last month', isVerified: true });
    const newer = await insertProvider(db, { name: 'Verified this week', isVerified: true });
    await insertProvider(db, { name: 'Never verified' });
    const lapsed = await insertProvider(db, { name: 'Lapsed', isVerified: true });
    await insertProvider(db, { name: 'Not approved', isVerified: true, isApproved: false });
    // Every required check of `older` passed 30 days ago, `newer`'s last one 3 days ago.
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000);
    for (const type of ['identity', 'company_registration', 'psira', 'insurance'] as const) {
      await recordTestCheck(db, older.id, type, { checkedAt: daysAgo(40) });
      await recordTestCheck(db, newer.id, type, { checkedAt: daysAgo(40) });
    }
    for (const type of ['criminal_record', 'references'] as const) {
      await recordTestCheck(db, older.id, type, { checkedAt: daysAgo(30) });
      await recordTestCheck(db, newer.id, type, { checkedAt: daysAgo(3) });
    }
    // A check the badge does not need, passed today, moves nothing.
    await recordTestCheck(db, older.id, 'saidsa', { checkedAt: new Date() });
    // Passed a moment ago, but expired yesterday: the badge has lapsed.
    await recordTestCheck(db, lapsed.id, 'insurance', {
      checkedAt: new Date(),
      validUntil: addDays(saToday(), -1),
    });

    const { recentlyVerified } = await highlights();
    expect(names(recentlyVerified)).toEqual(['Verified this week', 'Verified last month']);
    const day = (date: Date) =>
      date.toLocaleDateString('en-CA', { timeZone: 'Africa/Johannesburg' });
    expect(recentlyVerified.map((p) => p.lastCheckPassedOn)).toEqual([
      day(daysAgo(3)),
      day(daysAgo(30)),
    ]);
  });
  it('shows the four whose newest required pass is newest, even when each has many passes', async () => {
    const { db } = api.database;
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000);
    for (let i = 0; i < 6; i++) {
      // Every check of a security company (six), all passed on the same day.
      const provider = await insertProvider(db, {
        name: `Verified ${i} days ago`,
        isVerified: true,
      });
      for (const type of SECURITY_COMPANY_CHECKS) {
        await recordTestCheck(db, provider.id, type, { checkedAt: daysAgo(i) });
      }
      // Optional passes, newer than any required one: they move nothing.
      for (const type of ['saidsa', 'electric_fence', 'icasa'] as const) {
        await recordTestCheck(db, provider.id, type, { checkedAt: new Date() });
      }
    }
    expect(names((await highlights()).recentlyVerified)).toEqual([
      'Verified 0 days ago',
      'Verified 1 days ago',
      'Verified 2 days ago',
      'Verified 3 days ago',
    ]);
  });
});

describe('recent reviews', () => {
  it('shows the newest visible reviews only, with the first name, service and provider', async () => {
    const provider = await providerWithReviews([], { name: 'Reviewed', isVerified: true });
    const other = await providerWithReviews([], { name: 'Other' });
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    await addReview(provider.id, { comment: 'Oldest', createdAt: at(50) });
    const secondNewestAt = at(20);
    await addReview(provider.id, {
      comment: 'Second newest',
      customerName: 'Pieter van der Merwe',
      rating: 4,
      serviceType: 'alarms',
      createdAt: secondNewestAt,
    });
    await addReview(provider.id, { comment: 'Third newest', createdAt: at(30) });
    await addReview(provider.id, {
      comment: 'Hidden',
      createdAt: at(1),
      hiddenAt: new Date(),
      hiddenReason: 'Abusive',
    });
    await addReview(provider.id, {
      comment: 'Held',
      createdAt: at(2),
      heldAt: new Date(),
      heldReason: 'Written from the provider’s network',
    });
    await addReview(other.id, { comment: 'Newest', createdAt: at(10) });
    // An unapproved provider has no page to link to: its reviews are left out.
    const unapproved = await providerWithReviews([], { name: 'Unapproved', isApproved: false });
    await addReview(unapproved.id, { comment: 'Of an unapproved provider', createdAt: at(5) });

    const { recentReviews } = await highlights();
    expect(recentReviews.map((review) => review.comment)).toEqual([
      'Newest',
      'Second newest',
      'Third newest',
    ]);
    const { id, ...secondNewest } = recentReviews[1]!;
    expect(id).toBeGreaterThan(0);
    expect(secondNewest).toEqual({
      firstName: 'Pieter',
      rating: 4,
      comment: 'Second newest',
      serviceType: 'alarms',
      createdAt: secondNewestAt.toISOString(),
      fromRequest: false,
      provider: { id: provider.id, name: 'Reviewed' },
    });
    expect(JSON.stringify(recentReviews)).not.toMatch(/Merwe|Nkosi/);
  });

  it('says a review is from a request only when the row records the completed request', async () => {
    const { db } = api.database;
    const provider = await providerWithReviews([], { name: 'Booked' });
    const enquiry = await insertEnquiry(db, {
      status: 'completed',
      assignedProviderId: provider.id,
    });
    await addReview(provider.id, { comment: 'Through the link', enquiryId: enquiry.id });
    await addReview(provider.id, { comment: 'Without a request' });
    const fromRequest = Object.fromEntries(
      (await highlights()).recentReviews.map((review) => [review.comment, review.fromRequest]),
    );
    expect(fromRequest).toEqual({ 'Through the link': true, 'Without a request': false });
  });
});
