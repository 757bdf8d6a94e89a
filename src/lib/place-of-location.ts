/**
 * Where a service request is, to reassign it to a provider "near the customer": its
 * location is free text ('Sandton, Johannesburg', '12 George Street, Paarl', 'Gqeberha'),
 * placed here on a major town (decision 0033) when it names one by its name or an other
 * name of the places data (Gqeberha, Nelspruit, Joburg), else on the province it names.
 * No geocoding: the caller gives the towns, read from the places table
 * (src/api/places/major-towns.ts).
 */
import { PROVINCE_IDS, PROVINCE_NAMES, type ProvinceId } from './catalog/provinces.ts';
import { placeKey } from './places.ts';

/** A town as it is looked for in a location: by its name and its other names. */
export interface NamedTown {
  name: string;
  otherNames: readonly string[];
}

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
 * The words of a text as they are compared: those of its place key, the rule search and
 * the place combobox read typed names with (lower case, accents and apostrophes dropped,
 * "Jeffrey's Bay" is 'jeffreys bay').
 */
function words(text: string): string[] {
  return placeKey(text).split(' ').filter(Boolean);
}

interface Name<T> {
  words: string[];
  place: T;
}

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

/** The town of `towns` a request's location names, by its name or an other name, if any. */
export function placeOfLocation<T extends NamedTown>(
  location: string,
  towns: readonly T[],
): T | undefined {
  const names = towns.flatMap((town) =>
    [town.name, ...town.otherNames].map((name) => ({ words: words(name), place: town })),
  );
  return firstNamed(location, names);
}

/** The province a location names ('Rural area, Limpopo'), if it names one. */
export function provinceOfLocation(location: string): ProvinceId | undefined {
  return firstNamed(location, PROVINCE_NAME_LIST);
}
