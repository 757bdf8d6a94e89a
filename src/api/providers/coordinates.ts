import { sql, type SQL } from 'drizzle-orm';
import { townValue } from '../../lib/catalog/town-value.ts';
import { placeKey } from '../../lib/places.ts';

/**
 * The coordinates of a provider's location (for nearest-first sorting and distances), as
 * SQL for the insert or update that stores the location: the place of the `places` table
 * whose value is the location's town value ('Cape Town'), else the biggest place with
 * that name or other name ('Gqeberha' is Port Elizabeth); none (NULL) for a location the
 * table does not know. Read in the same statement, so no extra round trip.
 */
export function coordinatesOf(location: string): { latitude: SQL; longitude: SQL } {
  const value = townValue(location);
  const key = placeKey(location);
  const pick = (column: SQL) => sql`(
    SELECT round(${column}::numeric, 8) FROM places p
     WHERE p.value = ${value}
        OR p.value IN (SELECT n.value FROM place_names n WHERE n.key = ${key})
     ORDER BY p.value = ${value} DESC, p.population DESC NULLS LAST, p.value
     LIMIT 1)`;
  return { latitude: pick(sql`p.latitude`), longitude: pick(sql`p.longitude`) };
}
