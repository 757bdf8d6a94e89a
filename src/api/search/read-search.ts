/**
 * The listing's search box read the way people type
 * (docs/decisions/0028-search-that-reads-people.md): the query is cut into words, runs of
 * words that name a service or a place become one phrase ('gate motor', 'port
 * elizabeth'), and each word or phrase is looked up in the service vocabulary, with small
 * typos forgiven. No database here: the places and the providers' own words are looked
 * up by plan-search.ts, which hands the phrases it knows back to readTerms.
 */
import { SERVICE_IDS, type ServiceId } from '../../lib/catalog/categories.ts';
import { SERVICE_SYNONYMS } from '../../lib/catalog/service-synonyms.ts';
import { placeKey } from '../../lib/places.ts';

/** One word as typed: `literal` is looked for in the providers' own words, `key` elsewhere. */
export interface SearchWord {
  /** Lower-case, accents dropped, sentence punctuation trimmed ('100%' stays '100%'). */
  literal: string;
  /** searchKey of the word: letters and digits, other runs as one space ('' for '!!!'). */
  key: string;
}

/** A word or a phrase of words that every matching provider must match. */
export interface SearchTerm extends SearchWord {
  /** Services the term names (by name or synonym), exactly. */
  services: ServiceId[];
  /** Services a small typo away ('cctc', 'survelance'); only when `services` is empty. */
  nearServices: ServiceId[];
}

/** The most words one phrase may hold ('video over ip', 'time and attendance'). */
export const MAX_PHRASE_WORDS = 4;

/** The most words of a query that are read; the query is at most 100 characters anyway. */
export const MAX_SEARCH_WORDS = 12;

/**
 * A text in its search form, the form of place_names.key (placeKey): accents dropped,
 * lower-case, apostrophes dropped, every other run of characters but a-z and 0-9 one
 * space ('eThekwini' -> 'ethekwini', 'Wi-Fi' -> 'wi fi', "Jeffrey's" -> 'jeffreys').
 */
export const searchKey = placeKey;

// Punctuation that ends or opens a word in a sentence ('cctv, pretoria'); '%', '_', '-',
// '&' and the like stay, as they can be part of a name ('100% Alarms').
const SENTENCE_PUNCTUATION = /^[\s.,;:!?"'()[\]{}<>]+|[\s.,;:!?"'()[\]{}<>]+$/gu;

// What parts words as a space does: commas, semicolons and slashes between words
// ('cctv,pretoria', 'alarms/cctv'); a name's own marks ('100%', 'wi-fi', 'a&b') stay.
const WORD_BREAK = /[\s,;/]+/u;

/**
 * The words of a query, at most MAX_SEARCH_WORDS. A word without a letter or a digit (an
 * emoji, '&', '...') is left out when the query has other words: '📷 cctv' is a search
 * for CCTV, not for providers whose text holds the camera sign.
 */
export function searchWords(query: string): SearchWord[] {
  const text = query.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  const parts = text.split(WORD_BREAK).filter((word) => word !== '');
  // Breaks alone (';', '/') are a word of punctuation, looked for as typed.
  const words = (parts.length > 0 ? parts : text.split(/\s+/).filter((word) => word !== '')).map(
    (word) => {
      const literal = word.replace(SENTENCE_PUNCTUATION, '');
      // A word of punctuation alone is looked for as typed (it matches almost nothing).
      return { literal: literal === '' ? word : literal, key: searchKey(word) };
    },
  );
  const worded = words.filter((word) => word.key !== '');
  return (worded.length > 0 ? worded : words).slice(0, MAX_SEARCH_WORDS);
}

/** Every run of 1 to MAX_PHRASE_WORDS words' keys, for looking places up in one query. */
export function phraseKeys(words: readonly SearchWord[]): string[] {
  const keys = new Set<string>();
  for (let start = 0; start < words.length; start++) {
    for (let length = 1; length <= MAX_PHRASE_WORDS && start + length <= words.length; length++) {
      const key = joinKeys(words.slice(start, start + length));
      if (key !== '') keys.add(key);
    }
  }
  return [...keys];
}

const joinKeys = (words: readonly SearchWord[]) =>
  words
    .map((word) => word.key)
    .filter((key) => key !== '')
    .join(' ');

/** The service vocabulary by search key: 'gate motor' -> access. */
const SERVICES_BY_KEY: ReadonlyMap<string, readonly ServiceId[]> = (() => {
  const byKey = new Map<string, ServiceId[]>();
  for (const service of SERVICE_IDS) {
    for (const synonym of SERVICE_SYNONYMS[service]) {
      const key = searchKey(synonym);
      byKey.set(key, [...new Set([...(byKey.get(key) ?? []), service])]);
    }
  }
  return byKey;
})();

/** The vocabulary's keys, for unit tests and the decision record. */
export const serviceKeys = (): string[] => [...SERVICES_BY_KEY.keys()];

/** The services a key names exactly. */
export function servicesNamed(key: string): ServiceId[] {
  return [...(SERVICES_BY_KEY.get(key) ?? [])];
}

/**
 * How many typos a word may hold and still match: none under 4 letters ('lan' is not
 * 'plan'), one up to 7 letters ('cctc', 'Durbn'), two from 8 ('survelance',
 * 'Johannesbrug'). Words with digits are codes ('cat6', '10gbe') and must be exact.
 */
export function typoAllowance(key: string): number {
  if (!/^[a-z]+( [a-z]+)*$/.test(key)) return 0;
  const letters = key.replace(/ /g, '').length;
  if (letters < 4) return 0;
  return letters < 8 ? 1 : 2;
}

/**
 * The optimal string alignment distance: insertions, deletions, substitutions and swaps
 * of two neighbouring letters ('brug' -> 'burg') each count one.
 */
export function typoDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number) => rows[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i <= a.length; i++) {
    const row = rows[i];
    if (!row) continue;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, at(i - 2, j - 2) + 1);
      }
      row[j] = best;
    }
  }
  return at(a.length, b.length);
}

