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

  it.each([
    // Case, punctuation, accents and apostrophes do not count.
    ['  CAPE   TOWN  ', 'cape-town'],
    ['Jeffrey’s Bay', 'jeffreys-bay'],
    ["Richard's Bay harbour", 'richards-bay'],
    ['bela bela', 'bela-bela'],
    ['Émalahleni', 'emalahleni'],
    // The town named first: the suburb before its city.
    ['Sandton, Johannesburg', 'sandton'],
    ['Umhlanga Rocks, Durban North', 'umhlanga'],
    ['Pretoria East, near Centurion', 'pretoria'],
    // The longer name starting at the same word.
    ['Somerset West', 'somerset-west'],
    ['Port Elizabeth central', 'port-elizabeth'],
    // Not a town name that is part of a street name.
    ['12 George Street, Paarl', 'paarl'],
    ['4 Durban Road, Bellville', 'bellville'],
    ['George', 'george'],
    // The older and short names people use.
    ['Gqeberha', 'port-elizabeth'],
    ['Nelspruit industrial area', 'mbombela'],
    ['Witbank', 'emalahleni'],
    ['Grahamstown', 'makhanda'],
    ['Joburg CBD', 'johannesburg'],
    ['Mafikeng', 'mahikeng'],
  ])('finds %j as %s', (location, town) => {
    expect(townOf(location)).toBe(town);
  });

  it.each([
    // Whole words only.
    'Georgetown farm',
    'Paarlberg',
    'Durbanville',
    // No town named.
    'A farm outside the village',
    '',
    'Gauteng',
  ])('finds no town in %j', (location) => {
    expect(townOf(location)).toBeUndefined();
  });
});

describe('provinceOfLocation', () => {
  it.each([
    // By its name, in any case and spelling of the hyphen.
    ['A farm near the border, Limpopo', 'limpopo'],
    ['kwazulu natal south coast', 'kwazulu-natal'],
    ['KwaZulu-Natal', 'kwazulu-natal'],
    ['Western Cape winelands', 'western-cape'],
    ['somewhere in the NORTHERN CAPE', 'northern-cape'],
    // The short names.
    ['KZN midlands', 'kwazulu-natal'],
    ['Orange Free State', 'free-state'],
  ])('finds %j in %s', (location, province) => {
    expect(provinceOfLocation(location)).toBe(province);
  });

  it.each(['A farm outside the village', 'Cape Town'])('finds no province in %j', (location) => {
    expect(provinceOfLocation(location)).toBeUndefined();
  });
});
