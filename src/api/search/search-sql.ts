/**
 * A planned search (plan-search.ts) as SQL on service_providers: the condition every
 * match passes, and the relevance the listing orders by before its usual order. Each
 * part reads an index: services (GIN on the array), and area_values with search_text's
 * trigrams (one GIN index on both, so LIKE '%word%' is indexed, and a place and a word
 * are intersected inside it: decision 0055).
 */
import { and, or, sql, type SQL } from 'drizzle-orm';
import { serviceProviders as p } from '../../../db/schema.ts';
import { textArray } from '../text-array.ts';
import type { PlannedTerm, SearchPlan } from './plan-search.ts';

/** The shortest text found anywhere in a word; shorter ones only at a word's start. */
export const MIN_INFIX_LENGTH = 4;

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A regular expression (PostgreSQL's) for a text at the start of a word, taken
 * literally: 'lan' finds 'LAN' but not 'plan'.
 */
export function wordStartPattern(text: string): string {
  // Every ASCII punctuation mark escaped: a backslash before one is that mark, literally.
  const literal = text.replace(/[!-/:-@[-`{-~]/g, (c) => `\\${c}`);
  return /^[a-z0-9_]/.test(text) ? `\\m${literal}` : literal;
}

const offersAny = (services: readonly string[]) =>
  services.length > 0 ? sql`${p.services} && ${textArray(services)}` : undefined;

const coversAny = (places: readonly string[]) =>
  places.length > 0 ? sql`${p.areaValues} && ${textArray(places)}` : undefined;

/** The words of a term: a phrase's words ('gate motor') are each looked for on their own. */
export const termWords = (literal: string): string[] => literal.split(' ');

/**
 * The provider's own words hold every word of the text: LIKE through the trigram index
 * ('camera' finds 'cameras'); a word under 4 characters must also start a word, or 'lan'
 * would find 'plan' (the regular expression, slower than LIKE, then runs on LIKE's few
 * matches). A phrase's words need not be next to each other ('gate and motor').
 */
function wordsHave(text: string): SQL {
  const has = (word: string) => {
    const like = sql`${p.searchText} LIKE ${`%${escapeLike(word)}%`}`;
    return word.length < MIN_INFIX_LENGTH
      ? sql`(${like} AND ${p.searchText} ~ ${wordStartPattern(word)})`
      : like;
  };
  return and(...termWords(text).map(has)) ?? sql`true`;
}

/**
 * The provider's name holds every word of the text: search_text starts with the
 * lower-cased name, so the name is its first length(name) characters (a word holds no
 * space, so it cannot run past the name into what follows). One strpos on that prefix
 * per word costs far less per row than a second LIKE on lower(name), and half as much as
 * testing where the word first stands in the whole text.
 */
const nameHas = (text: string) =>
  and(
    ...termWords(text).map(
      (word) => sql`(strpos(left(${p.searchText}, length(${p.name})), ${word}) > 0)`,
    ),
  ) ?? sql`true`;

/** The provider's words hold every word of the text anywhere (not only at a word's start). */
const textHolds = (text: string) =>
  and(...termWords(text).map((word) => sql`strpos(${p.searchText}, ${word}) > 0`)) ?? sql`true`;

/**
 * What one term matches, exactly: a service it names, a place it names (as the location
 * filter: the provider is there or covers it), or the provider's own words. A place
 * word in a provider's own words counts only in its name ('Umgeni Wireless'), so that
 * 'Durban' in the box and Durban in the filter give the same providers.
 */
function exactMatch(term: PlannedTerm): SQL {
  const ownWords =
    term.places.length > 0
      ? and(wordsHave(term.literal), nameHas(term.literal)) // the index, then the name
      : wordsHave(term.literal);
  return or(offersAny(servicesBeyondWords(term)), coversAny(term.places), ownWords) ?? sql`false`;
}

/**
 * The services a term names that its own words do not already find. search_text holds the
 * ids of the services a provider offers, so 'cctv' (or 'alarm') in the words finds every
 * provider of CCTV (or alarms): asking the services index as well read the same 42,000
 * rows a second time at 100,000 providers. Place terms match own words in the name only.
 */
function servicesBeyondWords(term: PlannedTerm): string[] {
  if (term.places.length > 0) return term.services;
  const found = (service: string) =>
    term.literal.length < MIN_INFIX_LENGTH // wordsHave: then only at a word's start
      ? service.startsWith(term.literal)
      : service.includes(term.literal);
  return term.services.filter((service) => !found(service));
}

/** What a small typo of the term matches: near services, places and providers' words. */
function nearMatch(term: PlannedTerm): SQL | undefined {
  return or(
    offersAny(term.nearServices),
    coversAny(term.nearPlaces),
    ...term.nearWords.map(wordsHave),
  );
}

/** Every term must be matched, exactly or by a small typo. */
export function searchCondition(plan: SearchPlan): SQL {
  return and(...plan.map((term) => or(exactMatch(term), nearMatch(term)))) ?? sql`true`;
}

/**
 * How well a provider matches: per term, 4 when its name holds the term, 3 when it
 * offers the service or serves the place the term names, 2 when its other words hold
 * it, 1 for a typo's match; summed over the terms. Higher first.
 *
 * Every match is scored. A word no provider uses ('johannesbrug', matched through its
 * typo) is in next to no provider's words, so instead of searching thousands of texts for
 * it, the few that hold it are found once through the trigram index (a hashed list when
 * many), and every other match scores 1 at the cost of a look-up.
 */
export function searchRelevance(plan: SearchPlan): SQL<number> {
  const scores = plan.map((term) => {
    if (term.unusedWord) {
      return sql`CASE WHEN ${p.id} IN (${holdersOf(term.literal)})
        THEN CASE WHEN ${nameHas(term.literal)} THEN 4 ELSE 2 END ELSE 1 END`;
    }
    const named = or(offersAny(term.services), coversAny(term.places));
    return sql`CASE WHEN ${nameHas(term.literal)} THEN 4
      ${named ? sql`WHEN ${named} THEN 3` : sql``}
      WHEN ${textHolds(term.literal)} THEN 2 ELSE 1 END`;
  });
  return sql<number>`(${sql.join(scores, sql` + `)})`;
}

/**
 * The providers whose words hold every word of the text anywhere (textHolds, as LIKE
 * through the trigram index), approved or not.
 */
const holdersOf = (text: string) =>
  sql`SELECT holder.id FROM ${p} AS holder WHERE ${sql.join(
    termWords(text).map((word) => sql`holder.search_text LIKE ${`%${escapeLike(word)}%`}`),
    sql` AND `,
  )}`;
