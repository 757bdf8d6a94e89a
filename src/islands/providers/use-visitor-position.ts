import { useEffect, useState } from 'react';
import type { LatLng } from '../../lib/geo';

export type PositionState =
  | { status: 'pending' }
  | { status: 'known'; position: LatLng }
  | { status: 'unavailable'; notice: string };

export const LOCATION_NOTICES = {
  denied: 'Unable to detect location. Providers will be shown in default order.',
  unsupported: 'Geolocation not supported. Providers will be shown in default order.',
} as const;

/** Spec section 9: asked once, 10 s timeout, low accuracy. */
export function useVisitorPosition(): PositionState {
  const [state, setState] = useState<PositionState>({ status: 'pending' });
  useEffect(() => {
    if (!('geolocation' in navigator)) {
      setState({ status: 'unavailable', notice: LOCATION_NOTICES.unsupported });
      return;
    }
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        setState({
          status: 'known',
          position: { latitude: coords.latitude, longitude: coords.longitude },
        }),
      () => setState({ status: 'unavailable', notice: LOCATION_NOTICES.denied }),
      { timeout: 10_000, enableHighAccuracy: false, maximumAge: 5 * 60 * 1000 },
    );
  }, []);
  return state;
}
