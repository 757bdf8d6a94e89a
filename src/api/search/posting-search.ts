/**
 * A search's page and total from the posting lists (db/migrations/0022_search_postings.sql;
 * docs/decisions/0028, "Posting lists"), in the recommended order: the most relevant
 * first, then premium, verified today, rating, name and id.
 *
 * 1. One statement works out, as set algebra on sorted id arrays (intarray), the matches
 *    of every term and filter, the total, and the size of every block of the order: a
 *    relevance tier split into the four groups of premium and verified.
 * 2. Each block the page falls in is read on its own: a small one by its ids, sorted
 *    whole; a large one walked from the ranking index (premium, rating, name, id) with
 *    the search's SQL test on each row, which stops after the page's rows.
 * The sets mean what search-sql.ts's SQL means (the API tests compare the two): a word is
 * in search_text exactly when it is in one of its tokens, as a typed word never holds the
 * characters that part tokens.
 */
import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Database } from '../../../db/client.ts';
import type { ListingQuery } from '../providers/provider-filters.ts';
import { RANK_GROUPS } from '../providers/rank-groups.ts';
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

/** An int[] of nothing. */
const NONE = sql`'{}'::int[]`;

const postingsWith = (keys: readonly string[]): SQL =>
  keys.length === 0
    ? NONE
    : sql`coalesce((SELECT search_union(ids) FROM search_postings WHERE key = ANY(${sql`ARRAY[${sql.join(
        keys.map((key) => sql`${key}`),
        sql`, `,
      )}]::text[]`})), '{}'::int[])`;

/**
 * The union of the postings of kind `kind` ('w:' or 'n:') whose token holds `word`; a word
 * under 4 characters must start a word of the token, as in search-sql.ts.
 */
function tokensHolding(kind: 'w:' | 'n:', word: string, wordStart: boolean): SQL {
  const like = sql`key LIKE ${`${kind}%${escapeLike(word)}%`}`;
  const test =
    wordStart && word.length < MIN_INFIX_LENGTH
      ? sql`${like} AND substr(key, 3) ~ ${wordStartPattern(word)}`
      : like;
  return sql`coalesce((SELECT search_union(ids) FROM search_postings WHERE ${test}), '{}'::int[])`;
}

/** Every word of a term (a phrase's words each on their own) in tokens of this kind. */
function allWordsIn(kind: 'w:' | 'n:', literal: string, wordStart: boolean): SQL {
  const [first, ...rest] = termWords(literal).map((word) => tokensHolding(kind, word, wordStart));
  return rest.reduce((all, next) => sql`(${all} & ${next})`, first ?? NONE);
}

/**
 * One term's sets, as a one-row CTE: n (the name holds it: 4), k3 (offers the service or
 * serves the place it names, not by name: 3), o2 (its other words hold it: 2), nko (any
 * of those: the rest of its matches are a typo's, 1) and m (its matches).
 */
function termSets(term: PlannedTerm): SQL {
  const keys = [...term.services.map((s) => `s:${s}`), ...term.places.map((a) => `a:${a}`)];
  const nearKeys = [
    ...term.nearServices.map((s) => `s:${s}`),
    ...term.nearPlaces.map((a) => `a:${a}`),
  ];
  const near = term.nearWords.reduce(
    (all, word) => sql`(${all} | ${tokensHolding('w:', word, false)})`,
    postingsWith(nearKeys),
  );
  // A place word in the provider's own words counts only in its name (search-sql.ts).
  const own = term.places.length > 0 ? sql`(w & n)` : sql`w`;
  // Words of 4 characters or more are looked for anywhere: w is o.
  const wordStart = termWords(term.literal).some((word) => word.length < MIN_INFIX_LENGTH);
  return sql`SELECT n, k - n AS k3, o - (n | k) AS o2, n | k | o AS nko, (k | ${own}) | near AS m
    FROM (SELECT n, k, o, coalesce(w, o) AS w, near FROM (SELECT ${allWordsIn('n:', term.literal, false)} AS n,
                 ${postingsWith(keys)} AS k,
                 ${allWordsIn('w:', term.literal, false)} AS o,
                 ${wordStart ? allWordsIn('w:', term.literal, true) : sql`NULL::int[]`} AS w,
                 ${near} AS near) AS found) AS sets`;
}

