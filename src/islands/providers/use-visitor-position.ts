import { useCallback, useEffect, useRef, useState } from 'react';
import type { LatLng } from '../../lib/geo';

/**
 * Near me: the position is asked for only when the visitor presses
 * the button, never on load.
 * - off: not asked (or turned off);
 * - asking: the browser is asking or locating;
 * - on: known, the list can be nearest first with distances.
 */
export type PositionState =
  { status: 'off' } | { status: 'asking' } | { status: 'on'; position: LatLng };

/** Spec section 9's texts, said once in a polite live region when Near me fails. */
export const LOCATION_NOTICES = {
  denied: 'Unable to detect location. Providers will be shown in default order.',
  unsupported: 'Geolocation not supported. Providers will be shown in default order.',
} as const;

/** How long the refusal's message stays before it goes (no lingering notice). */
export const NOTICE_MS = 6000;

/**
 * The choice is remembered for the browser tab's session only (sessionStorage): a reload
 * or the next page of the site keeps Near me on without asking again, and nothing is kept
 * once the tab is closed. The position itself is never stored.
 */
const SESSION_KEY = 'near-me';

/** Spec section 9: 10 s timeout, low accuracy. */
const OPTIONS: PositionOptions = {
  timeout: 10_000,
  enableHighAccuracy: false,
  maximumAge: 5 * 60 * 1000,
};

export interface VisitorPosition {
  state: PositionState;
  /** The message of the last failure, cleared after NOTICE_MS. */
  notice: string;
  turnOn: () => void;
  turnOff: () => void;
}

export function useVisitorPosition(): VisitorPosition {
  const [state, setState] = useState<PositionState>({ status: 'off' });
  const [notice, setNotice] = useState('');
  const noticeTimer = useRef(0);
  const asked = useRef(0);

  const say = useCallback((text: string) => {
    window.clearTimeout(noticeTimer.current);
    setNotice(text);
    noticeTimer.current = window.setTimeout(() => setNotice(''), NOTICE_MS);
  }, []);

  const turnOn = useCallback(() => {
    if (!('geolocation' in navigator)) {
      say(LOCATION_NOTICES.unsupported);
      return;
    }
    // A later answer wins over an earlier one still pending (turned off meanwhile).
    const call = ++asked.current;
    setState({ status: 'asking' });
    setNotice('');
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        if (call !== asked.current) return;
        remember(true);
        setState({
          status: 'on',
          position: { latitude: coords.latitude, longitude: coords.longitude },
        });
      },
      () => {
        if (call !== asked.current) return;
        remember(false);
        setState({ status: 'off' });
        say(LOCATION_NOTICES.denied);
      },
      OPTIONS,
    );
  }, [say]);

  const turnOff = useCallback(() => {
    asked.current++;
    remember(false);
    setState({ status: 'off' });
  }, []);

  useEffect(() => {
    // Turned on earlier in this tab's session: asked again only if the browser already
    // grants it, so the page never shows a prompt on load.
    if (!remembered() || !('geolocation' in navigator) || !('permissions' in navigator)) return;
    navigator.permissions
      .query({ name: 'geolocation' })
      .then((permission) => {
        if (permission.state === 'granted') turnOn();
        else remember(false);
      })
      .catch(() => remember(false));
  }, [turnOn]);

  useEffect(() => () => window.clearTimeout(noticeTimer.current), []);

  return { state, notice, turnOn, turnOff };
}

function remembered(): boolean {
  try {
    return sessionStorage.getItem(SESSION_KEY) === 'on';
  } catch {
    return false; // storage blocked: nothing is remembered
  }
}

function remember(on: boolean) {
  try {
    if (on) sessionStorage.setItem(SESSION_KEY, 'on');
    else sessionStorage.removeItem(SESSION_KEY);
  } catch {
    // storage blocked: the choice lasts for this page only
  }
}
