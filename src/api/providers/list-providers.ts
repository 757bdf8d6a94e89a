import { and, asc, desc, eq, gte, not, notInArray, sql } from 'drizzle-orm';
import { selectRows, type Database } from '../../../db/client.ts';
import { serviceProviders as p } from '../../../db/schema.ts';
import type { LatLng } from '../../lib/geo.ts';
import { RATED_PRIOR } from '../../lib/rated-order.ts';
import { MIN_MEASURED_REQUESTS } from '../../lib/responsiveness.ts';
import type { ProviderQuery } from '../../lib/schemas/provider-query.ts';
import { matchReasons } from '../search/match-reasons.ts';
import { searchRelevance } from '../search/search-sql.ts';
import { providerIsVerified } from '../verification/verified-sql.ts';
import { countProviders, rankGroupSizes, type RankGroupSizes } from './count-providers.ts';
import { distanceKmFrom, pageCards } from './page-cards.ts';
import { providerFilters, readListingQuery, type ListingQuery } from './provider-filters.ts';
import { publicProviderColumns, toProvider, type Provider } from './public-columns.ts';
import { RANK_GROUPS } from './rank-groups.ts';
import { mayBeMeasured, responsivenessFigures, withResponsiveness } from './responsiveness.ts';

export interface ProviderPage {
  items: Provider[];
  total: number;
}

/**
 * One page of approved providers, each with its responsiveness, and the total that
 * match (the sort is the visitor's choice):
 * - 'recommended' (the default): verified today, premium, rating, name (rankedIds); with
 *   a search, the most relevant first, then that order. Premium (paid placement) comes
 *   first only among equally relevant, equally verified providers (decision 0039);
 * - 'nearest' (needs the visitor's position): nearest first (nearestPage);
 * - 'rated': the rating counted with its number of reviews, then the recommended order (ratedIds);
 * - 'quickest' ('Quickest to respond'): quickestPage.
 * With the visitor's position every card carries its distance.
 */
export async function listProviders(
  db: Database,
  providerQuery: ProviderQuery,
): Promise<ProviderPage> {
  const query = await readListingQuery(db, providerQuery);
  const { userLat: lat, userLng: lng } = query;
  const position =
    lat !== undefined && lng !== undefined ? { latitude: lat, longitude: lng } : undefined;
  return pageOf(db, query, position);
}

/**
 * The cards of the providers `ids`, in this order, with why each matched a search's
 * places (the two read side by side).
 */
async function cardsOf(
  db: Database,
  ids: readonly number[],
  query: ListingQuery,
  from: LatLng | undefined,
): Promise<Provider[]> {
  const [cards, addReasons] = await Promise.all([
    pageCards(db, ids, from),
    matchReasons(db, ids, query.searchPlan),
  ]);
  return addReasons(cards);
}

async function pageOf(
  db: Database,
  query: ListingQuery,
  position: LatLng | undefined,
): Promise<ProviderPage> {
  if (query.sort === 'quickest') return quickestPage(db, query, position);
  if (query.sort === 'nearest' && position) {
    const [rows, total] = await Promise.all([
      nearestPage(db, query, position),
      countProviders(db, query),
    ]);
    const [measured, addReasons] = await Promise.all([
      withResponsiveness(db, rows),
      matchReasons(
        db,
        rows.map((row) => row.id),
        query.searchPlan,
      ),
    ]);
    return { items: addReasons(measured.map(toProvider)), total };
  }
  if (query.sort === 'rated') {
    const [ids, total] = await Promise.all([ratedIds(db, query), countProviders(db, query)]);
    return { items: await cardsOf(db, ids, query, position), total };
  }
  const sizes = await rankGroupSizes(db, query);
  const { ids, total } = sizes
    ? { ids: await rankedIds(db, query, sizes), total: sumOf(sizes) }
    : await sortedPage(db, query);
  return { items: await cardsOf(db, ids, query, position), total };
}

/**
 * A page of the matches of a location, search or rating, put in order as they are (the
 * most relevant first for a search), counted in the same pass: each match is read once,
 * not once for the page and again for the total. Each match's sort keys are worked out
 * as it is read, in a sub-select that OFFSET 0 keeps apart, so the count's window holds
 * those few columns instead of the whole row with its search_text (which spilled to disk
 * at 14,000 matches). A page past the end counts apart.
 */
