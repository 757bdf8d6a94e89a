import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { distanceKm } from '../../lib/geo.ts';
import type { NearPlace, PlaceNearQuery } from '../../lib/schemas/places.ts';
import { summaryOf, type PlaceRow } from './place-summary.ts';

interface Row extends PlaceRow {
  latitude: number;
  longitude: number;
}

/**
 * The places nearest a position, nearest first: KNN on the earth cube (places_earth_idx),
 * the same order as great-circle distance; the distance is the spec's (geo.ts).
 */
export async function nearPlaces(db: Database, query: PlaceNearQuery): Promise<NearPlace[]> {
  const from = { latitude: query.lat, longitude: query.lng };
  const kinds = query.kinds ? sql`AND p.kind IN ${query.kinds}` : sql``;
  const result: unknown = await db.execute(sql`
    SELECT p.value, p.name, p.province, p.kind, p.parent, parent.name AS parent_name,
           p.latitude, p.longitude
      FROM (SELECT * FROM places p
             WHERE TRUE ${kinds}
             ORDER BY ll_to_earth(p.latitude, p.longitude) <-> ll_to_earth(${query.lat}::float8, ${query.lng}::float8)
             LIMIT ${query.limit}) AS p
      LEFT JOIN places parent ON parent.value = p.parent`);
  return (result as { rows: Row[] }).rows
    .map((row) => ({
      ...summaryOf(row),
      distanceKm: Math.round(distanceKm(from, row) * 10) / 10,
    }))
    .sort((a, b) => a.distanceKm - b.distanceKm);
}
