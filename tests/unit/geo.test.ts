import { describe, expect, it } from 'vitest';
import { majorTowns } from '../../db/places/places-file.ts';
import {
  DEFAULT_TOWN_VALUES,
  EARTH_RADIUS_KM,
  distanceKm,
  isValidLatitude,
  isValidLongitude,
  nearestTowns,
} from '../../src/lib/geo.ts';

const capeTown = { latitude: -33.9249, longitude: 18.4241 };
const johannesburg = { latitude: -26.2041, longitude: 28.0473 };
/** The major towns of the places data, the list the islands take their nearest towns from. */
const TOWNS = majorTowns();

describe('distanceKm', () => {
  it('is 0 between a point and itself', () => {
    expect(distanceKm(capeTown, capeTown)).toBe(0);
  });

  it('puts Cape Town about 1,262 km from Johannesburg on a 6371 km sphere', () => {
    expect(EARTH_RADIUS_KM).toBe(6371);
    expect(Math.abs(distanceKm(capeTown, johannesburg) - 1262)).toBeLessThan(5);
  });

  it('is symmetric', () => {
    expect(distanceKm(capeTown, johannesburg)).toBeCloseTo(distanceKm(johannesburg, capeTown), 9);
  });

  it('is half the circumference (pi * 6371 km) between antipodes', () => {
    const antipode = { latitude: -capeTown.latitude, longitude: capeTown.longitude - 180 };
    expect(distanceKm(capeTown, antipode)).toBeCloseTo(Math.PI * 6371, 6);
  });
});

describe('nearestTowns', () => {
  it('starts with Cape Town for Cape Town coordinates and is sorted nearest first', () => {
    const towns = nearestTowns(capeTown, 12, TOWNS);
    expect(towns[0]?.value).toBe('cape-town');
    const distances = towns.map((town) => distanceKm(capeTown, town));
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('returns as many towns as asked for', () => {
    expect(nearestTowns(capeTown, 12, TOWNS)).toHaveLength(12);
    expect(nearestTowns(capeTown, 3, TOWNS)).toHaveLength(3);
    expect(nearestTowns(capeTown, 0, TOWNS)).toHaveLength(0);
  });

  it('returns only the nearest towns: none left out is nearer than the farthest returned', () => {
    const towns = nearestTowns(capeTown, 12, TOWNS);
    const farthest = Math.max(...towns.map((town) => distanceKm(capeTown, town)));
    const chosen = new Set(towns.map((town) => town.value));
    for (const town of TOWNS.filter((t) => !chosen.has(t.value))) {
      expect(distanceKm(capeTown, town)).toBeGreaterThanOrEqual(farthest);
    }
  });
});

describe('DEFAULT_TOWN_VALUES', () => {
  it('are the six towns of the spec', () => {
    expect([...DEFAULT_TOWN_VALUES].sort()).toEqual([
      'bloemfontein',
      'cape-town',
      'durban',
      'johannesburg',
      'port-elizabeth',
      'pretoria',
    ]);
  });

  it('are all major towns of the places data', () => {
    const values = new Set(TOWNS.map((town) => town.value));
    for (const value of DEFAULT_TOWN_VALUES) expect(values.has(value), value).toBe(true);
  });
});

describe.each([
  ['isValidLatitude', isValidLatitude, 90],
  ['isValidLongitude', isValidLongitude, 180],
])('%s', (_name, isValid, limit) => {
  it(`accepts -${limit} to ${limit} inclusive`, () => {
    expect(isValid(-limit)).toBe(true);
    expect(isValid(0)).toBe(true);
    expect(isValid(limit)).toBe(true);
  });

  it(`rejects values beyond +-${limit}`, () => {
    expect(isValid(-limit - 0.0001)).toBe(false);
    expect(isValid(limit + 0.0001)).toBe(false);
  });

  it('rejects NaN and infinities', () => {
    expect(isValid(Number.NaN)).toBe(false);
    expect(isValid(Number.POSITIVE_INFINITY)).toBe(false);
    expect(isValid(Number.NEGATIVE_INFINITY)).toBe(false);
  });
});
