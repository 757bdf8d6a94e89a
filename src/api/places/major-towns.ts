/**
 * The major towns (decision 0033) as the places table has them, in their order, with
 * their other names: what a request's location is placed on (reassign-candidates.ts).
 * One small query on the unique index of major_rank, made when an admin reassigns.
 */
import { asc, isNotNull } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { places } from '../../../db/schema.ts';
import type { ProvinceId } from '../../lib/catalog/provinces.ts';
import { placeOnMapColumns } from './place-columns.ts';

export interface MajorTownPlace {
  value: string;
  name: string;
  province: ProvinceId;
  latitude: number;
  longitude: number;
  otherNames: string[];
}

export function majorTownPlaces(db: Queryable): Promise<MajorTownPlace[]> {
  return db
    .select({
      ...placeOnMapColumns,
      otherNames: places.otherNames,
    })
    .from(places)
    .where(isNotNull(places.majorRank))
    .orderBy(asc(places.majorRank));
}