/** Whether `typed` is a small typo of `known` (never the same: that is an exact match). */
export function isTypoOf(typed: string, known: string): boolean {
  const allowance = Math.min(typoAllowance(typed), typoAllowance(known));
  if (allowance === 0 || typed === known) return false;
  if (Math.abs(typed.length - known.length) > allowance) return false;
  return typoDistance(typed, known) <= allowance;
}

/**
 * Whether a typed word or phrase may be a typo: letters alone as typed ('net_works' and
 * '100%' are meant exactly), long enough to tell apart (typoAllowance).
 */
export function mayBeTypo(word: SearchWord): boolean {
  return /^[a-z]+( [a-z]+)*$/.test(word.literal) && typoAllowance(word.key) > 0;
}

/** The services whose vocabulary holds a small typo of `key`. */
export function servicesNear(key: string): ServiceId[] {
  const near = new Set<ServiceId>();
  for (const [known, services] of SERVICES_BY_KEY) {
    if (isTypoOf(key, known)) for (const service of services) near.add(service);
  }
  return [...near];
}

/**
 * The query's terms: from the left, the longest run of words (up to MAX_PHRASE_WORDS)
 * whose key names a service or a place (`isPlace`, from place_names) is one phrase;
 * any other word is a term of its own.
 */
export function readTerms(
  words: readonly SearchWord[],
  isPlace: (key: string) => boolean,
): SearchTerm[] {
  const terms: SearchTerm[] = [];
  let start = 0;
  while (start < words.length) {
    let length = 1;
    for (let n = Math.min(MAX_PHRASE_WORDS, words.length - start); n > 1; n--) {
      const key = joinKeys(words.slice(start, start + n));
      if (key.includes(' ') && (SERVICES_BY_KEY.has(key) || isPlace(key))) {
        length = n;
        break;
      }
    }
    const run = words.slice(start, start + length);
    const key = joinKeys(run);
    const services = servicesNamed(key);
    const literal = run.map((word) => word.literal).join(' ');
    const known = services.length > 0 || isPlace(key);
    terms.push({
      literal,
      key,
      services,
      nearServices: known || !mayBeTypo({ literal, key }) ? [] : servicesNear(key),
    });
    start += length;
  }
  return terms;
}
