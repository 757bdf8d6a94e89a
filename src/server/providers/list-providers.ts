import { and, asc, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { serviceProviders as p } from '../../../db/schema.ts';
import { EARTH_RADIUS_KM } from '../../lib/geo.ts';
import type { Provider } from '../../lib/provider.ts';
import type { ProviderQuery } from '../../lib/schemas/provider-query.ts';
import { publicProviderColumns } from './public-columns.ts';

export interface ProviderPage {
  items: Provider[];
  total: number;
}

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

function filters(query: ProviderQuery): SQL {
  const conditions: (SQL | undefined)[] = [eq(p.isApproved, true)];
  if (query.serviceType) conditions.push(sql`${p.services} @> ARRAY[${query.serviceType}]::text[]`);
  if (query.location) conditions.push(sql`${p.areaValues} @> ARRAY[${query.location}]::text[]`);
  if (query.rating !== undefined) conditions.push(gte(p.rating, query.rating.toFixed(1)));
  if (query.verification === 'verified') conditions.push(eq(p.isVerified, true));
  if (query.verification === 'premium') conditions.push(eq(p.isPremium, true));
  if (query.search) {
    // search_text is lower-cased; LIKE on it uses the trigram index.
    conditions.push(sql`${p.searchText} LIKE ${`%${escapeLike(query.search.toLowerCase())}%`}`);
  }
  return and(...conditions) ?? sql`true`;
}

/**
 * One page of approved providers and the total that match. With the visitor's position
 * they come nearest first: KNN on the earth cube (GiST index) orders them exactly as the
 * great-circle distance does, which is computed for the page only.
 */
export async function listProviders(db: Database, query: ProviderQuery): Promise<ProviderPage> {
  const where = filters(query);
  const { userLat: lat, userLng: lng } = query;
  const geo = lat !== undefined && lng !== undefined;

  const order: SQL[] = geo
    ? [
        sql`ll_to_earth(${p.latitude}::float8, ${p.longitude}::float8) <-> ll_to_earth(${lat}::float8, ${lng}::float8)`,
        asc(p.id),
      ]
    : [desc(p.isPremium), desc(p.isVerified), desc(p.rating), asc(p.name), asc(p.id)];

  const distance = geo
    ? sql<number | null>`round((2 * ${EARTH_RADIUS_KM} * asin(least(1, sqrt(
        power(sin(radians(${p.latitude}::float8 - ${lat}::float8) / 2), 2) +
        cos(radians(${lat}::float8)) * cos(radians(${p.latitude}::float8)) *
        power(sin(radians(${p.longitude}::float8 - ${lng}::float8) / 2), 2)))))::numeric, 2)::float8`
    : undefined;

  const [items, [count]] = await Promise.all([
    db
      .select(distance ? { ...publicProviderColumns, distanceKm: distance } : publicProviderColumns)
      .from(p)
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(p)
      .where(where),
  ]);

  return { items: items.map(toProvider), total: count?.total ?? 0 };
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
