/**
 * The places data file (db/places/places.tsv, decision 0027): tab-separated, one place a
 * line after a header of `#` comment lines (the source and its licence) and one line of
 * column names. Other names are separated by '|'. Written by scripts/build-places.ts,
 * read by loadPlaces and the data file's test.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isProvinceId, type ProvinceId } from '../../src/lib/catalog/provinces.ts';
import { PLACE_KINDS, type PlaceKind } from '../../src/lib/places.ts';

export const PLACES_FILE = fileURLToPath(new URL('./places.tsv', import.meta.url));

export const PLACE_COLUMNS = [
  'value',
  'name',
  'province',
  'kind',
  'latitude',
  'longitude',
  'population',
  'parent',
  'other_names',
] as const;

export interface PlaceRow {
  value: string;
  name: string;
  province: ProvinceId;
  kind: PlaceKind;
  latitude: number;
  longitude: number;
  population: number | null;
  parent: string | null;
  otherNames: string[];
}

const isKind = (text: string): text is PlaceKind =>
  (PLACE_KINDS as readonly string[]).includes(text);

/** The rows of a places file; throws naming the line of the first malformed one. */
export function parsePlaces(text: string): PlaceRow[] {
  const lines = text.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
  const [header, ...rows] = lines;
  if (header !== PLACE_COLUMNS.join('\t')) {
    throw new Error(`places file: the column line must be ${PLACE_COLUMNS.join(' ')}`);
  }
  return rows.map((line, index) => {
    const fields = line.split('\t');
    const fail = (why: string) => new Error(`places file, place ${index + 1}: ${why} (${line})`);
    if (fields.length !== PLACE_COLUMNS.length) throw fail('wrong number of columns');
    const [value, name, province, kind, latitude, longitude, population, parent, otherNames] =
      fields as [string, string, string, string, string, string, string, string, string];
    if (!isProvinceId(province)) throw fail(`unknown province ${province}`);
    if (!isKind(kind)) throw fail(`unknown kind ${kind}`);
    const lat = Number(latitude);
    const lng = Number(longitude);
    if (latitude === '' || longitude === '' || !Number.isFinite(lat) || !Number.isFinite(lng)) {
      throw fail('coordinates are not numbers');
    }
    if (population !== '' && !/^\d+$/.test(population)) throw fail('population is not a count');
    return {
      value,
      name,
      province,
      kind,
      latitude: lat,
      longitude: lng,
      population: population === '' ? null : Number(population),
      parent: parent === '' ? null : parent,
      otherNames: otherNames === '' ? [] : otherNames.split('|'),
    };
  });
}

/** The file as it is committed (read once per process). */
let cached: { text: string; checksum: string } | undefined;
export function placesFile(): { text: string; checksum: string } {
  if (!cached) {
    const text = readFileSync(PLACES_FILE, 'utf8');
    cached = { text, checksum: createHash('sha256').update(text).digest('hex') };
  }
  return cached;
}
