/**
 * How the search box read a query, for the listing to show beside its results: each
 * word or phrase as a service ('gate motor' as Access Control), a place ('Johannesbrug'
 * as Johannesburg) or the providers' own words, and whether a typo was forgiven. It is
 * planSearch's own reading, so it says what the search did, not a guess beside it.
 */
import { inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { places } from '../../../db/schema.ts';
import { serviceName } from '../../lib/catalog/categories.ts';
import type { SearchReading } from '../../lib/search-reading.ts';
import { planSearch, type PlannedTerm } from './plan-search.ts';
import { searchKey, typoDistance } from './read-search.ts';

/** The names of the places a reading may name. */
export async function placeNames(db: Database, values: string[]): Promise<Map<string, string>> {
  if (values.length === 0) return new Map();
  const rows = await db
    .select({ value: places.value, name: places.name })
    .from(places)
    .where(inArray(places.value, values));
  return new Map(rows.map((row) => [row.value, row.name]));
}

/**
 * The place a term meant, of the places it names (a place and the town it lies in): the
 * one whose name is nearest what was typed ('waterkloof' is Waterkloof, not Pretoria).
 */
export function nearestNamed(
  key: string,
  values: string[],
  names: Map<string, string>,
): string | undefined {
  const named = values.flatMap((value) => {
    const name = names.get(value);
    return name === undefined ? [] : [{ name, distance: typoDistance(key, searchKey(name)) }];
  });
  named.sort((a, b) => a.distance - b.distance || a.name.localeCompare(b.name));
  return named[0]?.name;
}

export async function readSearchQuery(db: Database, query: string): Promise<SearchReading> {
  const plan = await planSearch(db, query);
  const names = await placeNames(db, [
    ...new Set(plan.flatMap((t) => [...t.places, ...t.nearPlaces])),
  ]);
  return { terms: plan.map((term) => readingOf(term, names)) };
}

function readingOf(term: PlannedTerm, names: Map<string, string>): SearchReading['terms'][number] {
  const typed = term.literal;
  const services = term.services.length > 0 ? term.services : term.nearServices;
  if (services.length > 0) {
    return {
      typed,
      reads: 'service',
      as: services.map(serviceName).join(' or '),
      corrected: term.services.length === 0,
    };
  }
  const place = nearestNamed(term.key, term.places, names);
  if (place) return { typed, reads: 'place', as: place, corrected: false };
  const nearPlace = nearestNamed(term.key, term.nearPlaces, names);
  if (nearPlace) return { typed, reads: 'place', as: nearPlace, corrected: true };
  // A word the providers use is read as itself; else as the nearest word they use.
  const nearWord = term.nearWords.includes(term.key) ? undefined : term.nearWords[0];
  if (nearWord) return { typed, reads: 'words', as: nearWord, corrected: true };
  return { typed, reads: 'words', as: typed, corrected: false };
}
