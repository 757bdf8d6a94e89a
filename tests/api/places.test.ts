/**
 * GET /api/places, /api/places/near and /api/places/:value: the
 * places of the committed data file, found by the start of a name or other name, by a
 * small typo, or by their distance from a position.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { majorTowns } from '../../db/places/places-file.ts';
import { AppError } from '../../src/api/errors.ts';
import { PUBLIC_CACHE_TAG } from '../../src/api/http/cache.ts';
import { refusal } from '../../src/api/http/route-input.ts';
import { getPlace } from '../../src/api/places/get-place.ts';
import { nearPlaces } from '../../src/api/places/near-places.ts';
import { searchPlaces } from '../../src/api/places/search-places.ts';
import { distanceKm } from '../../src/lib/geo.ts';
import type { NearPlace, PlaceDetail, PlaceSummary } from '../../src/lib/schemas/places.ts';
import {
  MAX_PLACE_RESULTS,
  PlaceNearQuerySchema,
  PlaceSearchQuerySchema,
} from '../../src/lib/schemas/places.ts';
import { okJson } from '../helpers/api-fixtures.ts';
import { expectError } from '../helpers/error-answer.ts';
import { useTestApi } from '../helpers/test-api.ts';

const api = useTestApi();

const search = (q: string, limit?: number) =>
  okJson<PlaceSummary[]>(
    api.get(`/api/places?q=${encodeURIComponent(q)}${limit ? `&limit=${limit}` : ''}`),
  );
const values = (list: readonly { value: string }[]) => list.map((p) => p.value);
const town = (value: string) => majorTowns().find((t) => t.value === value)!;

describe('GET /api/places', () => {
  it('finds a place by the start of its name, and is cached by the CDN, keyed on the query', async () => {
    const response = await api.get('/api/places?q=Johann');
    expect(response.status).toBe(200);
    expect(response.headers.get('cdn-cache-control')).toMatch(/s-maxage=\d+/);
    expect(response.headers.get('netlify-vary')).toBe('query=q|limit');
    expect(response.headers.get('netlify-cache-tag')).toBe(PUBLIC_CACHE_TAG);
    const found = (await response.json()) as PlaceSummary[];
    expect(found[0]).toEqual({
      value: 'johannesburg',
      name: 'Johannesburg',
      province: 'gauteng',
      kind: 'city',
    });
  });

  it.each([
    ['Gqeberha', 'port-elizabeth', 'Gqeberha'],
    ['gqeb', 'port-elizabeth', 'Gqeberha'],
    ['Tshwane', 'pretoria', 'Tshwane'],
    ['eThekwini', 'durban', 'eThekwini'],
    ['ETHEKWINI', 'durban', 'eThekwini'],
    ['Nelspruit', 'mbombela', 'Nelspruit'],
    ['Pietersburg', 'polokwane', 'Pietersburg'],
    ['Grahamstown', 'makhanda', 'Grahamstown'],
    ['Jozi', 'johannesburg', 'Jozi'],
  ])('finds %s (an other name) as %s, saying which name matched', async (q, value, otherName) => {
    const [first] = await search(q);
    expect(first).toMatchObject({ value, otherName });
  });

  it('names no other name when the place was found by its own name', async () => {
    const [first] = await search('Port Elizabeth');
    expect(first?.value).toBe('port-elizabeth');
    expect(first).not.toHaveProperty('otherName');
  });

  it('reads accents, case, hyphens and apostrophes as people type them', async () => {
    expect((await search('JEFFREYS BAY'))[0]?.value).toBe('jeffreys-bay');
    expect((await search("Jeffrey's"))[0]?.value).toBe('jeffreys-bay');
    expect((await search('cape-town'))[0]?.value).toBe('cape-town');
    expect((await search('Kaapstad'))[0]?.value).toBe('cape-town');
    expect((await search('Bélla-Bèla'))[0]?.value).toBe('bela-bela');
  });

  it("finds the suburbs of GeoNames' postal codes, with their city", async () => {
    const [hatfield] = await search('Hatfield');
    expect(hatfield).toMatchObject({
      value: 'hatfield',
      kind: 'suburb',
      parent: { value: 'pretoria' },
    });
    expect(values(await search('Woodstock'))).toContain('woodstock');
  });

  it('finds the suburbs the sources lack, from the curated supplement, with their city', async () => {
    expect((await search('Summerstrand'))[0]).toMatchObject({
      value: 'summerstrand',
      parent: { value: 'port-elizabeth' },
    });
    expect((await search('Menlyn'))[0]).toMatchObject({
      value: 'menlyn',
      parent: { value: 'pretoria' },
    });
    // Within the city, a few km from its centre.
    for (const [suburb, city] of [
      ['summerstrand', 'port-elizabeth'],
      ['menlyn', 'pretoria'],
    ] as const) {
      const place = (await (await api.get(`/api/places/${suburb}`)).json()) as PlaceDetail;
      expect(distanceKm(place, town(city))).toBeLessThan(10);
    }
  });

  it('finds a place by a later word of its name', async () => {
    expect(values(await search('Elizabeth'))).toContain('port-elizabeth');
    expect(values(await search('town', MAX_PLACE_RESULTS))).toContain('cape-town');
  });

  it('still finds a place through a small typo', async () => {
    expect((await search('Johannesbrug'))[0]?.value).toBe('johannesburg');
    expect((await search('Pietermaritzberg'))[0]?.value).toBe('pietermaritzburg');
    expect((await search('Stellenbosh'))[0]?.value).toBe('stellenbosch');
  });

  it('puts an exact name before longer names that start with it, and each place once', async () => {
    const found = await search('George', MAX_PLACE_RESULTS);
    expect(found[0]?.value).toBe('george');
    expect(new Set(values(found)).size).toBe(found.length);
  });

  it('orders bigger places first among those that start alike', async () => {
    // Johannesburg (a city) before smaller places starting with 'J'.
    const found = await search('j', MAX_PLACE_RESULTS);
    expect(found[0]?.value).toBe('johannesburg');
  });

  it('answers no places for text that names none', async () => {
    expect(await search('Xqzwvy')).toEqual([]);
    expect(await search('!!!')).toEqual([]);
  });

  it('answers at most `limit` places', async () => {
    expect((await search('b', 3)).length).toBe(3);
  });

  it('refuses a missing or too long query and a wrong limit', async () => {
    await expectError(
      await api.get('/api/places'),
      400,
      'q is required: the start of a place name',
    );
    await expectError(await api.get('/api/places?q=%20%20'), 400);
    await expectError(await api.get(`/api/places?q=${'a'.repeat(61)}`), 400);
    await expectError(await api.get('/api/places?q=cape&limit=0'), 400);
    await expectError(await api.get(`/api/places?q=cape&limit=${MAX_PLACE_RESULTS + 1}`), 400);
    await expectError(await api.get('/api/places?q=cape&limit=two'), 400);
  });

  it('takes LIKE wildcards and quotes as text', async () => {
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
    expect(await search("'; DROP TABLE places; --")).toEqual([]);
    expect((await search('cape'))[0]?.value).toBe('cape-town');
  });
});

describe('GET /api/places/:value', () => {
  it('answers one place with its coordinates and other names', async () => {
    const response = await api.get('/api/places/port-elizabeth');
    expect(response.status).toBe(200);
    expect(response.headers.get('cdn-cache-control')).toMatch(/s-maxage=\d+/);
    const place = (await response.json()) as PlaceDetail;
    expect(place).toMatchObject({
      value: 'port-elizabeth',
      name: 'Port Elizabeth',
      province: 'eastern-cape',
      kind: 'city',
    });
    expect(place.otherNames).toContain('Gqeberha');
    expect(distanceKm(place, town('port-elizabeth'))).toBeLessThan(10);
  });

  it('answers 404 for a place it does not know, or a value no place could have', async () => {
    await expectError(await api.get('/api/places/narnia'), 404, 'Place not found');
    await expectError(await api.get('/api/places/Cape%20Town'), 404, 'Place not found');
    await expectError(await api.get(`/api/places/${'a'.repeat(81)}`), 404, 'Place not found');
  });
});

describe('GET /api/places/near', () => {
  const near = (query: string) => okJson<NearPlace[]>(api.get(`/api/places/near?${query}`));

  it('answers the places nearest a position, nearest first, with their distances', async () => {
    const sandton = town('sandton');
    const found = await near(`lat=${sandton.latitude}&lng=${sandton.longitude}&limit=5`);
    expect(found).toHaveLength(5);
    expect(found[0]).toMatchObject({ value: 'sandton', distanceKm: 0 });
    const distances = found.map((p) => p.distanceKm);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    // Every one of them nearer than Cape Town.
    expect(Math.max(...distances)).toBeLessThan(100);
    for (const place of found) expect(place.province).toBe('gauteng');
  });

  it('keeps to the kinds asked for', async () => {
    const durban = town('durban');
    const found = await near(`lat=${durban.latitude}&lng=${durban.longitude}&kinds=city&limit=3`);
    expect(found.length).toBeGreaterThan(0);
    for (const place of found) expect(place.kind).toBe('city');
    expect(found[0]?.value).toBe('durban');
  });

  it('lists towns and cities for the nearest towns, not the suburbs around the position', async () => {
    // Hatfield, a suburb of Pretoria from GeoNames' postal codes, with suburbs all round it.
    const at = 'lat=-25.7467&lng=28.2231';
    const all = await near(`${at}&limit=5`);
    expect(all[0]).toMatchObject({
      value: 'hatfield',
      kind: 'suburb',
      parent: { value: 'pretoria' },
    });
    const towns = await near(`${at}&kinds=city,town&limit=5`);
    expect(towns[0]?.value).toBe('pretoria');
    for (const place of towns) expect(['city', 'town']).toContain(place.kind);
  });

  it('refuses a missing or impossible position and an unknown kind', async () => {
    await expectError(await api.get('/api/places/near?lat=-26'), 400);
    await expectError(await api.get('/api/places/near?lat=-91&lng=28'), 400);
    await expectError(await api.get('/api/places/near?lat=-26&lng=181'), 400);
    await expectError(await api.get('/api/places/near?lat=abc&lng=28'), 400);
    await expectError(await api.get('/api/places/near?lat=-26&lng=28&kinds=planet'), 400);
  });
});

describe('any query text', () => {
  // The fuzz of write endpoints (fuzz-write-endpoints.test.ts) sends bodies; these routes
  // read only their query, so random text goes through the routes' own steps here (schema,
  // then the query on the database): a list, a 400 or a 404, never anything else.
  /** The query as the route's validator checks it (route-input.ts). */
  const checked = <S extends z.core.$ZodType>(schema: S, query: unknown) => {
    const result = z.safeParse(schema, query);
    if (!result.success) throw refusal(result.error.issues);
    return result.data;
  };
  const outcome = async (work: () => Promise<unknown>) => {
    try {
      return Array.isArray(await work()) ? 'list' : 'place';
    } catch (error) {
      if (error instanceof AppError) return error.status;
      throw error;
    }
  };

  it('answers a list, a place, a 400 or a 404, never an error of the server', async () => {
    const { db } = api.database;
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 80, unit: 'binary' }), async (text) => {
        const search = await outcome(() =>
          searchPlaces(db, checked(PlaceSearchQuerySchema, { q: text, limit: '5' })),
        );
        expect(['list', 400]).toContain(search);
        const nearby = await outcome(() =>
          nearPlaces(db, checked(PlaceNearQuerySchema, { lat: text, lng: '28', kinds: text })),
        );
        expect(['list', 400]).toContain(nearby);
        expect(['place', 404]).toContain(await outcome(() => getPlace(db, text)));
      }),
      { numRuns: 200 },
    );
  });
});
