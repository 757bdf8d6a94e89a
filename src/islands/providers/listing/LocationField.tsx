import { answer, api } from '../../../lib/api-client';
import type { LatLng } from '../../../lib/geo';
import { apiPlaceSource, placeOption, type PlaceOption } from '../../ui/place-sources';
import { PlaceCombobox, type TypedBefore } from '../../ui/PlaceCombobox';
import { useLoaded } from '../../ui/use-loaded';
import { locationSuggestions, NEAREST_TOWN_COUNT } from './location-suggestions';

export interface LocationFieldProps {
  id: string;
  /** The chosen place's value, undefined for none. */
  value: string | undefined;
  valueName: string | undefined;
  position: LatLng | undefined;
  inSheet: boolean;
  onSelect: (place: PlaceOption | null) => void;
  typedBefore?: TypedBefore;
}

/**
 * The listing's town picker: every place in South Africa from GET /api/places, offering
 * the default towns, or once Near me is on the towns nearest the visitor. Loaded when a
 * visitor first reaches the field (LazyLocationField, docs/decisions/0049).
 */
export default function LocationField({
  id,
  value,
  valueName,
  position,
  inSheet,
  onSelect,
  typedBefore,
}: LocationFieldProps) {
  const suggestions = useLocationSuggestions(position);
  return (
    <PlaceCombobox
      id={id}
      label="Location"
      placeholder="All Locations"
      value={value}
      valueName={valueName}
      source={apiPlaceSource}
      suggestions={suggestions.places}
      suggestionsLabel={suggestions.label}
      popup={inSheet ? 'inline' : 'overlay'}
      onSelect={onSelect}
      {...(typedBefore && { typedBefore })}
    />
  );
}

/** The suggestions, with the cities and towns nearest the visitor from GET /api/places/near. */
function useLocationSuggestions(position: LatLng | undefined) {
  const lat = position?.latitude.toFixed(4);
  const lng = position?.longitude.toFixed(4);
  const nearby = useLoaded(
    () =>
      answer(
        api.places.near.$get({
          query: { lat, lng, kinds: 'city,town', limit: String(NEAREST_TOWN_COUNT) },
        }),
      ),
    `${lat},${lng}`,
    position !== undefined,
  );
  return locationSuggestions(
    position,
    nearby.status === 'done' ? nearby.data.map(placeOption) : undefined,
  );
}