async function sortedPage(
  db: Database,
  query: ListingQuery,
): Promise<{ ids: number[]; total: number }> {
  const relevance = searchRelevanceOf(query) ?? sql<number>`0`;
  const keys = db
    .select({
      id: p.id,
      relevance: relevance.as('relevance'),
      premium: sql<boolean>`${p.isPremium}`.as('premium'),
      verified: sql<boolean>`${providerIsVerified}`.as('verified'),
      rating: sql<string>`${p.rating}`.as('rating'),
      name: sql<string>`${p.name}`.as('name'),
    })
    .from(p)
    .where(providerFilters(query));
  const rows = await selectRows<{ id: number; total: number }>(
    db,
    sql`SELECT id, total
          FROM (SELECT *, (count(*) OVER ())::int AS total FROM (${keys} OFFSET 0) AS keys) AS matches
         ORDER BY relevance DESC, verified DESC, premium DESC, rating DESC, name, id
         LIMIT ${query.limit} OFFSET ${query.offset}`,
  );
  const total = rows[0]?.total ?? (query.offset > 0 ? await countProviders(db, query) : 0);
  return { ids: rows.map((row) => row.id), total };
}

/** A search in the recommended order puts the most relevant first: their relevance. */
const searchRelevanceOf = (query: ListingQuery) =>
  query.searchPlan && (query.sort ?? 'recommended') === 'recommended'
    ? searchRelevance(query.searchPlan)
    : undefined;

/** countedRating() of src/lib/rated-order.ts, in SQL. */
const countedRating = sql`(${p.rating} * ${p.reviewCount} + ${RATED_PRIOR.stars * RATED_PRIOR.reviews}) / (${p.reviewCount} + ${RATED_PRIOR.reviews})`;

/**
 * 'Highest rated': the rating counted with its number of reviews (countedRating), then
 * the rating, the review count and the recommended order. Every match is sorted (no index
 * holds this order with the day's verified key).
 */
async function ratedIds(db: Database, query: ListingQuery): Promise<number[]> {
  const rows = await db
    .select({ id: p.id })
    .from(p)
    .where(providerFilters(query))
    .orderBy(desc(countedRating), desc(p.rating), desc(p.reviewCount), ...LISTING_ORDER)
    .limit(query.limit)
    .offset(query.offset);
  return rows.map((row) => row.id);
}

const sumOf = (sizes: RankGroupSizes) => sizes.reduce((sum, size) => sum + size, 0);

/** Matches of the filters, less the providers already placed (`placed`). */
const matching = (query: ListingQuery, placed: readonly number[]) =>
  and(providerFilters(query), placed.length > 0 ? notInArray(p.id, [...placed]) : undefined);

/** The ids of one group's matches, in the group's order (the ranking index). */
function groupIds(db: Database, query: ListingQuery, rank: number, placed: readonly number[]) {
  const { premium, verified } = RANK_GROUPS[rank] ?? RANK_GROUPS[3];
  return db
    .select({ id: p.id })
    .from(p)
    .where(
      and(
        matching(query, placed),
        eq(p.isPremium, premium),
        verified ? providerIsVerified : not(providerIsVerified),
      ),
    )
    .orderBy(desc(p.rating), asc(p.name), asc(p.id));
}

/**
 * Verified today first, then premium, then rating, name and id. Whether a provider is
 * verified depends on the day, so no index can hold that order, and sorting every match
 * took 300 ms at 100,000 providers. The four groups are read in order from the ranking
 * index (premium, rating, name, id) instead:
 * - when provider_counts knows the groups' sizes (filters by service and verification
 *   only), empty groups and groups wholly before the page are skipped and each group is
 *   read from its own offset, so a page reads about as many rows as it shows;
 * - otherwise (location, search or rating narrow the matches through their own indexes)
 *   the matches are sorted as they are (sortedPage does the same, with the total, for
 *   the recommended order; this branch serves 'Quickest to respond').
 * `placed` leaves out providers a page has already placed ('Quickest to respond'); the
 * sizes then count without them.
 */
