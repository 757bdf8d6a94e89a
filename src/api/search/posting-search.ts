/**
 * A search's page and total from the posting lists (db/migrations/0022_search_postings.sql;
 * docs/decisions/0028, "Posting lists"), in the recommended order: the most relevant
 * first, then premium, verified today, rating, name and id.
 *
 * One call of search_postings_page (db/migrations/0023 to 0027) works
 * out, as set algebra on sorted id arrays (intarray), the matches of every term and
 * filter, the total, and the blocks of the order (a relevance tier split into the four
 * groups of premium and verified), then reads the rows of the blocks the page falls in.
 * Here the search's plan becomes the JSON it reads.
 * The sets mean what search-sql.ts's SQL means (the API tests compare the two): a word is
 * in search_text exactly when it is in one of its tokens, as a typed word never holds the
 * characters that part tokens. */
import { sql } from 'drizzle-orm';
import { selectRows, type Database } from '../../../db/client.ts';
import { verificationWanted, type ListingQuery } from '../providers/provider-filters.ts';
import type { PlannedTerm, SearchPlan } from './plan-search.ts';
import { escapeLike, MIN_INFIX_LENGTH, termWords, wordStartPattern } from './search-sql.ts';

/**
 * The most terms the posting lists take: a query's tiers and blocks grow with its terms
 * (3 per term, 4 blocks each), while 4 terms cover 'gate motor in cape town'.
 */
export const MAX_POSTING_TERMS = 4;

/**
 * A search of 1 to MAX_POSTING_TERMS terms in the recommended order with no rating
 * filter: what the posting lists answer. Others take the SQL search (list-providers.ts).
 */
export function postingsAnswer(
  query: ListingQuery,
): query is ListingQuery & { searchPlan: SearchPlan } {
  return (
    query.searchPlan !== undefined &&
    query.searchPlan.length > 0 &&
    query.searchPlan.length <= MAX_POSTING_TERMS &&
    (query.sort ?? 'recommended') === 'recommended' &&
    query.rating === undefined
  );
}

/**
 * A word looked for among the tokens of one kind ('w:' the provider's words, 'n:' its
 * name's): keys LIKE `like`; a word under 4 characters that must start a word also
 * matches `start`, as in search-sql.ts.
 */
interface TokenWord {
  like: string;
  start: string | null;
}

const holding = (kind: 'w:' | 'n:', word: string, wordStart: boolean): TokenWord => ({
  like: `${kind}%${escapeLike(word)}%`,
  start: wordStart && word.length < MIN_INFIX_LENGTH ? wordStartPattern(word) : null,
});

/**
 * One term as search_postings_page reads it: the words its name (name) and its own words
 * (words; wordStarts when a short word must start a word) must all hold, the keys of the
 * services and places it names (keys), those of a small typo (nearKeys, nearWords, any of
 * them), and whether it names a place (place: its own words then count in the name only).
 */
function termJson(term: PlannedTerm) {
  const words = termWords(term.literal);
  return {
    name: words.map((word) => holding('n:', word, false)),
    words: words.map((word) => holding('w:', word, false)),
    wordStarts: words.some((word) => word.length < MIN_INFIX_LENGTH)
      ? words.map((word) => holding('w:', word, true))
      : null,
    keys: [...term.services.map((s) => `s:${s}`), ...term.places.map((a) => `a:${a}`)],
    nearKeys: [...term.nearServices.map((s) => `s:${s}`), ...term.nearPlaces.map((a) => `a:${a}`)],
    nearWords: term.nearWords.map((word) => holding('w:', word, false)),
    place: term.places.length > 0,
  };
}

/**
 * The terms naming a place first: the order of the terms changes nothing in the answer,
 * while each term's matches are looked for among those of the terms before it, and a
 * place's providers are most often fewer than a service's or a word's.
 */
const placesFirst = (plan: SearchPlan): SearchPlan =>
  plan.toSorted((a, b) => Number(b.places.length > 0) - Number(a.places.length > 0));

/** The filters besides the search: each key set a union, all of them holding. */
function filtersJson(query: ListingQuery) {
  const keySets: string[][] = [];
  if (query.serviceType) keySets.push([`s:${query.serviceType}`]);
  if (query.location) keySets.push((query.locationValues ?? []).map((a) => `a:${a}`));
  return { keySets, ...verificationWanted(query.verification) };
}

/** search_postings_page's arguments for a search the posting lists answer. */
export function postingsArguments(query: ListingQuery & { searchPlan: SearchPlan }) {
  return {
    terms: JSON.stringify(placesFirst(query.searchPlan).map(termJson)),
    filters: JSON.stringify(filtersJson(query)),
    skip: query.offset,
    take: query.limit,
  };
}

/**
 * The page and total of a search the posting lists answer (postingsAnswer), in one call
 * of search_postings_page, which works out the sets, the relevance tiers and the page's
 * rows in the database. `lookUpsPerRow` weighs walking a block against sorting it (the
 * function's default unless given). The listing reads the page with its cards in one
 * statement instead (page-cards.ts, searchPageCards).
 */
export async function postingsPage(
  db: Database,
  query: ListingQuery & { searchPlan: SearchPlan },
  { lookUpsPerRow }: { lookUpsPerRow?: number } = {},
): Promise<{ ids: number[]; total: number }> {
  const { terms, filters, skip, take } = postingsArguments(query);
  const [row] = await selectRows<{ total: number; page: number[] }>(
    db,
    sql`SELECT total, page FROM search_postings_page(${terms}::jsonb, ${filters}::jsonb,
          ${skip}, ${take}
          ${lookUpsPerRow === undefined ? sql`` : sql`, look_ups_per_row => ${lookUpsPerRow}`})`,
  );
  return { ids: row?.page ?? [], total: row?.total ?? 0 };
}
