/**
 * The places data file (db/places/places.tsv, decision 0027): tab-separated, one place a
 * line after a header of `#` comment lines (the source and its licence) and one line of
 * column names. Other names are separated by '|'. Written by scripts/build-places.ts,
 * read by loadPlaces, the seed's generated providers and the tests.
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
  'major_rank',
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
  /**
   * A major town's place in their list (1, 2, ...; decision 0033): the towns the islands
   * know without a request, that a request's location is placed on and that the seed
   * spreads its providers over. Null for every other place.
   */
  majorRank: number | null;
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
    const [
      value,
      name,
      province,
      kind,
      latitude,
      longitude,
      population,
      majorRank,
      parent,
      otherNames,
    ] = fields as [string, string, string, string, string, string, string, string, string, string];
    if (!isProvinceId(province)) throw fail(`unknown province ${province}`);
    if (!isKind(kind)) throw fail(`unknown kind ${kind}`);
    const lat = Number(latitude);
    const lng = Number(longitude);
    if (latitude === '' || longitude === '' || !Number.isFinite(lat) || !Number.isFinite(lng)) {
      throw fail('coordinates are not numbers');
    }
    if (population !== '' && !/^\d+$/.test(population)) throw fail('population is not a count');
    if (majorRank !== '' && !/^[1-9]\d*$/.test(majorRank))
      throw fail('major_rank is not 1 or more');
    return {
      value,
      name,
      province,
      kind,
      latitude: lat,
      longitude: lng,
      population: population === '' ? null : Number(population),
      majorRank: majorRank === '' ? null : Number(majorRank),
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

/** The major towns among some places, in their order (decision 0033). */
export function majorTownsOf(rows: readonly PlaceRow[]): PlaceRow[] {
  return rows
    .filter((row) => row.majorRank !== null)
    .sort((a, b) => (a.majorRank ?? 0) - (b.majorRank ?? 0));
}

let majors: readonly PlaceRow[] | undefined;
/**
 * The major towns of the committed file, in their order: what the seed spreads its
 * providers over and the tests take their towns from. The running app reads them from
 * the places table instead (src/api/places/major-towns.ts), which is loaded from this
 * file.
 */
export function majorTowns(): readonly PlaceRow[] {
  majors ??= majorTownsOf(parsePlaces(placesFile().text));
  return majors;
}
