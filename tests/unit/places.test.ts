/**
 * The place names' key (placeKey, src/lib/places.ts) and the committed places data file
 * (db/places/places.tsv, built by scripts/build-places.ts from GeoNames).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { nameRows } from '../../db/places/load-places.ts';
import {
  majorTowns,
  majorTownsOf,
  parsePlaces,
  PLACES_FILE,
  placesFile,
} from '../../db/places/places-file.ts';
import { serviceKeys } from '../../src/api/search/read-search.ts';
import { MAJOR_TOWNS } from '../../src/lib/catalog/major-towns.ts';
import { isProvinceId } from '../../src/lib/catalog/provinces.ts';
import { townValue } from '../../src/lib/catalog/town-value.ts';
import { distanceKm } from '../../src/lib/geo.ts';
import { PLACE_KINDS, placeKey, placeLabel, SOUTH_AFRICA_BOUNDS } from '../../src/lib/places.ts';

describe('placeKey', () => {
  it.each([
    ['Port Elizabeth', 'port elizabeth'],
    ['  Port-Elizabeth  ', 'port elizabeth'],
    ['eThekwini', 'ethekwini'],
    ['ETHEKWINI', 'ethekwini'],
    ["Jeffrey's Bay", 'jeffreys bay'],
    ['Jeffrey’s Bay', 'jeffreys bay'],
    ['Bélla-Bèla', 'bella bela'],
    ['Ga-Rankuwa', 'ga rankuwa'],
    ['KwaDukuza', 'kwadukuza'],
    ['Sandton, Johannesburg', 'sandton johannesburg'],
    ['J-Bay', 'j bay'],
    ['!!!', ''],
  ])('keys %j as %j', (text, key) => {
    expect(placeKey(text)).toBe(key);
  });

  it('gives one key to every way of writing one name, so the table needs one row for them', () => {
    const ways = ['Mbombela', 'mbombela', 'MBOMBELA', 'Mbómbela', ' mbombela.'];
    expect(new Set(ways.map(placeKey)).size).toBe(1);
  });
});

const rows = parsePlaces(placesFile().text);
const byValue = new Map(rows.map((row) => [row.value, row]));

/** The major towns as db/places/supplement.tsv, the build's input, gives them. */
function supplementMajorTowns() {
  const supplement = fileURLToPath(new URL('../../db/places/supplement.tsv', import.meta.url));
  const [header = '', ...lines] = readFileSync(supplement, 'utf8')
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'));
  const columns = header.split('\t');
  return lines
    .map((line) => {
      const fields = line.split('\t');
      return Object.fromEntries(columns.map((column, i) => [column, fields[i] ?? '']));
    })
    .filter((row) => row.major_rank !== '')
    .map((row) => ({
      value: row.value,
      name: row.name,
      province: row.province,
      latitude: Number(row.latitude),
      longitude: Number(row.longitude),
      majorRank: Number(row.major_rank),
    }))
    .sort((a, b) => a.majorRank - b.majorRank);
}

