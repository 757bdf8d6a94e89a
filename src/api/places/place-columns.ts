import { places } from '../../../db/schema.ts';

/**
 * A place's name and where it lies: what a request's location is placed on, from the
 * major towns (major-towns.ts) or from any place it names (place-of-request.ts).
 */
export const placeOnMapColumns = {
  value: places.value,
  name: places.name,
  province: places.province,
  latitude: places.latitude,
  longitude: places.longitude,
};
