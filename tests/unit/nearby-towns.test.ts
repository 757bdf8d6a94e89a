import { describe, expect, it } from 'vitest';
import {
  LINKED_TOWNS,
  NEARBY_KM,
  nearbyServiceTowns,
  type ServiceTown,
} from '../../src/api/providers/service-towns.ts';

const town = (value: string, latitude: number, longitude: number): ServiceTown => ({
  service: 'cctv',
  value,
  name: value,
  province: 'gauteng',
  latitude,
  longitude,
  providers: 1,
});

const PRETORIA = town('pretoria', -25.7479, 28.2293);
const CENTURION = town('centurion', -25.8603, 28.1894);
const JOHANNESBURG = town('johannesburg', -26.2041, 28.0473);
const GQEBERHA = town('port-elizabeth', -33.9608, 25.6022);
const BLOEMFONTEIN = town('bloemfontein', -29.0852, 26.1596);
const CAPE_TOWN = town('cape-town', -33.9249, 18.4241);
const DURBAN = town('durban', -29.8587, 31.0218);

describe('nearbyServiceTowns', () => {
  it(`links the towns within ${NEARBY_KM} km, nearest first, with their distance`, () => {
    const { reach, towns } = nearbyServiceTowns(
      [PRETORIA, CENTURION, JOHANNESBURG, CAPE_TOWN, DURBAN],
      PRETORIA,
    );
    expect(reach).toBe('nearby');
    expect(towns.map((t) => t.value)).toEqual(['centurion', 'johannesburg']);
    expect(towns[0]?.km).toBe(13);
  });

  it('calls far towns the nearest, never nearby, when none lies within reach', () => {
    const { reach, towns } = nearbyServiceTowns(
      [GQEBERHA, BLOEMFONTEIN, CAPE_TOWN, DURBAN, JOHANNESBURG],
      GQEBERHA,
    );
    expect(reach).toBe('nearest');
    expect(towns.map((t) => t.value)).toEqual(['bloemfontein', 'cape-town', 'durban']);
    expect(towns.every((t) => t.km > NEARBY_KM)).toBe(true);
  });

  it(`links at most ${LINKED_TOWNS} towns, and only towns of the same service`, () => {
    const around = Array.from({ length: 12 }, (_, i) => town(`t${i}`, -25.75 - i * 0.05, 28.23));
    const alarms = { ...CENTURION, service: 'alarms' as const };
    const { towns } = nearbyServiceTowns([PRETORIA, alarms, ...around], PRETORIA);
    expect(towns).toHaveLength(LINKED_TOWNS);
    expect(towns.map((t) => t.value)).not.toContain('centurion');
  });
});
