/**
 * The listing's sorts: recommended, nearest (after Near me), highest
 * rated and quickest to respond; with the visitor's position every card has its distance.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { listProviders } from '../helpers/api-fixtures.ts';
import { insertProvider } from '../helpers/builders.ts';
import { useTestApi } from '../helpers/test-api.ts';

const api = useTestApi();
beforeEach(() => api.database.reset());

const CAPE_TOWN = { userLat: -33.9249, userLng: 18.4241 };

async function threeProviders() {
  const db = api.database.db;
  const far = await insertProvider(db, {
    name: 'Far Premium',
    isPremium: true,
    isVerified: true,
    rating: '3.5',
    reviewCount: 4,
    latitude: '-26.20410000',
    longitude: '28.04730000',
  });
  const near = await insertProvider(db, {
    name: 'Near Plain',
    rating: '4.8',
    reviewCount: 3,
    latitude: '-33.92490000',
    longitude: '18.42410000',
  });
  const middle = await insertProvider(db, {
    name: 'Middle Plain',
    rating: '4.8',
    reviewCount: 9,
    latitude: '-33.96080000',
    longitude: '25.60220000',
  });
  return { far, near, middle };
}

describe('GET /api/providers sort', () => {
  it('sort=nearest puts the nearest first, with distances', async () => {
    const { far, near, middle } = await threeProviders();
    const { providers } = await listProviders(api, { sort: 'nearest', ...CAPE_TOWN });
    expect(providers.map((p) => p.id)).toEqual([near.id, middle.id, far.id]);
    expect(providers.map((p) => typeof p.distanceKm)).toEqual(['number', 'number', 'number']);
  });

  it('sort=nearest without the visitor position is refused with 400', async () => {
    const response = await api.get('/api/providers?sort=nearest');
    expect(response.status).toBe(400);
  });

  it('sort=recommended with a position stays the recommended order, with distances', async () => {
    const { far, near, middle } = await threeProviders();
    // Without a sort, a position lists nearest first (the spec's client; providers.test.ts).
    const { providers } = await listProviders(api, { sort: 'recommended', ...CAPE_TOWN });
    // Premium first, then rating, then name.
    expect(providers.map((p) => p.id)).toEqual([far.id, middle.id, near.id]);
    expect(providers.every((p) => typeof p.distanceKm === 'number')).toBe(true);
  });

  it('sort=rated: the rating counted with its number of reviews, then the recommended order', async () => {
    const { far, near, middle } = await threeProviders();
    const { providers, total } = await listProviders(api, { sort: 'rated' });
    expect(providers.map((p) => p.id)).toEqual([middle.id, near.id, far.id]);
    expect(total).toBe(3);
    expect(providers.some((p) => 'distanceKm' in p)).toBe(false);
  });

  it('sort=rated puts a 4.9 from 9 reviews above a 5.0 from 2, and no reviews above one bad one', async () => {
    const db = api.database.db;
    const fewFives = await insertProvider(db, {
      name: 'A Two Fives',
      rating: '5.0',
      reviewCount: 2,
    });
    const manyGood = await insertProvider(db, { name: 'B Nine', rating: '4.9', reviewCount: 9 });
    const unrated = await insertProvider(db, { name: 'C New', rating: '0.0', reviewCount: 0 });
    const oneBad = await insertProvider(db, { name: 'D One Star', rating: '1.0', reviewCount: 1 });
    const { providers } = await listProviders(api, { sort: 'rated' });
    expect(providers.map((p) => p.id)).toEqual([manyGood.id, fewFives.id, unrated.id, oneBad.id]);
  });

  it('sort=rated with a position carries distances and filters as asked', async () => {
    const { near, middle } = await threeProviders();
    const { providers } = await listProviders(api, { sort: 'rated', rating: 4.5, ...CAPE_TOWN });
    expect(providers.map((p) => p.id)).toEqual([middle.id, near.id]);
    expect(providers[1]?.distanceKm).toBe(0);
  });
});
