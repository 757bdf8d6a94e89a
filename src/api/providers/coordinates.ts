import { townValue } from '../../lib/catalog/town-value.ts';
import { TOWNS } from '../../lib/catalog/towns.ts';

/**
 * The coordinates of a provider's location when it is a town of the built-in table (for
 * nearest-first sorting); none otherwise.
 */
export function coordinatesOf(location: string): {
  latitude: string | null;
  longitude: string | null;
} {
  const town = TOWNS.find((t) => t.value === townValue(location));
  return town
    ? { latitude: town.latitude.toFixed(8), longitude: town.longitude.toFixed(8) }
    : { latitude: null, longitude: null };
}
