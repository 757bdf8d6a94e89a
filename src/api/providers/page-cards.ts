import { eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { enquiryAssignments as a, serviceProviders as p } from '../../../db/schema.ts';
import { EARTH_RADIUS_KM, type LatLng } from '../../lib/geo.ts';
import { NOT_MEASURED } from '../../lib/responsiveness.ts';
import { publicProviderColumns, toProvider, type Provider } from './public-columns.ts';
import { responsivenessFigures } from './responsiveness.ts';

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
