/**
 * The towns that get a page per service (/services/{slug}/{town}): the
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

/** How far a town may lie and still be called nearby (an hour or two by road). */
export const NEARBY_KM = 200;

/** How many other towns a service-in-town page links. */
export const LINKED_TOWNS = 8;

/** How many towns a far-off town links when none lies within NEARBY_KM. */
const NEAREST_FAR_TOWNS = 3;

export interface NearbyTowns {
  /** 'nearby' when every town lies within NEARBY_KM; 'nearest' when none does. */
  reach: 'nearby' | 'nearest';
  towns: (ServiceTown & { km: number })[];
}

/**
 * The other towns of the same service to link from `town`'s page, nearest first, each
 * with its distance: up to LINKED_TOWNS within NEARBY_KM, called nearby; when none lies
 * that close (Gqeberha's nearest CCTV town may be 500 km off), the few nearest, called
 * only that. A town 600 km away is nobody's nearby town.
 */
export function nearbyServiceTowns(towns: readonly ServiceTown[], town: ServiceTown): NearbyTowns {
  const others = towns
    .filter((other) => other.service === town.service && other.value !== town.value)
    .map((other) => ({ ...other, km: Math.round(distanceKm(town, other)) }))
    .sort((a, b) => a.km - b.km || a.name.localeCompare(b.name));
  const near = others.filter((other) => other.km <= NEARBY_KM).slice(0, LINKED_TOWNS);
  return near.length > 0
    ? { reach: 'nearby', towns: near }
    : { reach: 'nearest', towns: others.slice(0, NEAREST_FAR_TOWNS) };
}
