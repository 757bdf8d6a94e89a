/**
 * Turns the search box's query into terms a provider must match (read-search.ts), each
 * with the places it names (place_names: towns, suburbs, townships and their other names)
 * and, for a word nothing knows exactly, the places and providers' words a small typo
 * away (search_words). Two indexed look-ups, before the listing's query; the places a
 * word names are remembered (remembered-places.ts).
 */
import { sql } from 'drizzle-orm';
import { selectRows as rows, type Database } from '../../../db/client.ts';
import { placesNamed, valuesWithin } from '../places/remembered-places.ts';
import { textArray } from '../text-array.ts';
import {
  isTypoOf,
  phraseKeys,
  readTerms,
  mayBeTypo,
  searchWords,
  type SearchTerm,
} from './read-search.ts';

export interface PlannedTerm extends SearchTerm {
  /** Town values (service_providers.area_values) of the places the term names exactly. */
  places: string[];
  /** Town values of places a small typo away ('Johannesbrug'), when none is named. */
  nearPlaces: string[];
  /** Words of providers' texts a small typo away ('survelance', 'higveld'). */
  nearWords: string[];
  /**
   * One word, read as a possible typo, that no provider's text holds as a word (the
   * vocabulary, search_words, says so): few texts, if any, hold it at all.
   */
  unusedWord: boolean;
}

/** The search's terms; none when the query holds no word. */
export type SearchPlan = PlannedTerm[];

export async function planSearch(db: Database, query: string): Promise<SearchPlan> {
  const words = searchWords(query);
  const keys = phraseKeys(words);
  const places = await placesNamed(db, keys);
  const terms = readTerms(words, (key) => places.has(key));

  // Typos: only for words no service or place knows exactly, long enough to tell apart.
  const unknown = [
    ...new Set(
      terms
        .filter((term) => term.services.length === 0 && !places.has(term.key) && mayBeTypo(term))
        .map((term) => term.key),
    ),
  ];
  const near =
    unknown.length === 0
      ? []
      : await rows<{ typed: string; known: string; value: string | null; parent: string | null }>(
          db,
          // % (similarity above pg_trgm.similarity_threshold, 0.3) finds the candidates
          // through the trigram indexes; isTypoOf then keeps only small typos.
          sql`SELECT q.typed, n.key AS known, n.value, pl.parent
                FROM unnest(${textArray(unknown)}) AS q(typed)
                JOIN place_names AS n ON n.key % q.typed
                JOIN places AS pl ON pl.value = n.value
              UNION ALL
              SELECT q.typed, w.word AS known, NULL AS value, NULL AS parent
                FROM unnest(${textArray(unknown)}) AS q(typed)
                JOIN search_words AS w ON w.word % q.typed`,
        );

  return terms.map((term) => {
    const rows = near.filter((row) => row.typed === term.key);
    const typos = rows.filter((row) => isTypoOf(term.key, row.known));
    // A word the providers themselves use ('waterproof') is meant as that word, not as a
    // misspelt place ('Waterkloof'); its near words still count ('kraal' and 'kraai').
    const providersUseIt = rows.some((row) => row.value === null && row.known === term.key);
    const oneUnknownWord = unknown.includes(term.key) && !term.key.includes(' ');
    return {
      ...term,
      places: places.get(term.key) ?? [],
      nearPlaces: providersUseIt
        ? []
        : [...new Set(typos.flatMap((row) => (row.value === null ? [] : valuesWithin(row))))],
      nearWords: [...new Set(typos.flatMap((row) => (row.value === null ? [row.known] : [])))],
      unusedWord: oneUnknownWord && !providersUseIt,
    };
  });
}
