import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import * as z from 'zod/mini';
import type { Database } from '../../../db/client.ts';
import { places } from '../../../db/schema.ts';
import { PlaceValueSchema, type PlaceDetail } from '../../lib/schemas/places.ts';
import { AppError } from '../errors.ts';

export const PLACE_NOT_FOUND = 'Place not found';

const parentPlace = alias(places, 'parent_place');

/** One place with its coordinates; 404 when the table has no such value (or none could be). */
export async function getPlace(db: Database, value: string): Promise<PlaceDetail> {
  if (!z.safeParse(PlaceValueSchema, value).success)
    throw new AppError('not_found', PLACE_NOT_FOUND);
  const [row] = await db
    .select({
      place: {
        value: places.value,
        name: places.name,
        province: places.province,
        kind: places.kind,
        latitude: places.latitude,
        longitude: places.longitude,
        population: places.population,
        otherNames: places.otherNames,
      },
      parent: places.parent,
      parentName: parentPlace.name,
    })
    .from(places)
    .leftJoin(parentPlace, eq(parentPlace.value, places.parent))
    .where(eq(places.value, value));
  if (!row) throw new AppError('not_found', PLACE_NOT_FOUND);
  const { place, parent, parentName } = row;
  return {
    ...place,
    ...(parent && parentName ? { parent: { value: parent, name: parentName } } : {}),
  };
}
