import { useCallback, useEffect, useState } from 'react';
import { answer, api } from '../../../lib/api-client';
import { MAJOR_TOWNS } from '../../../lib/catalog/major-towns';
import type { PlaceOption } from '../../ui/place-sources';
import { useLoaded } from '../../ui/use-loaded';

/**
 * The names of the places the listing shows by value (the town chip, the picker's text):
 * those the picker has listed, and, for a shared link to a place other than the major
 * towns, the name GET /api/places/:value gives.
 */
export function usePlaceNames(location: string, enabled: boolean) {
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());
  const remember = useCallback((place: PlaceOption) => {
    setNames((known) =>
      known.get(place.value) === place.name ? known : new Map(known).set(place.value, place.name),
    );
  }, []);

  const unnamed =
    location !== 'all' &&
    !names.has(location) &&
    !MAJOR_TOWNS.some((town) => town.value === location)
      ? location
      : undefined;
  const named = useLoaded(
    () => answer(api.places[':value'].$get({ param: { value: unnamed ?? '' } })),
    unnamed ?? '',
    enabled && unnamed !== undefined,
  );
  const data = named.status === 'done' ? named.data : undefined;
  useEffect(() => {
    if (data) remember(data);
  }, [data, remember]);

  return [names, remember] as const;
}
