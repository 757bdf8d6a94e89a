import { MAJOR_TOWNS } from '../../../lib/catalog/major-towns';
import { DEFAULT_TOWN_VALUES, nearestTowns, type LatLng } from '../../../lib/geo';
import { townOption, type PlaceOption } from '../../ui/place-sources';

/** Spec section 9: with the visitor's position, the 12 nearest towns are offered. */
export const NEAREST_TOWN_COUNT = 12;

/** Spec section 9's six default towns, in the spec's order. */
const DEFAULT_TOWNS: readonly PlaceOption[] = DEFAULT_TOWN_VALUES.flatMap((value) =>
  MAJOR_TOWNS.filter((town) => town.value === value).map(townOption),
);

export interface LocationSuggestions {
  label: string;
  places: readonly PlaceOption[];
}

/**
 * What the town picker offers before anything is typed: once Near me is on, the towns
 * nearest the visitor (`nearby`, from the places table; the nearest major towns until it
 * answers), otherwise the six default towns.
 */
export function locationSuggestions(
  position: LatLng | undefined,
  nearby?: readonly PlaceOption[],
): LocationSuggestions {
  if (!position) return { label: 'Main cities', places: DEFAULT_TOWNS };
  return {
    label: 'Towns near you',
    places: nearby ?? nearestTowns(position, NEAREST_TOWN_COUNT, MAJOR_TOWNS).map(townOption),
  };
}