async function rankedIds(
  db: Database,
  query: ListingQuery,
  sizes: RankGroupSizes | undefined,
  placed: readonly number[] = [],
): Promise<number[]> {
  let ids: number[];
  if (sizes) {
    ids = [];
    let skip = query.offset;
    for (const [rank, size] of sizes.entries()) {
      const wanted = query.limit - ids.length;
      if (wanted === 0) break;
      if (skip >= size) {
        skip -= size;
        continue;
      }
      const rows = await groupIds(db, query, rank, placed).limit(wanted).offset(skip);
      ids.push(...rows.map((row) => row.id));
      skip = 0;
    }
  } else {
    // Location, search and rating narrow the matches through their own indexes: the
    // matches are few enough to put in order as they are.
    const rows = await db
      .select({ id: p.id })
      .from(p)
      .where(matching(query, placed))
      .orderBy(...LISTING_ORDER)
      .limit(query.limit)
      .offset(query.offset);
    ids = rows.map((row) => row.id);
  }
  return ids;
}

/**
 * The listing's order: verified today, premium, rating, name, id. Premium (paid) only
 * ever puts a provider before others equally verified (decision 0039).
 */
const LISTING_ORDER = [
  desc(providerIsVerified),
  desc(p.isPremium),
  desc(p.rating),
  asc(p.name),
  asc(p.id),
];

/**
 * 'Quickest to respond': the providers with figures (5 counted requests or
 * more) by median time to first response, then by the share answered within 24 business
 * hours, then in the listing's order; then the new ones in the listing's order. The
 * measured ones are few (5 requests in 90 days each) and are read whole with their
 * figures; the new ones are read from the ranking index as in rankedIds, without them.
 * With the visitor's position the cards keep their distance.
 */
async function quickestPage(
  db: Database,
  query: ListingQuery,
  from: LatLng | undefined,
): Promise<ProviderPage> {
  const figures = responsivenessFigures(db, mayBeMeasured);
  const [measured, sizes] = await Promise.all([
    db
      .select({ id: p.id, premium: p.isPremium, verified: providerIsVerified })
      .from(figures)
      .innerJoin(p, eq(p.id, figures.providerId))
      .where(and(providerFilters(query), gte(figures.requests, MIN_MEASURED_REQUESTS)))
      .orderBy(
        sql`${figures.medianMinutes} ASC NULLS LAST`,
        desc(figures.withinDayPercent),
        ...LISTING_ORDER,
      ),
    rankGroupSizes(db, query),
  ]);
  const ids = measured.slice(query.offset, query.offset + query.limit).map((row) => row.id);
  if (ids.length < query.limit) {
    const placed = measured.map((row) => row.id);
    const rest = {
      ...query,
      offset: Math.max(0, query.offset - measured.length),
      limit: query.limit - ids.length,
    };
    const newSizes = sizes?.map(
      (size, rank) =>
        size -
        measured.filter(
          (row) =>
            row.premium === RANK_GROUPS[rank]?.premium &&
            row.verified === RANK_GROUPS[rank].verified,
        ).length,
    ) as RankGroupSizes | undefined;
    ids.push(...(await rankedIds(db, rest, newSizes, placed)));
  }
  const [items, total] = await Promise.all([
    cardsOf(db, ids, query, from),
    sizes ? sumOf(sizes) : countProviders(db, query),
  ]);
  return { items, total };
}

/**
 * Nearest first. KNN on the earth cube (GiST index) orders rows exactly as the
 * great-circle distance does, but only while the distance is the sole sort key; adding
 * the id as a tie-breaker makes Postgres sort every match (100x slower). So the index
 * picks the candidates, `WITH TIES` keeps every row tied with the last one (same spot, or
 * no coordinates), and the few candidates are sorted by distance, then id, so that pages
 * never overlap or skip. The distance in km (haversine, radius 6371) is computed for
 * those rows only; providers without coordinates come last, without one.
 */
function nearestPage(db: Database, query: ListingQuery, from: LatLng) {
  const knn = sql`ll_to_earth(${p.latitude}::float8, ${p.longitude}::float8) <-> ll_to_earth(${from.latitude}::float8, ${from.longitude}::float8)`;
  const nearest = db.select({ id: p.id }).from(p).where(providerFilters(query)).orderBy(knn);
  const candidates = sql`SELECT id FROM (${nearest} FETCH FIRST (${query.offset + query.limit}) ROWS WITH TIES) AS nearest`;
  return db
    .select({ ...publicProviderColumns, distanceKm: distanceKmFrom(from) })
    .from(p)
    .where(sql`${p.id} IN (${candidates})`)
    .orderBy(knn, asc(p.id))
    .limit(query.limit)
    .offset(query.offset);
}
