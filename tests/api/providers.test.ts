import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertProvider } from '../helpers/builders.ts';
import { startTestApi, type TestApi } from '../helpers/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => api.database.reset());

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
    const response = await api.get('/api/providers?userLat=-33.9249&userLng=18.4241');
    const body = (await response.json()) as { name: string; distanceKm: number }[];
    expect(body.map((p) => p.name)).toEqual(['Cape Town', 'Gqeberha', 'Joburg']);
    expect(body[0]!.distanceKm).toBe(0);
    // Cape Town to Gqeberha is about 667 km on a 6371 km sphere.
    expect(body[1]!.distanceKm).toBeGreaterThan(660);
    expect(body[1]!.distanceKm).toBeLessThan(675);
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
