/**
 * Paid placement (docs/decisions/0039-paid-placement.md): Premium, which providers pay
 * for, puts a provider first only among equally relevant, equally verified providers.
 * Read through GET /api/providers in every order, by the whole list and page by page, on
 * both of the listing's paths: the groups read from the ranking index (filters by service
 * and verification only) and the matches sorted as they are (location, rating, search).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Provider } from '../../src/api/providers/public-columns.ts';
import { countedRating } from '../../src/lib/rated-order.ts';
import { listProviders } from '../helpers/api-fixtures.ts';
import { insertProvider, type ProviderOverrides } from '../helpers/builders.ts';
import { useTestApi } from '../helpers/test-api.ts';

const api = useTestApi();
beforeEach(() => api.database.reset());

const db = () => api.database.db;

/** A small, seeded pseudo-random sequence (mulberry32): the same providers every run. */
function randomFrom(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const RATINGS = ['5.0', '4.8', '4.5', '4.0', '3.0'];

/**
 * 32 providers in Durban offering CCTV: every mix of premium and verified, few ratings
 * and review counts (so that ties happen), and the best ratings given to the premium
 * unverified ones, which the old order put above every verified provider.
 */
async function mixedProviders() {
  const random = randomFrom(38);
  for (let i = 0; i < 32; i++) {
    const premium = random() < 0.5;
    const verified = random() < 0.5;
    const rating = premium && !verified ? '5.0' : RATINGS[Math.floor(random() * RATINGS.length)]!;
    await insertProvider(db(), {
      name: `Provider ${String(i).padStart(2, '0')}`,
      location: 'Durban',
      province: 'kwazulu-natal',
      coverageAreas: ['Durban'],
      latitude: (-29.8587 - random() / 10).toFixed(8),
      longitude: (31.0218 + random() / 10).toFixed(8),
      services: ['cctv'],
      rating,
      reviewCount: 1 + Math.floor(random() * 3),
      isPremium: premium,
      isVerified: verified,
    });
  }
}

/** The whole list, read page by page (5 to a page) as the listing reads it. */
async function readAll(query: Record<string, string | number>): Promise<Provider[]> {
  const all: Provider[] = [];
  for (let offset = 0; ; offset += 5) {
    const { providers, total } = await listProviders(api, { ...query, limit: 5, offset });
    all.push(...providers);
    if (offset + 5 >= total) return all;
  }
}

/** -1, 0 or 1 as `a` comes before, with or after `b` by `keys` (each higher first). */
function compareKeys(a: readonly number[], b: readonly number[]): number {
  for (const [i, value] of a.entries()) {
    const other = b[i] ?? 0;
    if (value !== other) return value > other ? -1 : 1;
  }
  return 0;
}

/**
 * The list is in the order of what the sort puts before premium (`keys`, each higher
 * first), and premium decides only between providers equal in all of them: premium
 * first there. So premium lifted no provider past one better in anything that comes
 * before it.
 */
function expectPremiumOnlyAmongEquals(
  list: readonly Provider[],
  keys: (provider: Provider) => number[],
) {
  for (const [i, later] of list.slice(1).entries()) {
    const earlier = list[i]!;
    const order = compareKeys(keys(earlier), keys(later));
    expect(order, `${earlier.name} before ${later.name}`).toBeLessThanOrEqual(0);
    if (order === 0 && later.isPremium) {
      expect(earlier.isPremium, `${later.name} (premium) after ${earlier.name}`).toBe(true);
    }
  }
}

/** A provider of this name and rating, premium, verified or described as `more` says. */
const rated = (name: string, rating: string, more: ProviderOverrides = {}) =>
  insertProvider(db(), { name, rating, ...more });

/** Verified today first (the recommended order's key before premium, without a search). */
const verifiedKey = (p: Provider) => [Number(p.isVerified)];

describe('Premium puts a provider first only among equally relevant, equally verified providers', () => {
  it.each([
    ['the groups of the ranking index', {}],
    ['the same groups, by service', { serviceType: 'cctv' }],
    ['the matches sorted as they are (location)', { location: 'durban' }],
    ['the matches sorted as they are (rating)', { rating: 3 }],
    ['the matches sorted as they are (search)', { search: 'provider' }],
  ])('Recommended, read from %s', async (_, query) => {
    await mixedProviders();
    const list = await readAll(query);
    expect(list).toHaveLength(32);
    expect(list.some((p) => p.isPremium && !p.isVerified)).toBe(true);
    // Verified first; Premium only within each.
    expectPremiumOnlyAmongEquals(list, verifiedKey);
    // The same with sort=recommended said outright, and with the visitor's position.
    const said = await readAll({ ...query, sort: 'recommended' });
    expect(said.map((p) => p.id)).toEqual(list.map((p) => p.id));
    const near = await readAll({ ...query, sort: 'recommended', userLat: -29.86, userLng: 31.02 });
    expect(near.map((p) => p.id)).toEqual(list.map((p) => p.id));
  });

  it('Highest rated: premium only among providers of the same rating, review count and verification', async () => {
    await mixedProviders();
    for (const query of [{}, { location: 'durban' }]) {
      const list = await readAll({ ...query, sort: 'rated' });
      expect(list).toHaveLength(32);
      expectPremiumOnlyAmongEquals(list, (p) => [
        countedRating(Number(p.rating), p.reviewCount),
        Number(p.rating),
        p.reviewCount,
        Number(p.isVerified),
      ]);
    }
  });

  it('Nearest: premium plays no part, distance alone orders', async () => {
    await mixedProviders();
    const list = await readAll({ sort: 'nearest', userLat: -29.86, userLng: 31.02 });
    expect(list).toHaveLength(32);
    const distances = list.map((p) => p.distanceKm!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    // A premium provider stands after a nearer provider without premium.
    const firstPremium = list.findIndex((p) => p.isPremium);
    const lastPlain = list.findLastIndex((p) => !p.isPremium);
    expect(firstPremium).toBeLessThan(lastPlain);
  });

  it('Quickest to respond, without figures for anyone: the recommended order', async () => {
    await mixedProviders();
    const quickest = await readAll({ sort: 'quickest' });
    expectPremiumOnlyAmongEquals(quickest, verifiedKey);
    expect(quickest.map((p) => p.id)).toEqual((await readAll({})).map((p) => p.id));
  });

  it('a search puts the more relevant first, premium or not; premium only among the equally relevant and verified', async () => {
    // Name (most relevant), then the other words; within each, verified, then premium.
    const namedPlain = await rated('Kraal Gates', '3.0');
    const namedPremium = await rated('Kraal Cameras', '3.0', { isPremium: true });
    const namedVerified = await rated('Kraal Fencing', '3.0', { isVerified: true });
    const wordsVerifiedPremium = await rated('Alpha Security', '5.0', {
      description: 'Gates for every kraal.',
      isPremium: true,
      isVerified: true,
    });
    const wordsVerified = await rated('Bravo Security', '5.0', {
      description: 'Kraal gates.',
      isVerified: true,
    });
    const { providers } = await listProviders(api, { search: 'kraal' });
    expect(providers.map((p) => p.id)).toEqual([
      namedVerified.id,
      namedPremium.id,
      namedPlain.id,
      wordsVerifiedPremium.id,
      wordsVerified.id,
    ]);
  });

  it('premium ranks above a better rating among equally verified providers, never above a verified one', async () => {
    const premiumUnverified = await rated('Premium Unverified', '5.0', { isPremium: true });
    const plainVerified = await rated('Plain Verified', '3.0', { isVerified: true });
    const premiumVerified = await rated('Premium Verified', '2.0', {
      isPremium: true,
      isVerified: true,
    });
    const plainUnverified = await rated('Plain Unverified', '5.0');
    const expected = [
      premiumVerified.id,
      plainVerified.id,
      premiumUnverified.id,
      plainUnverified.id,
    ];
    for (const query of [{}, { location: 'johannesburg' }]) {
      const { providers } = await listProviders(api, query);
      expect(providers.map((p) => p.id)).toEqual(expected);
    }
  });
});
