/**
 * Where the coverage editor finds towns: GET /api/places (the places table, decision
 * 0027), each offered with the text it is stored as (placeLabel).
 */
import { answer, api } from '../../../lib/api-client';
import { provinceName } from '../../../lib/catalog/provinces';
import { placeLabel } from '../../../lib/places';
import type { PlaceOption, PlaceSource } from '../../ui/place-sources';

export const coveragePlaceSource: PlaceSource = async (query, limit) => {
  const places = await answer(api.places.$get({ query: { q: query, limit: String(limit) } }));
  return places.map((place): PlaceOption => ({
    value: place.value,
    name: placeLabel(place),
    // A suburb says its town: "Umhlanga" in "Durban, KwaZulu-Natal".
    detail: [place.parent?.name, provinceName(place.province)].filter(Boolean).join(', '),
  }));
};
