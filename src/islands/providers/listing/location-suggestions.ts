import { useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api-client';
import { MAJOR_TOWNS } from '../../../lib/catalog/major-towns';
import { DEFAULT_TOWN_VALUES, nearestTowns, type LatLng } from '../../../lib/geo';
import { placeOption, townOption, type PlaceOption } from '../../ui/place-sources';

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

/** The suggestions, with the cities and towns nearest the visitor from GET /api/places/near. */
export function useLocationSuggestions(position: LatLng | undefined): LocationSuggestions {
  const lat = position?.latitude.toFixed(4);
  const lng = position?.longitude.toFixed(4);
  const { data } = useQuery({
    queryKey: ['/api/places/near', lat, lng],
    queryFn: () =>
      answer(
        api.places.near.$get({
          query: { lat, lng, kinds: 'city,town', limit: String(NEAREST_TOWN_COUNT) },
        }),
      ),
    enabled: position !== undefined,
    staleTime: Infinity,
    retry: false,
  });
  return locationSuggestions(position, data?.map(placeOption));
}
