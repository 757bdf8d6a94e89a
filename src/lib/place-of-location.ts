/**
 * Where a service request is (issue 14, point 6: reassign to a provider "near the
 * customer"): its location is free text ('Sandton, Johannesburg', '12 George Street,
 * Paarl', 'Gqeberha'), placed here on a town of the catalog when it names one, else on
 * the province it names. No geocoding: the catalog's towns and a few other names people
 * use for them are all it knows.
 */
import { PROVINCE_IDS, PROVINCE_NAMES, type ProvinceId } from './catalog/provinces.ts';
import { TOWNS, type Town } from './catalog/towns.ts';

/**
 * Other names of catalog towns: the names before the renaming (Nelspruit, Witbank, ...),
 * the metros they lead, and short forms South Africans write. Keys are written as
 * `words()` makes them.
 */
const TOWN_ALIASES: Readonly<Record<string, string>> = {
  joburg: 'johannesburg',
  jozi: 'johannesburg',
  jhb: 'johannesburg',
  egoli: 'johannesburg',
  tshwane: 'pretoria',
  pta: 'pretoria',
  cpt: 'cape-town',
  kaapstad: 'cape-town',
  ethekwini: 'durban',
  'umhlanga rocks': 'umhlanga',
  maritzburg: 'pietermaritzburg',
  pmb: 'pietermaritzburg',
  gqeberha: 'port-elizabeth',
  'nelson mandela bay': 'port-elizabeth',
  kariega: 'uitenhage',
  grahamstown: 'makhanda',
  umtata: 'mthatha',
  'j bay': 'jeffreys-bay',
  jbay: 'jeffreys-bay',
  bloem: 'bloemfontein',
  mangaung: 'bloemfontein',
  pietersburg: 'polokwane',
  warmbaths: 'bela-bela',
  potgietersrus: 'mokopane',
  nelspruit: 'mbombela',
  witbank: 'emalahleni',
  mafikeng: 'mahikeng',
  mafeking: 'mahikeng',
  potch: 'potchefstroom',
};

const PROVINCE_ALIASES: Readonly<Record<string, ProvinceId>> = {
  kzn: 'kwazulu-natal',
  natal: 'kwazulu-natal',
  'orange free state': 'free-state',
  'north western': 'north-west',
};

/**
 * Words that make the name before them part of an address ('George Street'), not the
 * place itself.
 */
const STREET_WORDS = new Set([
  'street',
  'st',
  'road',
  'rd',
  'avenue',
  'ave',
  'drive',
  'dr',
  'lane',
  'crescent',
  'close',
  'way',
  'boulevard',
  'place',
  'square',
]);

/**
 * The words of a text as they are compared: lower case, accents and apostrophes dropped
 * ("Jeffrey's Bay" is 'jeffreys bay'), split on everything else.
 */
function words(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

interface Name<T> {
  words: string[];
  place: T;
}

const townByValue = new Map(TOWNS.map((town) => [town.value, town]));

const TOWN_NAMES: Name<Town>[] = [
  ...TOWNS.map((town) => ({ words: words(town.name), place: town })),
  ...Object.entries(TOWN_ALIASES).flatMap(([alias, value]) => {
    const town = townByValue.get(value);
    return town ? [{ words: words(alias), place: town }] : [];
  }),
];

const PROVINCE_NAME_LIST: Name<ProvinceId>[] = [
  ...PROVINCE_IDS.map((id) => ({ words: words(PROVINCE_NAMES[id]), place: id })),
  ...Object.entries(PROVINCE_ALIASES).map(([alias, id]) => ({ words: words(alias), place: id })),
];

/**
 * The name the text mentions first (the longest of those starting at the same word),
 * skipping one that names a street. 'Sandton, Johannesburg' is Sandton: people write the
 * suburb before its city, and the nearest providers are the suburb's.
 */
function firstNamed<T>(text: string, names: readonly Name<T>[]): T | undefined {
  const said = words(text);
  for (let start = 0; start < said.length; start++) {
    let found: Name<T> | undefined;
    for (const name of names) {
      const fits =
        name.words.length > (found?.words.length ?? 0) &&
        name.words.every((word, i) => said[start + i] === word) &&
        !STREET_WORDS.has(said[start + name.words.length] ?? '');
      if (fits) found = name;
    }
    if (found) return found.place;
  }
  return undefined;
}

/** The catalog town a request's location names, if it names one. */
export function placeOfLocation(location: string): Town | undefined {
  return firstNamed(location, TOWN_NAMES);
}

/** The province a location names ('Rural area, Limpopo'), if it names one. */
export function provinceOfLocation(location: string): ProvinceId | undefined {
  return firstNamed(location, PROVINCE_NAME_LIST);
}
