import { and, asc, desc, eq, inArray, not, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { serviceProviders as p } from '../../../db/schema.ts';
import { EARTH_RADIUS_KM, type LatLng } from '../../lib/geo.ts';
import type { ProviderQuery } from '../../lib/schemas/provider-query.ts';
import { countProviders, rankGroupSizes, type RankGroupSizes } from './count-providers.ts';
import { providerFilters } from './provider-filters.ts';
import { publicProviderColumns, type Provider } from './public-columns.ts';
import { providerIsVerified } from '../verification/verified-sql.ts';

export interface ProviderPage {
  items: Provider[];
  total: number;
}

/**
 * One page of approved providers and the total that match. Without the visitor's
 * position: premium, verified, rating, name (rankedPage). With it: nearest first.
 */
export async function listProviders(db: Database, query: ProviderQuery): Promise<ProviderPage> {
  const { userLat: lat, userLng: lng } = query;
  if (lat !== undefined && lng !== undefined) {
    const [items, total] = await Promise.all([
      nearestPage(db, query, { latitude: lat, longitude: lng }),
      countProviders(db, query),
    ]);
    return { items: items.map(toProvider), total };
  }
  const sizes = await rankGroupSizes(db, query);
  const [items, total] = await Promise.all([
    rankedPage(db, query, sizes),
    sizes ? sizes.reduce((sum, size) => sum + size, 0) : countProviders(db, query),
  ]);
  return { items: items.map(toProvider), total };
}

/** The listing's groups in order: premium and verified, premium, verified, the rest. */
const RANK_GROUPS = [
  { premium: true, verified: true },
  { premium: true, verified: false },
  { premium: false, verified: true },
  { premium: false, verified: false },
] as const;

/** The ids of one group's matches, in the group's order (the ranking index). */
function groupIds(db: Database, query: ProviderQuery, rank: number) {
  const { premium, verified } = RANK_GROUPS[rank] ?? RANK_GROUPS[3];
  return db
    .select({ id: p.id })
    .from(p)
    .where(
      and(
        providerFilters(query),
        eq(p.isPremium, premium),
        verified ? providerIsVerified : not(providerIsVerified),
      ),
    )
    .orderBy(desc(p.rating), asc(p.name), asc(p.id));
}

/**
 * Premium first, then verified today, then rating, name and id. Whether a provider is
 * verified depends on the day, so no index can hold that order, and sorting every match
 * took 300 ms at 100,000 providers. The four groups are read in order from the ranking
 * index (premium, rating, name, id) instead:
 * - when provider_counts knows the groups' sizes (filters by service and verification
 *   only), empty groups and groups wholly before the page are skipped and each group is
 *   read from its own offset, so a page reads about as many rows as it shows;
 * - otherwise (location, search or rating narrow the matches through their own indexes)
 *   the matches are sorted as they are.
 */
async function rankedPage(db: Database, query: ProviderQuery, sizes: RankGroupSizes | undefined) {
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
      const rows = await groupIds(db, query, rank).limit(wanted).offset(skip);
      ids.push(...rows.map((row) => row.id));
      skip = 0;
    }
  } else {
    // Location, search and rating narrow the matches through their own indexes: the
    // matches are few enough to put in order as they are.
    const rows = await db
      .select({ id: p.id })
      .from(p)
      .where(providerFilters(query))
      .orderBy(desc(p.isPremium), desc(providerIsVerified), desc(p.rating), asc(p.name), asc(p.id))
      .limit(query.limit)
      .offset(query.offset);
    ids = rows.map((row) => row.id);
  }
  if (ids.length === 0) return [];
  const rows = await db.select(publicProviderColumns).from(p).where(inArray(p.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
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
function nearestPage(db: Database, query: ProviderQuery, from: LatLng) {
  const knn = sql`ll_to_earth(${p.latitude}::float8, ${p.longitude}::float8) <-> ll_to_earth(${from.latitude}::float8, ${from.longitude}::float8)`;
  const nearest = db.select({ id: p.id }).from(p).where(providerFilters(query)).orderBy(knn);
  const candidates = sql`SELECT id FROM (${nearest} FETCH FIRST (${query.offset + query.limit}) ROWS WITH TIES) AS nearest`;
  const distanceKm = sql<number | null>`CASE WHEN ${p.latitude} IS NULL THEN NULL ELSE
    round((2 * ${EARTH_RADIUS_KM} * asin(least(1, sqrt(
      power(sin(radians(${p.latitude}::float8 - ${from.latitude}::float8) / 2), 2) +
      cos(radians(${from.latitude}::float8)) * cos(radians(${p.latitude}::float8)) *
      power(sin(radians(${p.longitude}::float8 - ${from.longitude}::float8) / 2), 2)))))::numeric, 2)::float8
    END`;
  return db
    .select({ ...publicProviderColumns, distanceKm })
    .from(p)
    .where(sql`${p.id} IN (${candidates})`)
    .orderBy(knn, asc(p.id))
    .limit(query.limit)
    .offset(query.offset);
}

type Row = Omit<Provider, 'createdAt' | 'distanceKm'> & {
  createdAt: Date;
  distanceKm?: number | null;
};

export function toProvider(row: Row): Provider {
  const { distanceKm, createdAt, ...rest } = row;
  return {
    ...rest,
    createdAt: createdAt.toISOString(),
    ...(distanceKm !== undefined && distanceKm !== null ? { distanceKm } : {}),
  };
}
