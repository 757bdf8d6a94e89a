import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { serviceProviders } from '../../db/schema.ts';
import { seedDatabase } from '../../db/seed/seed.ts';
import type { Provider } from '../../src/api/providers/public-columns.ts';
import type { ProviderDetail } from '../../src/lib/api-answers.ts';
import { addDays, saToday } from '../../src/lib/calendar-days.ts';
import { insertProviders, listProviders, PROVIDER_KEYS } from '../helpers/api-fixtures.ts';
import {
  insertProvider,
  recordTestCheck,
  verifyProviders,
  type ProviderRow,
} from '../helpers/builders.ts';
import { useTestApi } from '../helpers/test-api.ts';

const api = useTestApi();
beforeEach(() => api.database.reset());

const sorted = (names: string[]) => [...names].sort();

describe('GET /api/providers', () => {
  it('lists approved providers only, with the total in X-Total-Count', async () => {
    await insertProvider(api.database.db, { name: 'Shown' });
    await insertProvider(api.database.db, { name: 'Hidden', isApproved: false });
    const response = await api.get('/api/providers');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-total-count')).toBe('1');
    const body = (await response.json()) as { name: string }[];
    expect(body.map((p) => p.name)).toEqual(['Shown']);
  });

  it('sorts nearest first with distanceKm when the visitor position is given', async () => {
    const db = api.database.db;
    await insertProvider(db, {
      name: 'Joburg',
      latitude: '-26.20410000',
      longitude: '28.04730000',
    });
    await insertProvider(db, {
      name: 'Cape Town',
      latitude: '-33.92490000',
      longitude: '18.42410000',
    });
    await insertProvider(db, {
      name: 'Gqeberha',
      latitude: '-33.96080000',
      longitude: '25.60220000',
    });
    const response = await api.get('/api/providers?sort=nearest&userLat=-33.9249&userLng=18.4241');
    const body = (await response.json()) as { name: string; distanceKm: number }[];
    expect(body.map((p) => p.name)).toEqual(['Cape Town', 'Gqeberha', 'Joburg']);
    expect(body[0]!.distanceKm).toBe(0);
    // Cape Town to Gqeberha is about 667 km on a 6371 km sphere.
    expect(body[1]!.distanceKm).toBeGreaterThan(660);
    expect(body[1]!.distanceKm).toBeLessThan(675);
  });

  it("lists nearest first when the spec's client gives only the position, and a given sort still wins", async () => {
    const db = api.database.db;
    // Premium and best rated far away, so the recommended order puts it first.
    await insertProvider(db, {
      name: 'Aardvark Far',
      isPremium: true,
      rating: '5.0',
      latitude: '-26.20410000',
      longitude: '28.04730000',
    });
    await insertProvider(db, {
      name: 'Near',
      rating: '3.0',
      latitude: '-33.92490000',
      longitude: '18.42410000',
    });
    const names = async (query: string) => {
      const response = await fetch(`${api.url}/api/providers?${query}`);
      expect(response.status).toBe(200);
      return ((await response.json()) as { name: string }[]).map((p) => p.name);
    };
    expect(await names('userLat=-33.9249&userLng=18.4241')).toEqual(['Near', 'Aardvark Far']);
    expect(await names('serviceType=cctv&userLat=-33.9249&userLng=18.4241')).toEqual([
      'Near',
      'Aardvark Far',
    ]);
    expect(await names('sort=recommended&userLat=-33.9249&userLng=18.4241')).toEqual([
      'Aardvark Far',
      'Near',
    ]);
    expect(await names('')).toEqual(['Aardvark Far', 'Near']);
  });

  it.each([
    ['serviceType=laser', 'serviceType'],
    ['userLat=abc&userLng=18', 'userLat'],
    ['userLat=-33', 'userLat'],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['offset=-1', 'offset'],
    ['verification=gold', 'verification'],
    ['rating=6', 'rating'],
  ])('answers 400 naming the parameter for %s', async (query, parameter) => {
    const response = await api.get(`/api/providers?${query}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string };
    expect(body.message).toContain(parameter);
  });
});

/** A provider based in `location` that names `coverageAreas` as the towns it serves. */
const providerIn = (name: string, location: string, coverageAreas: string[] = []) =>
  insertProvider(api.database.db, { name, location, coverageAreas });

describe('GET /api/providers filters', () => {
  it('serviceType keeps providers offering that service, among others or alone', async () => {
    const db = api.database.db;
    await insertProvider(db, { name: 'Only NDI', services: ['ndi'] });
    await insertProvider(db, { name: 'NDI and Network', services: ['network', 'ndi'] });
    await insertProvider(db, { name: 'Network only', services: ['network'] });
    const { names, total } = await listProviders(api, { serviceType: 'ndi' });
    expect(sorted(names)).toEqual(['NDI and Network', 'Only NDI']);
    expect(total).toBe(2);
  });

  it('location keeps providers based in the town or covering it', async () => {
    const db = api.database.db;
    await insertProvider(db, {
      name: 'Based in Cape Town',
      location: 'Cape Town',
      coverageAreas: ['Cape Town'],
    });
    await insertProvider(db, {
      name: 'Covers Cape Town',
      location: 'Stellenbosch',
      province: 'western-cape',
      coverageAreas: ['Stellenbosch', 'Cape Town'],
    });
    await insertProvider(db, {
      name: 'Joburg only',
      location: 'Johannesburg',
      coverageAreas: ['Johannesburg'],
    });
    const { names } = await listProviders(api, { location: 'cape-town' });
    expect(sorted(names)).toEqual(['Based in Cape Town', 'Covers Cape Town']);
  });

  it('location matches a multi-word town value such as port-elizabeth', async () => {
    await providerIn('Based in PE', 'Port Elizabeth');
    await providerIn('Covers PE', 'Jeffreys Bay', ['Jeffreys Bay', 'Port Elizabeth']);
    await providerIn('Port Shepstone', 'Port Shepstone');
    const { names } = await listProviders(api, { location: 'port-elizabeth' });
    expect(sorted(names)).toEqual(['Based in PE', 'Covers PE']);
  });

  it("a suburb's location also keeps the providers of its city, not those of another", async () => {
    await providerIn('Covers Hatfield', 'Centurion', ['Centurion', 'Hatfield']);
    await providerIn('Based in Pretoria', 'Pretoria');
    await providerIn('Covers Pretoria', 'Midrand', ['Midrand', 'Pretoria']);
    await providerIn('Joburg only', 'Johannesburg', ['Johannesburg']);
    const hatfield = await listProviders(api, { location: 'hatfield' });
    expect(sorted(hatfield.names)).toEqual([
      'Based in Pretoria',
      'Covers Hatfield',
      'Covers Pretoria',
    ]);
    expect(hatfield.total).toBe(3);
    // The city keeps to its own: a provider covering one of its suburbs is not listed there.
    const pretoria = await listProviders(api, { location: 'pretoria' });
    expect(sorted(pretoria.names)).toEqual(['Based in Pretoria', 'Covers Pretoria']);
  });

  it('location matches whole town values, not parts of them', async () => {
    await insertProvider(api.database.db, {
      location: 'Port Elizabeth',
      coverageAreas: ['Port Shepstone'],
    });
    const { total } = await listProviders(api, { location: 'port' });
    expect(total).toBe(0);
  });

  it('rating is a minimum, inclusive', async () => {
    const db = api.database.db;
    await insertProvider(db, { name: 'Rated 4.4', rating: '4.4' });
    await insertProvider(db, { name: 'Rated 4.5', rating: '4.5' });
    await insertProvider(db, { name: 'Rated 4.9', rating: '4.9' });
    const { names } = await listProviders(api, { rating: '4.5' });
    expect(names).toEqual(['Rated 4.9', 'Rated 4.5']);
  });

  it('verification=verified keeps providers verified today', async () => {
    const db = api.database.db;
    await insertProvider(db, { name: 'Plain' });
    await insertProvider(db, { name: 'Verified', isVerified: true });
    await insertProvider(db, { name: 'Premium', isVerified: true, isPremium: true });
    const lapsed = await insertProvider(db, { name: 'Lapsed', isVerified: true });
    await recordTestCheck(db, lapsed.id, 'insurance', { validUntil: addDays(saToday(), -1) });
    const { names } = await listProviders(api, { verification: 'verified' });
    expect(names).toEqual(['Premium', 'Verified']);
  });

  // 'Premium Verified': the providers that show the Premium badge, which a premium
  // provider whose checks lapsed does not (providerBadge).
  it.each<[string, Record<string, string>]>([
    ['the listing', {}],
    ['a service', { serviceType: 'cctv' }],
    ['a search', { search: 'cctv' }],
    ['a town', { location: 'johannesburg' }],
    ['a rating', { rating: '4' }],
  ])('verification=premium keeps premium providers verified today, within %s', async (_, query) => {
    const db = api.database.db;
    const fields = { services: ['cctv'], rating: '4.5' };
    await insertProvider(db, { ...fields, name: 'Plain' });
    await insertProvider(db, { ...fields, name: 'Verified', isVerified: true });
    await insertProvider(db, { ...fields, name: 'Premium', isVerified: true, isPremium: true });
    await insertProvider(db, { ...fields, name: 'Premium, never checked', isPremium: true });
    const lapsed = await insertProvider(db, {
      ...fields,
      name: 'Premium, lapsed',
      isVerified: true,
      isPremium: true,
    });
    await recordTestCheck(db, lapsed.id, 'insurance', { validUntil: addDays(saToday(), -1) });
    const { names, total } = await listProviders(api, { ...query, verification: 'premium' });
    expect(names).toEqual(['Premium']);
    expect(total).toBe(1);
  });

  it('search is trimmed and case-insensitive', async () => {
    await insertProvider(api.database.db, { name: 'Highveld Secure Systems' });
    await insertProvider(api.database.db, { name: 'Other' });
    const { names } = await listProviders(api, { search: '   hIGHveld SECURE  ' });
    expect(names).toEqual(['Highveld Secure Systems']);
  });

  it.each<[string, Partial<ProviderRow>, string]>([
    ['name', { name: 'Karoo Beacon Alarms' }, 'beacon alarms'],
    ['description', { description: 'Solar-powered gate motors and beams.' }, 'SOLAR-POWERED gate'],
    ['location', { location: 'Port Elizabeth', province: 'eastern-cape' }, 'port elizabeth'],
    ['province', { location: 'Paarl', province: 'western-cape' }, 'Western Cape'],
    ['services', { services: ['alarms', 'ndi'] }, 'ndi'],
    ['specialties', { specialties: ['Hikvision AcuSense cameras'] }, 'acusense'],
  ])('search matches in the %s', async (_field, overrides, search) => {
    const db = api.database.db;
    const match = await insertProvider(db, overrides);
    await insertProvider(db); // Johannesburg, gauteng, cctv, 'IP cameras'
    const { providers } = await listProviders(api, { search });
    expect(providers.map((p) => p.id)).toEqual([match.id]);
  });

  it.each([
    ['%', '100% Alarms', '100 Alarms', '100%'],
    ['_', 'Net_Works', 'NetXWorks', 'net_works'],
  ])('search treats %s literally, not as a wildcard', async (_char, literal, lookalike, search) => {
    const db = api.database.db;
    await insertProvider(db, { name: literal });
    await insertProvider(db, { name: lookalike });
    const { names } = await listProviders(api, { search });
    expect(names).toEqual([literal]);
  });

  it.each([
    'serviceType=all',
    'serviceType=',
    'location=all',
    'location=',
    'rating=all',
    'rating=',
    'verification=all',
    'verification=',
    'search=',
    'search=%20%20%20',
  ])('%s means no filter', async (query) => {
    const db = api.database.db;
    await insertProvider(db, {
      services: ['ndi'],
      location: 'Cape Town',
      rating: '4.9',
      isVerified: true,
      isPremium: true,
    });
    await insertProvider(db, { services: ['cctv'], location: 'Durban', rating: '3.0' });
    await insertProvider(db, { services: ['alarms'], location: 'Pretoria', rating: '0.0' });
    const response = await api.get(`/api/providers?${query}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-total-count')).toBe('3');
  });

  it('combines filters: a provider must pass every one', async () => {
    const db = api.database.db;
    const match = {
      name: 'Coastal Cameras',
      services: ['cctv'],
      location: 'Durban',
      isVerified: true,
      rating: '4.5',
    };
    await insertProvider(db, match);
    await insertProvider(db, { ...match, name: 'Coastal Alarms', services: ['alarms'] });
    await insertProvider(db, {
      ...match,
      name: 'Coastal Inland',
      location: 'Johannesburg',
      coverageAreas: [],
    });
    await insertProvider(db, { ...match, name: 'Coastal Unverified', isVerified: false });
    await insertProvider(db, { ...match, name: 'Coastal Low', rating: '3.5' });
    await insertProvider(db, { ...match, name: 'Harbour Cameras' });
    const { names, total } = await listProviders(api, {
      serviceType: 'cctv',
      location: 'durban',
      verification: 'verified',
      rating: 4,
      search: 'coastal',
    });
    expect(names).toEqual(['Coastal Cameras']);
    expect(total).toBe(1);
  });
});

describe('GET /api/providers order and paging', () => {
  it('puts premium first, then verified, then higher rating, then name', async () => {
    const db = api.database.db;
    await insertProvider(db, { name: 'Bravo Plain', rating: '4.0' });
    await insertProvider(db, { name: 'Verified Low', rating: '3.5', isVerified: true });
    await insertProvider(db, { name: 'Plain Top', rating: '5.0' });
    await insertProvider(db, {
      name: 'Premium Low',
      rating: '3.0',
      isVerified: true,
      isPremium: true,
    });
    await insertProvider(db, { name: 'Alpha Plain', rating: '4.0' });
    await insertProvider(db, { name: 'Verified High', rating: '4.5', isVerified: true });
    const { names } = await listProviders(api);
    expect(names).toEqual([
      'Premium Low',
      'Verified High',
      'Verified Low',
      'Plain Top',
      'Alpha Plain',
      'Bravo Plain',
    ]);
  });

  it('answers 24 providers by default', async () => {
    await insertProviders(api.database.db, 30);
    const { providers, total } = await listProviders(api);
    expect(providers).toHaveLength(24);
    expect(total).toBe(30);
  });

  it('answers `limit` providers with the true total in X-Total-Count', async () => {
    await insertProviders(api.database.db, 12);
    const { providers, total } = await listProviders(api, { limit: 5 });
    expect(providers).toHaveLength(5);
    expect(total).toBe(12);
  });

  it.each<[Record<string, string>, number]>([
    [{}, 3],
    [{ serviceType: 'cctv' }, 2],
    [{ verification: 'verified' }, 2],
    [{ verification: 'premium' }, 1],
    [{ serviceType: 'alarms', verification: 'verified' }, 2],
    [{ serviceType: 'ndi' }, 0],
  ])('X-Total-Count counts the approved matches of %j', async (query, expected) => {
    const db = api.database.db;
    await insertProvider(db, { services: ['cctv'] });
    await insertProvider(db, { services: ['cctv', 'alarms'], isVerified: true });
    await insertProvider(db, { services: ['alarms'], isVerified: true, isPremium: true });
    await insertProvider(db, { services: ['alarms', 'ndi'], isVerified: true, isApproved: false });
    const { providers, total } = await listProviders(api, query);
    expect(total).toBe(expected);
    expect(providers).toHaveLength(expected);
  });

  it('X-Total-Count follows providers being approved, changed and deleted', async () => {
    const db = api.database.db;
    const totals = async () => ({
      all: (await listProviders(api)).total,
      cctv: (await listProviders(api, { serviceType: 'cctv' })).total,
      verified: (await listProviders(api, { verification: 'verified' })).total,
    });
    const pending = await insertProvider(db, { services: ['cctv'], isApproved: false });
    const listed = await insertProvider(db, { services: ['cctv'] });
    await db
      .update(serviceProviders)
      .set({ isApproved: true })
      .where(eq(serviceProviders.id, pending.id));
    expect(await totals()).toEqual({ all: 2, cctv: 2, verified: 0 });
    await db
      .update(serviceProviders)
      .set({ services: ['alarms'] })
      .where(eq(serviceProviders.id, listed.id));
    await verifyProviders(db, [listed.id]);
    expect(await totals()).toEqual({ all: 2, cctv: 1, verified: 1 });
    await db.delete(serviceProviders).where(eq(serviceProviders.id, pending.id));
    expect(await totals()).toEqual({ all: 1, cctv: 0, verified: 1 });
    // Its PSIRA certificate ran out yesterday: listed still, verified no longer.
    await recordTestCheck(db, listed.id, 'psira', { validUntil: addDays(saToday(), -1) });
    expect(await totals()).toEqual({ all: 1, cctv: 0, verified: 0 });
  });

  it('pages by offset without overlap, together covering every provider in order', async () => {
    const db = api.database.db;
    await insertProviders(db, 4, { isPremium: true, isVerified: true });
    await insertProviders(db, 4, { rating: '4.5' });
    await insertProviders(db, 4, { rating: '4.5' }); // equal sort keys: the id keeps pages stable
    const pages = await Promise.all(
      [0, 5, 10].map(async (offset) => (await listProviders(api, { limit: 5, offset })).providers),
    );
    expect(pages.map((page) => page.length)).toEqual([5, 5, 2]);
    const { providers: all } = await listProviders(api, { limit: 100 });
    expect(pages.flat().map((p) => p.id)).toEqual(all.map((p) => p.id));
    expect(new Set(all.map((p) => p.id)).size).toBe(12);
  });

  it('answers at most 100 providers with limit=100', async () => {
    await insertProviders(api.database.db, 105);
    const { providers, total } = await listProviders(api, { limit: 100 });
    expect(providers).toHaveLength(100);
    expect(total).toBe(105);
  });
});

describe('GET /api/providers near the visitor', () => {
  // Nearest first is the visitor's choice (sort=nearest); the recommended
  // order with a position only adds distances (tests/api/listing-sorts.test.ts).
  it('lists providers without coordinates after those with coordinates', async () => {
    const db = api.database.db;
    await insertProvider(db, { name: 'Nowhere', latitude: null, longitude: null });
    await insertProvider(db, { name: 'Far', latitude: '-26.20410000', longitude: '28.04730000' });
    await insertProvider(db, { name: 'Near', latitude: '-33.92490000', longitude: '18.42410000' });
    const { names } = await listProviders(api, {
      sort: 'nearest',
      userLat: -33.9249,
      userLng: 18.4241,
    });
    expect(names).toEqual(['Near', 'Far', 'Nowhere']);
  });

  it('gives no distanceKm to providers without coordinates', async () => {
    await insertProvider(api.database.db, { name: 'Nowhere', latitude: null, longitude: null });
    const { providers } = await listProviders(api, { userLat: -33.9249, userLng: 18.4241 });
    expect(providers).toHaveLength(1);
    expect(providers[0]).not.toHaveProperty('distanceKm');
  });

  it('pages through ties (same spot, no coordinates) without overlap or gaps', async () => {
    const db = api.database.db;
    const sameSpot = await insertProviders(db, 15, {
      latitude: '-33.92490000',
      longitude: '18.42410000',
    });
    const nowhere = await insertProviders(db, 10, { latitude: null, longitude: null });
    const near = await insertProviders(db, 5, {
      latitude: '-33.93000000',
      longitude: '18.43000000',
    });
    const seen: number[] = [];
    for (let offset = 0; offset < 30; offset += 7) {
      const { providers, total } = await listProviders(api, {
        sort: 'nearest',
        userLat: -33.9249,
        userLng: 18.4241,
        limit: 7,
        offset,
      });
      expect(total).toBe(30);
      seen.push(...providers.map((p) => p.id));
    }
    expect(seen).toHaveLength(30);
    expect(new Set(seen).size).toBe(30);
    // Same spot first (ties by id), then the near ones, then those without coordinates.
    expect(seen).toEqual([...sameSpot, ...near, ...nowhere]);
  });

  it('with the seeded data lists Cape Town providers first, nearest first', async () => {
    await seedDatabase(api.database.db);
    const { providers } = await listProviders(api, {
      sort: 'nearest',
      userLat: -33.9249,
      userLng: 18.4241,
      limit: 100,
    });
    const capeTown = providers.filter((p) => p.location === 'Cape Town');
    expect(capeTown.length).toBeGreaterThanOrEqual(1);
    expect(providers.slice(0, capeTown.length).map((p) => p.location)).toEqual(
      capeTown.map(() => 'Cape Town'),
    );
    const distances = providers.map((p) => p.distanceKm);
    expect(distances.every((d) => typeof d === 'number')).toBe(true);
    expect(distances).toEqual([...distances].sort((a, b) => a! - b!));
    expect(distances[0]).toBeLessThan(10);
  });
});

describe('GET /api/providers rules found in review', () => {
  it('keeps the minimum rating exact (4.85 excludes a 4.8 provider)', async () => {
    await insertProvider(api.database.db, { name: 'Four point eight', rating: '4.8' });
    await insertProvider(api.database.db, { name: 'Four point nine', rating: '4.9' });
    const { names } = await listProviders(api, { rating: 4.85 });
    expect(names).toEqual(['Four point nine']);
  });

  it('finds a province by its written name (KwaZulu-Natal)', async () => {
    await insertProvider(api.database.db, {
      name: 'Coastal',
      location: 'Durban',
      province: 'kwazulu-natal',
    });
    await insertProvider(api.database.db, { name: 'Inland' });
    const { names } = await listProviders(api, { search: 'KwaZulu-Natal' });
    expect(names).toEqual(['Coastal']);
  });
});

describe('GET /api/providers wire shape', () => {
  const secretHash = 'scrypt$17$8$1$c2FsdHNhbHQ$bm90LWEtcmVhbC1oYXNo';

  it('carries exactly the keys of Provider, and never a password hash or internal column', async () => {
    await insertProvider(api.database.db, { passwordHash: secretHash, tokenVersion: 7 });
    const text = await (await api.get('/api/providers')).text();
    const [provider] = JSON.parse(text) as Provider[];
    expect(Object.keys(provider!).sort()).toEqual([...PROVIDER_KEYS].sort());
    for (const secret of [
      secretHash,
      'password',
      'tokenVersion',
      'token_version',
      'searchText',
      'search_text',
      'areaValues',
      'area_values',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('adds only distanceKm when the visitor position is given', async () => {
    await insertProvider(api.database.db, { passwordHash: secretHash });
    const { providers } = await listProviders(api, { userLat: -26, userLng: 28 });
    expect(Object.keys(providers[0]!).sort()).toEqual([...PROVIDER_KEYS, 'distanceKm'].sort());
  });

  it('sends coordinates and rating as decimal strings and createdAt as an ISO date', async () => {
    await insertProvider(api.database.db, {
      latitude: '-33.92490000',
      longitude: '18.42410000',
      rating: '4.8',
    });
    const [provider] = (await listProviders(api)).providers;
    expect(provider).toMatchObject({
      latitude: '-33.92490000',
      longitude: '18.42410000',
      rating: '4.8',
    });
    expect(new Date(provider!.createdAt).toISOString()).toBe(provider!.createdAt);
  });

  it('may be cached by a CDN for a while and revalidated in the background', async () => {
    const { response } = await listProviders(api);
    expect(response.headers.get('cache-control')).toBeTruthy();
    const cdn = response.headers.get('cdn-cache-control');
    expect(cdn).toMatch(/s-maxage=\d+/);
    expect(cdn).toMatch(/stale-while-revalidate=\d+/);
  });
});

describe('GET /api/providers/:id', () => {
  it('answers an approved provider as the list does, with its verification', async () => {
    const row = await insertProvider(api.database.db, { passwordHash: 'scrypt$secret' });
    const response = await api.get(`/api/providers/${row.id}`);
    expect(response.status).toBe(200);
    const { verification, priceRecord, ...provider } = (await response.json()) as ProviderDetail;
    expect(Object.keys(provider).sort()).toEqual([...PROVIDER_KEYS].sort());
    expect(provider).toEqual((await listProviders(api)).providers[0]);
    expect(verification.status).toBe('unverified');
    // Its record of keeping to agreed prices (docs/decisions/0051): no jobs yet.
    expect(priceRecord).toEqual({ jobs: 0, kept: 0 });
  });

  it('may be cached by a CDN', async () => {
    const row = await insertProvider(api.database.db);
    const response = await api.get(`/api/providers/${row.id}`);
    expect(response.headers.get('cache-control')).toBeTruthy();
    expect(response.headers.get('cdn-cache-control')).toMatch(
      /s-maxage=\d+.*stale-while-revalidate=\d+/,
    );
  });

  it('answers 404 with a message for a provider that is not approved', async () => {
    const row = await insertProvider(api.database.db, { isApproved: false });
    const response = await api.get(`/api/providers/${row.id}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: expect.any(String) as string });
  });

  it('does not let a CDN keep a 404, so a provider shows once approved', async () => {
    const row = await insertProvider(api.database.db, { isApproved: false });
    const response = await api.get(`/api/providers/${row.id}`);
    expect(response.headers.get('cache-control')).toContain('no-store');
    expect(response.headers.get('cdn-cache-control')).toBeNull();
  });

  it.each([
    ['an unknown id', '12345'],
    ['a non-numeric id', 'abc'],
    ['an id beyond the integer range', '99999999999'],
  ])('answers 404 JSON for %s', async (_case, id) => {
    const response = await api.get(`/api/providers/${id}`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({ message: expect.any(String) as string });
  });
});
