/**
 * The towns that get a page per service (issue 15, point 6: /services/{slug}/{town}): the
 * places where, or around which, an approved provider offers the service (area_values:
 * the provider's location and every coverage area). `providers` counts those; it orders
 * the towns. A page's list and count come from the listing itself, so they always agree
 * with /providers?serviceType=…&location=…, which also shows a suburb the providers of
 * its city (readListingQuery).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import type { ServiceId } from '../../lib/catalog/categories.ts';
import type { ProvinceId } from '../../lib/catalog/provinces.ts';
import { distanceKm } from '../../lib/geo.ts';

export interface ServiceTown {
  service: ServiceId;
  value: string;
  name: string;
  province: ProvinceId;
  latitude: number;
  longitude: number;
  /** Approved providers offering the service in the town or covering it by name. */
  providers: number;
}

/** Every (service, town) with providers, most providers first within a service. */
export async function listServiceTowns(db: Database): Promise<ServiceTown[]> {
  const result: unknown = await db.execute(sql`
    SELECT s.service, pl.value, pl.name, pl.province, pl.latitude, pl.longitude,
           count(DISTINCT p.id)::int AS providers
      FROM service_providers p
     CROSS JOIN LATERAL unnest(p.services) AS s(service)
     CROSS JOIN LATERAL unnest(p.area_values) AS a(value)
      JOIN places pl ON pl.value = a.value
     WHERE p.is_approved
     GROUP BY s.service, pl.value
     ORDER BY s.service, providers DESC, pl.name`);
  // float8 arrives as a number from PGlite and node-postgres, as text from some drivers.
  type Row = Omit<ServiceTown, 'latitude' | 'longitude'> & {
    latitude: number | string;
    longitude: number | string;
  };
  return (result as { rows: Row[] }).rows.map((row) => ({
    ...row,
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
  }));
}

/** The `count` other towns of the same service nearest to `town`, nearest first. */
export function nearbyServiceTowns(
  towns: readonly ServiceTown[],
  town: ServiceTown,
  count: number,
): (ServiceTown & { km: number })[] {
  return towns
    .filter((other) => other.service === town.service && other.value !== town.value)
    .map((other) => ({ ...other, km: Math.round(distanceKm(town, other)) }))
    .sort((a, b) => a.km - b.km || a.name.localeCompare(b.name))
    .slice(0, count);
}
