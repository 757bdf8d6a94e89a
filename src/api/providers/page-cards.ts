import { eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { enquiryAssignments as a, serviceProviders as p } from '../../../db/schema.ts';
import { EARTH_RADIUS_KM, type LatLng } from '../../lib/geo.ts';
import { NOT_MEASURED } from '../../lib/responsiveness.ts';
import { publicProviderColumns, toProvider, type Provider } from './public-columns.ts';
import { responsivenessFigures } from './responsiveness.ts';
import type { ListingQuery } from './provider-filters.ts';
import { postingsArguments, postingsPage } from '../search/posting-search.ts';
import type { SearchPlan } from '../search/plan-search.ts';

/** A position given as numbers, or as SQL (a prepared statement's placeholders). */
type Position = { [K in keyof LatLng]: number | SQL };

/**
 * The distance in km from `from` (haversine, radius 6371); none when the provider has no
 * coordinates or `from` is NULL.
 */
export function distanceKmFrom(from: Position) {
  const lat = sql`${from.latitude}::float8`;
  const lng = sql`${from.longitude}::float8`;
  return sql<number | null>`CASE WHEN ${p.latitude} IS NULL OR ${lat} IS NULL THEN NULL ELSE
    round((2 * ${EARTH_RADIUS_KM} * asin(least(1, sqrt(
      power(sin(radians(${p.latitude}::float8 - ${lat}) / 2), 2) +
      cos(radians(${lat})) * cos(radians(${p.latitude}::float8)) *
      power(sin(radians(${p.longitude}::float8 - ${lng}) / 2), 2)))))::numeric, 2)::float8
    END`;
}

/** The cards' columns: the provider's public ones, its distance and its responsiveness. */
function cardColumns(figures: ReturnType<typeof responsivenessFigures>) {
  return {
    ...publicProviderColumns,
    distanceKm: distanceKmFrom({
      latitude: sql`${sql.placeholder('latitude')}`,
      longitude: sql`${sql.placeholder('longitude')}`,
    }),
    // None for a provider without assignments in the window (the left join).
    requests: sql<number | null>`${figures.requests}`,
    medianMinutes: figures.medianMinutes,
    withinDayPercent: figures.withinDayPercent,
  };
}

/**
 * The cards of a page in one statement: each provider's public columns, its
 * responsiveness figures and its distance from the visitor (NULL placeholders: none).
 * Built by drizzle once per database and prepared under a name, so PostgreSQL plans it
 * once per connection; before, each page built and planned two statements (1.7 ms of a
 * 6 ms search, docs/benchmarks.md).
 */
function buildCardsStatement(db: Database) {
  const ids = sql`${sql.placeholder('ids')}::int[]`;
  const figures = responsivenessFigures(db, sql`${a.providerId} = ANY(${ids})`);
  return db
    .select(cardColumns(figures))
    .from(p)
    .leftJoin(figures, eq(figures.providerId, p.id))
    .where(sql`${p.id} = ANY(${ids})`)
    .prepare('listing_page_cards');
}

/**
 * A search's page, with its total, and its cards in the same statement: the call of
 * search_postings_page (posting-search.ts) as a CTE whose page the cards are read by.
 * One round trip instead of two; the statement is prepared like the cards' own. Each row
 * is a card carrying the total, in the page's order.
 */
function buildSearchCardsStatement(db: Database) {
  const found = db.$with('found').as(
    db
      .select({ total: sql<number>`s.total`.as('total'), page: sql<number[]>`s.page`.as('page') })
      .from(
        sql`search_postings_page(${sql.placeholder('terms')}::jsonb,
              ${sql.placeholder('filters')}::jsonb, ${sql.placeholder('skip')}::int,
              ${sql.placeholder('take')}::int) AS s`,
      ),
  );
  // Cast, so that ANY reads the array rather than the rows of a sub-select.
  const ids = sql`(SELECT ${found.page} FROM ${found})::int[]`;
  const figures = responsivenessFigures(db, sql`${a.providerId} = ANY(${ids})`);
  return db
    .with(found)
    .select({ total: found.total, ...cardColumns(figures) })
    .from(found)
    .innerJoin(p, sql`${p.id} = ANY(${found.page})`)
    .leftJoin(figures, eq(figures.providerId, p.id))
    .orderBy(sql`array_position(${found.page}, ${p.id})`)
    .prepare('search_page_cards');
}

/** Statements built once per database (each prepared once per connection by its name). */
function memoised<T>(build: (db: Database) => T) {
  const built = new WeakMap<Database, T>();
  return (db: Database): T => {
    let statement = built.get(db);
    if (!statement) built.set(db, (statement = build(db)));
    return statement;
  };
}

const cardsStatement = memoised(buildCardsStatement);
const searchCardsStatement = memoised(buildSearchCardsStatement);

/** The placeholders of the visitor's position (NULL: none). */
const positionOf = (from?: LatLng) => ({
  latitude: from?.latitude ?? null,
  longitude: from?.longitude ?? null,
});

type CardRow = Awaited<ReturnType<ReturnType<typeof cardsStatement>['execute']>>[number];

function toCard({ requests, medianMinutes, withinDayPercent, ...row }: CardRow): Provider {
  return toProvider({
    ...row,
    responsiveness:
      requests === null ? NOT_MEASURED : { requests, medianMinutes, withinDayPercent },
  });
}

/** The public answers of these providers, in this order (with the distance from `from`). */
export async function pageCards(
  db: Database,
  ids: readonly number[],
  from?: LatLng,
): Promise<Provider[]> {
  if (ids.length === 0) return [];
  const rows = await cardsStatement(db).execute({ ids: [...ids], ...positionOf(from) });
  const byId = new Map(rows.map((row) => [row.id, toCard(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * A page of a search the posting lists answer, with its cards and the total, in one
 * statement. A page without cards (no match, or past the end) asks for the total apart.
 */
export async function searchPageCards(
  db: Database,
  query: ListingQuery & { searchPlan: SearchPlan },
  from?: LatLng,
): Promise<{ items: Provider[]; total: number }> {
  const rows = await searchCardsStatement(db).execute({
    ...postingsArguments(query),
    ...positionOf(from),
  });
  if (rows.length === 0) {
    const { total } = await postingsPage(db, { ...query, limit: 0 });
    return { items: [], total };
  }
  return { items: rows.map(({ total: _, ...row }) => toCard(row)), total: rows[0]?.total ?? 0 };
}