/** The filters as one set, or none when there are no filters besides the search. */
function filterSet(query: ListingQuery): SQL | undefined {
  const sets: SQL[] = [];
  if (query.serviceType) sets.push(postingsWith([`s:${query.serviceType}`]));
  if (query.location) sets.push(postingsWith((query.locationValues ?? []).map((a) => `a:${a}`)));
  if (query.verification === 'premium') sets.push(sql`premium.ids`);
  if (query.verification === 'verified') sets.push(sql`verified.ids`);
  const [first, ...rest] = sets;
  return first && rest.reduce((all, next) => sql`(${all} & ${next})`, first);
}

/** The tiers' relevance, highest first: 4 a term down to 1 a term. */
const tiersOf = (plan: SearchPlan) =>
  Array.from({ length: 3 * plan.length + 1 }, (_, i) => 4 * plan.length - i);

/**
 * The CTEs every statement of a search starts with, each worked out once (MATERIALIZED:
 * inlined, each dI would repeat every step before it, a tree that grows 4-fold a term): premium, verified (today: the 'v:'
 * posting less those whose check lapsed since its day), t1..tN (termSets), matches, and
 * d0..dN: dI.sX holds the matches whose first I terms score X together.
 */
function chain(query: ListingQuery & { searchPlan: SearchPlan }): SQL {
  const plan = query.searchPlan;
  const ctes: SQL[] = [
    sql`premium AS MATERIALIZED (SELECT coalesce((SELECT ids FROM search_postings WHERE key = 'p:'), '{}'::int[]) AS ids)`,
    sql`verified AS MATERIALIZED (SELECT coalesce((
      SELECT v.ids - coalesce((SELECT array_agg(id) FROM service_providers
                                WHERE is_approved AND verified_until >= v.as_of
                                  AND verified_until < (SELECT sa_today())), '{}'::int[])
        FROM search_postings AS v WHERE v.key = 'v:'), '{}'::int[]) AS ids)`,
    ...plan.map((term, i) => sql`${sql.raw(`t${i + 1}`)} AS MATERIALIZED (${termSets(term)})`),
  ];
  const terms = plan.map((_, i) => sql.raw(`t${i + 1}`));
  const filters = filterSet(query);
  const matches = [...(filters ? [filters] : []), ...terms.map((t) => sql`${t}.m`)].reduce(
    (all, next) => sql`(${all} & ${next})`,
  );
  ctes.push(
    sql`matches AS MATERIALIZED (SELECT ${matches} AS ids FROM premium, verified, ${sql.join(terms, sql`, `)})`,
  );
  ctes.push(sql`d0 AS MATERIALIZED (SELECT ids AS s0 FROM matches)`);
  for (const [i] of plan.entries()) {
    const step = i + 1;
    const before = sql.raw(`d${i}`);
    const term = sql.raw(`t${step}`);
    const columns: SQL[] = [];
    for (let score = step; score <= 4 * step; score++) {
      const parts: SQL[] = [];
      for (const level of [4, 3, 2, 1]) {
        const from = score - level;
        if (from < i || from > 4 * i) continue;
        const set = sql`${before}.${sql.raw(`s${from}`)}`;
        parts.push(
          level === 4
            ? sql`(${set} & ${term}.n)`
            : level === 3
              ? sql`(${set} & ${term}.k3)`
              : level === 2
                ? sql`(${set} & ${term}.o2)`
                : sql`(${set} - ${term}.nko)`,
        );
      }
      const union = parts.reduce((all, next) => sql`(${all} | ${next})`);
      columns.push(sql`${union} AS ${sql.raw(`s${score}`)}`);
    }
    ctes.push(
      sql`${sql.raw(`d${step}`)} AS MATERIALIZED (SELECT ${sql.join(columns, sql`, `)} FROM ${before}, ${term})`,
    );
  }
  return sql`WITH ${sql.join(ctes, sql`, `)}`;
}

/** The ids of one block: tier `score` (in the last dN) in group `group`. */
function blockSet(plan: SearchPlan, score: number, group: number): SQL {
  const tier = sql`${sql.raw(`d${plan.length}`)}.${sql.raw(`s${score}`)}`;
  const { premium, verified } = RANK_GROUPS[group] ?? RANK_GROUPS[3];
  const byPremium = premium ? sql`(${tier} & premium.ids)` : sql`(${tier} - premium.ids)`;
  return verified ? sql`(${byPremium} & verified.ids)` : sql`(${byPremium} - verified.ids)`;
}

