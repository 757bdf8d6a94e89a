/**
 * Places of South Africa: the words shared by the `places` table
 * (db/schema.ts), its loader (db/places/load-places.ts), the build script
 * (scripts/build-places.ts) and the /api/places routes.
 */

import { provinceName } from './catalog/provinces.ts';
import { townValue } from './catalog/town-value.ts';

/** What a place is, largest first. A suburb or township lies in a `parent` city or town. */
export const PLACE_KINDS = ['city', 'town', 'suburb', 'township', 'village'] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];

/**
 * South Africa's bounding box (with Lesotho and Eswatini inside it): every place's
 * coordinates lie in it. Marion Island is left out on purpose: no provider works there.
 */
export const SOUTH_AFRICA_BOUNDS = {
  minLatitude: -35,
  maxLatitude: -22,
  minLongitude: 16,
  maxLongitude: 33,
} as const;

/**
 * A name as it is looked up (the `key` of `place_names`): accents dropped, lower case,
 * apostrophes dropped ("Jeffrey's Bay" is 'jeffreys bay', as people type it), every
 * other run of punctuation or space one space. 'eThekwini' and 'ETHEKWINI' are one key;
 * 'Port-Elizabeth' and 'Port Elizabeth' too. Search normalises typed text the same way.
 */
export function placeKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’‘`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * The text to store as a location or coverage area for a place, so that its town value
 * (townValue, and `area_values` in the database) is the place's value: its name, or for a
 * second place of the same name its name and province ('Middelburg, Eastern Cape' is
 * 'middelburg-eastern-cape').
 */
export function placeLabel(place: { value: string; name: string; province: string }): string {
  if (townValue(place.name) === place.value) return place.name;
  return `${place.name}, ${provinceName(place.province)}`;
}
