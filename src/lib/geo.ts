/** Spec section 9: great-circle distance on a sphere of radius 6371 km. */
export const EARTH_RADIUS_KM = 6371;

export interface LatLng {
  latitude: number;
  longitude: number;
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Haversine great-circle distance in kilometres. */
export function distanceKm(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLng = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The `count` of `towns` nearest to `from`, nearest first. */
export function nearestTowns<T extends LatLng>(
  from: LatLng,
  count: number,
  towns: readonly T[],
): T[] {
  return towns
    .map((town) => ({ town, km: distanceKm(from, town) }))
    .sort((a, b) => a.km - b.km)
    .slice(0, count)
    .map(({ town }) => town);
}

export const DEFAULT_TOWN_VALUES = [
  'johannesburg',
  'cape-town',
  'durban',
  'pretoria',
  'port-elizabeth',
  'bloemfontein',
] as const;

export function isValidLatitude(value: number): boolean {
  return Number.isFinite(value) && value >= -90 && value <= 90;
}

export function isValidLongitude(value: number): boolean {
  return Number.isFinite(value) && value >= -180 && value <= 180;
}
