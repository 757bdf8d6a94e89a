import { asc, desc, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { serviceProviders as p } from '../../../db/schema.ts';
import { EARTH_RADIUS_KM, type LatLng } from '../../lib/geo.ts';
import type { ProviderQuery } from '../../lib/schemas/provider-query.ts';
import { countProviders } from './count-providers.ts';
import { providerFilters } from './provider-filters.ts';
import { publicProviderColumns, type Provider } from './public-columns.ts';

export interface ProviderPage {
  items: Provider[];
  total: number;
}

/**
 * One page of approved providers and the total that match. Without the visitor's
 * position: premium, verified, rating, name (the listing index). With it: nearest first.
 */
export async function listProviders(db: Database, query: ProviderQuery): Promise<ProviderPage> {
  const { userLat: lat, userLng: lng } = query;
  const [items, total] = await Promise.all([
    lat !== undefined && lng !== undefined
      ? nearestPage(db, query, { latitude: lat, longitude: lng })
      : db
          .select(publicProviderColumns)
          .from(p)
          .where(providerFilters(query))
          .orderBy(desc(p.isPremium), desc(p.isVerified), desc(p.rating), asc(p.name), asc(p.id))
          .limit(query.limit)
          .offset(query.offset),
    countProviders(db, query),
  ]);
  return { items: items.map(toProvider), total };
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