/**
 * About how many ids a walk looks through (idx, in C) in the time sorting reads one
 * provider's row by its id: measured on the bench's 100,000 providers.
 */
const LOOK_UPS_PER_ROW_READ = 300;

interface Block {
  score: number;
  group: number;
  size: number;
}

/** The total and every block's size, in the order of the listing. */
async function blockSizes(
  db: Database,
  query: ListingQuery & { searchPlan: SearchPlan },
): Promise<{ total: number; blocks: Block[]; premium: number; approved: number }> {
  const plan = query.searchPlan;
  const last = sql.raw(`d${plan.length}`);
  const order = tiersOf(plan).flatMap((score) => RANK_GROUPS.map((_, group) => ({ score, group })));
  const [row] = await selectRows<{
    total: number;
    sizes: number[];
    premium: number;
    approved: number;
  }>(
    db,
    sql`${chain(query)}
      SELECT icount(matches.ids) AS total,
             ARRAY[${sql.join(
               order.map(({ score, group }) => sql`icount(${blockSet(plan, score, group)})`),
               sql`, `,
             )}] AS sizes,
             icount(premium.ids) AS premium,
             (SELECT coalesce(sum(approved_count), 0)::int FROM provider_counts WHERE service = '*') AS approved
        FROM matches, premium, verified, ${last}`,
  );
  const sizes = row?.sizes ?? [];
  return {
    total: row?.total ?? 0,
    blocks: order.map((block, i) => ({ ...block, size: sizes[i] ?? 0 })),
    premium: row?.premium ?? 0,
    approved: row?.approved ?? 0,
  };
}

/**
 * A block's rows from `skip`, in the group's order (rating, name, id), one of two ways:
 * - walked (`walk`): from the ranking index (premium, rating, name, id), each row's id
 *   looked up in the block's ids (idx). The test reads no column the index lacks, so the
 *   walk reads the index alone, and PostgreSQL cannot turn it into a look-up of every id;
 * - otherwise read by its ids and sorted whole.
 */
async function blockIds(
  db: Database,
  query: ListingQuery & { searchPlan: SearchPlan },
  { block, skip, take, walk }: { block: Block; skip: number; take: number; walk: boolean },
): Promise<number[]> {
  const { premium } = RANK_GROUPS[block.group] ?? RANK_GROUPS[3];
  const rows = await selectRows<{ id: number }>(
    db,
    sql`${chain(query)}, block AS MATERIALIZED (
        SELECT ${blockSet(query.searchPlan, block.score, block.group)} AS ids
          FROM premium, verified, ${sql.raw(`d${query.searchPlan.length}`)})
      SELECT sp.id FROM service_providers AS sp
       WHERE ${
         walk
           ? sql`sp.is_approved AND sp.is_premium = ${premium} AND idx((SELECT ids FROM block), sp.id) > 0`
           : sql`sp.id = ANY((SELECT ids FROM block)::int[])`
       }
       ORDER BY sp.is_premium DESC, sp.rating DESC, sp.name, sp.id
       LIMIT ${take} OFFSET ${skip}`,
  );
  return rows.map((row) => row.id);
}

/**
 * The page and total of a search the posting lists answer (postingsAnswer). Each block
 * the page falls in is sorted whole or walked, whichever reads fewer rows: a walk reads
 * about (skip + take) * (its premium group's providers) / (the block's size).
 */
export async function postingsPage(
  db: Database,
  query: ListingQuery & { searchPlan: SearchPlan },
): Promise<{ ids: number[]; total: number }> {
  const { total, blocks, premium, approved } = await blockSizes(db, query);
  const ids: number[] = [];
  let skip = query.offset;
  for (const block of blocks) {
    const take = Math.min(query.limit - ids.length, block.size - skip);
    if (take <= 0 && ids.length >= query.limit) break;
    if (skip >= block.size) {
      skip -= block.size;
      continue;
    }
    const groupProviders = RANK_GROUPS[block.group]?.premium ? premium : approved - premium;
    // A walk looks each row it passes up among the block's ids; sorting reads every row.
    const walk = (skip + take) * groupProviders < block.size * LOOK_UPS_PER_ROW_READ;
    ids.push(...(await blockIds(db, query, { block, skip, take, walk })));
    skip = 0;
    if (ids.length >= query.limit) break;
  }
  return { ids, total };
}