describe('the places data file', () => {
  it('holds the places GeoNames gives for South Africa, in a file of reasonable size', () => {
    expect(rows.length).toBeGreaterThan(900);
    expect(readFileSync(PLACES_FILE).length).toBeLessThan(2 * 1024 * 1024);
  });

  it('credits GeoNames and its licence in its header', () => {
    const header = placesFile()
      .text.split('\n')
      .filter((line) => line.startsWith('#'))
      .join('\n');
    expect(header).toContain('GeoNames');
    expect(header).toContain('CC BY 4.0');
    expect(header).toContain('postal codes');
  });

  it('gives every place a known province and kind, and coordinates inside South Africa', () => {
    for (const row of rows) {
      expect(isProvinceId(row.province), row.value).toBe(true);
      expect(PLACE_KINDS, row.value).toContain(row.kind);
      expect(row.latitude, row.value).toBeGreaterThanOrEqual(SOUTH_AFRICA_BOUNDS.minLatitude);
      expect(row.latitude, row.value).toBeLessThanOrEqual(SOUTH_AFRICA_BOUNDS.maxLatitude);
      expect(row.longitude, row.value).toBeGreaterThanOrEqual(SOUTH_AFRICA_BOUNDS.minLongitude);
      expect(row.longitude, row.value).toBeLessThanOrEqual(SOUTH_AFRICA_BOUNDS.maxLongitude);
    }
  });

  it('has unique values, each a town value, and parents that are places of the file', () => {
    expect(byValue.size).toBe(rows.length);
    for (const row of rows) {
      expect(townValue(row.value), row.value).toBe(row.value);
      if (row.parent !== null) {
        expect(byValue.has(row.parent), `${row.value} in ${row.parent}`).toBe(true);
        expect(row.parent).not.toBe(row.value);
      }
    }
  });

  it('names each place by the town value of its name, or that with its province', () => {
    for (const row of rows) {
      expect(row.value.startsWith(townValue(row.name)), row.value).toBe(true);
    }
  });

  it("keeps the supplement's 60 major towns under their values, names and coordinates, in their order", () => {
    const majors = majorTownsOf(rows);
    expect(majors.map((row) => row.majorRank)).toEqual(
      Array.from({ length: 60 }, (_, index) => index + 1),
    );
    expect(
      majors.map(({ value, name, province, latitude, longitude, majorRank }) => ({
        value,
        name,
        province,
        latitude,
        longitude,
        majorRank,
      })),
    ).toEqual(supplementMajorTowns());
    expect(majorTowns()).toEqual(majors);
  });

  it('gives the islands the same major towns, in the same order (src/lib/catalog/major-towns.ts)', () => {
    expect(MAJOR_TOWNS).toEqual(
      majorTownsOf(rows).map(({ value, name, province, latitude, longitude }) => ({
        value,
        name,
        province,
        latitude,
        longitude,
      })),
    );
  });

  it.each([
    ['Gqeberha', 'port-elizabeth'],
    ['Port Elizabeth', 'port-elizabeth'],
    ['Tshwane', 'pretoria'],
    ['eThekwini', 'durban'],
    ['Mbombela', 'mbombela'],
    ['Nelspruit', 'mbombela'],
    ['Polokwane', 'polokwane'],
    ['Pietersburg', 'polokwane'],
    ['Makhanda', 'makhanda'],
    ['Grahamstown', 'makhanda'],
    ['Kariega', 'uitenhage'],
    ['Mafikeng', 'mahikeng'],
    ['Witbank', 'emalahleni'],
    ['Umtata', 'mthatha'],
    ['Joburg', 'johannesburg'],
    ['Mangaung', 'bloemfontein'],
  ])('resolves %s to %s', (name, value) => {
    const names = rows.flatMap(nameRows).filter((n) => n.key === placeKey(name));
    expect(names.map((n) => n.value)).toContain(value);
  });

  it('has townships and suburbs, each in the city or town it lies in', () => {
    const khayelitsha = byValue.get('khayelitsha');
    expect(khayelitsha).toMatchObject({ kind: 'township', parent: 'cape-town' });
    expect(byValue.get('soweto')).toMatchObject({ kind: 'township', parent: 'johannesburg' });
    expect(byValue.get('sandton')).toMatchObject({ kind: 'suburb', parent: 'johannesburg' });
    expect(rows.filter((row) => row.kind === 'township').length).toBeGreaterThan(10);
  });

  it.each([
    ['hatfield', 'pretoria'],
    ['waterkloof', 'pretoria'],
    ['mamelodi', 'pretoria'],
    ['meadowlands', 'johannesburg'],
    ['woodstock', 'cape-town'],
    ['isipingo', 'durban'],
    ['walmer', 'port-elizabeth'],
  ])("has %s from GeoNames' postal codes, in %s", (value, parent) => {
    const place = byValue.get(value);
    const city = byValue.get(parent);
    expect(place).toMatchObject({ parent, province: city?.province });
    expect(place && city && distanceKm(place, city)).toBeLessThan(25);
  });

  it('places every suburb and township near the city or town it lies in (its metro)', () => {
    const suburbs = rows.filter((row) => row.kind === 'suburb' || row.kind === 'township');
    expect(suburbs.length).toBeGreaterThan(150);
    for (const row of suburbs) {
      const parent = row.parent === null ? undefined : byValue.get(row.parent);
      if (parent)
        expect(distanceKm(row, parent), `${row.value} in ${parent.value}`).toBeLessThan(60); // Botshabelo: 52 km from Bloemfontein
    }
  });

  it('names no place by a word of the service vocabulary (search would read it as a place)', () => {
    const services = new Set(serviceKeys());
    const named = rows.flatMap(nameRows).filter((row) => services.has(row.key));
    expect(named).toEqual([]);
  });
});

describe('parsePlaces', () => {
  const header =
    'value\tname\tprovince\tkind\tlatitude\tlongitude\tpopulation\tmajor_rank\tparent\tother_names';
  it('reads a row, and a major town’s rank', () => {
    expect(parsePlaces(`${header}\nx\tX\tgauteng\ttown\t-26\t28\t120\t7\t\tY|Z`)).toEqual([
      {
        value: 'x',
        name: 'X',
        province: 'gauteng',
        kind: 'town',
        latitude: -26,
        longitude: 28,
        population: 120,
        majorRank: 7,
        parent: null,
        otherNames: ['Y', 'Z'],
      },
    ]);
  });

  it('refuses a row with an unknown province, kind, coordinates or rank', () => {
    const row = (fields: string) => () => parsePlaces(`${header}\n${fields}`);
    expect(row('x\tX\tatlantis\ttown\t-26\t28\t\t\t\t')).toThrow(/unknown province/);
    expect(row('x\tX\tgauteng\tplanet\t-26\t28\t\t\t\t')).toThrow(/unknown kind/);
    expect(row('x\tX\tgauteng\ttown\t\t28\t\t\t\t')).toThrow(/coordinates/);
    expect(row('x\tX\tgauteng\ttown\t-26\t28\t\t0\t\t')).toThrow(/major_rank/);
    expect(row('x\tX\tgauteng\ttown\t-26\t28\t\tfirst\t\t')).toThrow(/major_rank/);
    expect(row('x\tX\tgauteng\ttown\t-26\t28\t\t\t')).toThrow(/columns/);
    expect(() => parsePlaces(`wrong\n`)).toThrow(/column line/);
  });
});

describe('placeLabel', () => {
  it("gives every place of the file a text whose town value is the place's value", () => {
    for (const row of rows) expect(townValue(placeLabel(row)), row.value).toBe(row.value);
  });
});
