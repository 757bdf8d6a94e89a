import { describe, expect, it } from 'vitest';
import { majorTowns } from '../../db/places/places-file.ts';
import { placeOfLocation, provinceOfLocation } from '../../src/lib/place-of-location.ts';

/** The major towns of the places data, with their other names, as the places table has them. */
const TOWNS = majorTowns();
const townOf = (location: string) => placeOfLocation(location, TOWNS)?.value;

describe('placeOfLocation', () => {
  it('finds every major town by its own name', () => {
    for (const town of TOWNS) {
      expect(townOf(town.name), town.name).toBe(town.value);
    }
  });

  it('ignores case, punctuation, accents and apostrophes', () => {
    expect(townOf('  CAPE   TOWN  ')).toBe('cape-town');
    expect(townOf('Jeffrey’s Bay')).toBe('jeffreys-bay');
    expect(townOf("Richard's Bay harbour")).toBe('richards-bay');
    expect(townOf('bela bela')).toBe('bela-bela');
    expect(townOf('Émalahleni')).toBe('emalahleni');
  });

  it('takes the town named first: the suburb before its city', () => {
    expect(townOf('Sandton, Johannesburg')).toBe('sandton');
    expect(townOf('Umhlanga Rocks, Durban North')).toBe('umhlanga');
    expect(townOf('Pretoria East, near Centurion')).toBe('pretoria');
  });

  it('prefers the longer name starting at the same word', () => {
    expect(townOf('Somerset West')).toBe('somerset-west');
    expect(townOf('Port Elizabeth central')).toBe('port-elizabeth');
  });

  it('skips a town name that is part of a street name', () => {
    expect(townOf('12 George Street, Paarl')).toBe('paarl');
    expect(townOf('4 Durban Road, Bellville')).toBe('bellville');
    expect(townOf('George')).toBe('george');
  });

  it('knows the older and short names people use', () => {
    expect(townOf('Gqeberha')).toBe('port-elizabeth');
    expect(townOf('Nelspruit industrial area')).toBe('mbombela');
    expect(townOf('Witbank')).toBe('emalahleni');
    expect(townOf('Grahamstown')).toBe('makhanda');
    expect(townOf('Joburg CBD')).toBe('johannesburg');
    expect(townOf('Mafikeng')).toBe('mahikeng');
  });

  it('matches whole words only', () => {
    expect(townOf('Georgetown farm')).toBeUndefined();
    expect(townOf('Paarlberg')).toBeUndefined();
    expect(townOf('Durbanville')).toBeUndefined();
  });

  it('answers undefined when no town is named', () => {
    expect(townOf('A farm outside the village')).toBeUndefined();
    expect(townOf('')).toBeUndefined();
    expect(townOf('Gauteng')).toBeUndefined();
  });
});

describe('provinceOfLocation', () => {
  it('finds a province by its name, in any case and spelling of the hyphen', () => {
    expect(provinceOfLocation('A farm near the border, Limpopo')).toBe('limpopo');
    expect(provinceOfLocation('kwazulu natal south coast')).toBe('kwazulu-natal');
    expect(provinceOfLocation('KwaZulu-Natal')).toBe('kwazulu-natal');
    expect(provinceOfLocation('Western Cape winelands')).toBe('western-cape');
    expect(provinceOfLocation('somewhere in the NORTHERN CAPE')).toBe('northern-cape');
  });

  it('knows the short names', () => {
    expect(provinceOfLocation('KZN midlands')).toBe('kwazulu-natal');
    expect(provinceOfLocation('Orange Free State')).toBe('free-state');
  });

  it('answers undefined when no province is named', () => {
    expect(provinceOfLocation('A farm outside the village')).toBeUndefined();
    expect(provinceOfLocation('Cape Town')).toBeUndefined();
  });
});
