import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { serviceProviders as p } from '../../../db/schema.ts';
import { EARTH_RADIUS_KM } from '../../lib/geo.ts';
import type { Provider } from '../../lib/provider.ts';
import type { ProviderQuery } from '../../lib/schemas/provider-query.ts';
import { countProviders } from './count-providers.ts';
import { providerFilters } from './provider-filters.ts';
import { publicProviderColumns } from './public-columns.ts';

export interface ProviderPage {
  items: Provider[];
  total: number;
}

/**
 * One page of approved providers and the total that match. With the visitor's position
 * they come nearest first: KNN on the earth cube (GiST index) orders them exactly as the
 * great-circle distance does, which is computed for the page only.
 */
export async function listProviders(db: Database, query: ProviderQuery): Promise<ProviderPage> {
  const where = providerFilters(query);
  const { userLat: lat, userLng: lng } = query;
  const geo = lat !== undefined && lng !== undefined;

  const order: SQL[] = geo
    ? [
        // The distance alone, so that the GiST index hands rows over in order (a second
        // sort key would force a sort of every match).
        sql`ll_to_earth(${p.latitude}::float8, ${p.longitude}::float8) <-> ll_to_earth(${lat}::float8, ${lng}::float8)`,
      ]
    : [desc(p.isPremium), desc(p.isVerified), desc(p.rating), asc(p.name), asc(p.id)];

  const distance = geo
    ? sql<number | null>`round((2 * ${EARTH_RADIUS_KM} * asin(least(1, sqrt(
        power(sin(radians(${p.latitude}::float8 - ${lat}::float8) / 2), 2) +
        cos(radians(${lat}::float8)) * cos(radians(${p.latitude}::float8)) *
        power(sin(radians(${p.longitude}::float8 - ${lng}::float8) / 2), 2)))))::numeric, 2)::float8`
    : undefined;

  const [items, total] = await Promise.all([
    db
      .select(distance ? { ...publicProviderColumns, distanceKm: distance } : publicProviderColumns)
      .from(p)
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset(query.offset),
    countProviders(db, query),
  ]);

  return { items: items.map(toProvider), total };
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
