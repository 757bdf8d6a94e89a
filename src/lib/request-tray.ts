/**
 * The request tray (docs/decisions/0050): the providers a visitor chose to ask for one
 * request, at most MAX_REQUEST_PROVIDERS, kept in localStorage so that it survives
 * navigation and a closed tab. Plain functions, no framework: the tray's bar and the
 * pre-rendered cards' buttons work without React (src/components/RequestTray.astro), and
 * the request page's island reads the same store.
 */
import { MAX_REQUEST_PROVIDERS } from './request-limits.ts';
import { TRAY_KEY as KEY } from './request-tray-key.ts';

export { MAX_REQUEST_PROVIDERS };

/** A provider in the tray: its id, and its name for the bar (the request page fetches the rest). */
export interface TrayProvider {
  id: number;
  name: string;
}

/** Said to this page's listeners; other tabs hear the 'storage' event. */
const CHANGED = 'request-tray-change';

const isTrayProvider = (value: unknown): value is TrayProvider =>
  typeof value === 'object' &&
  value !== null &&
  Number.isSafeInteger((value as TrayProvider).id) &&
  (value as TrayProvider).id > 0 &&
  typeof (value as TrayProvider).name === 'string';

/** The providers in the tray, in the order they were added (nothing stored: none). */
export function readTray(): TrayProvider[] {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? '[]');
    if (!Array.isArray(stored)) return [];
    const seen = new Set<number>();
    return stored
      .filter(isTrayProvider)
      .filter(({ id }) => !seen.has(id) && Boolean(seen.add(id)))
      .slice(0, MAX_REQUEST_PROVIDERS)
      .map(({ id, name }) => ({ id, name: name.slice(0, 200) }));
  } catch {
    // No storage (a private window's quota, a blocked store) or a value of another shape.
    return [];
  }
}

function writeTray(providers: readonly TrayProvider[]): void {
  try {
    if (providers.length === 0) window.localStorage.removeItem(KEY);
    else window.localStorage.setItem(KEY, JSON.stringify(providers));
  } catch {
    // Without storage the tray lasts as long as the page.
  }
  window.dispatchEvent(new CustomEvent(CHANGED));
}

/** What adding did: added, or refused because the tray is full. */
export type AddOutcome = 'added' | 'already' | 'full';

export function addToTray(provider: TrayProvider): AddOutcome {
  const tray = readTray();
  if (tray.some(({ id }) => id === provider.id)) return 'already';
  if (tray.length >= MAX_REQUEST_PROVIDERS) return 'full';
  writeTray([...tray, provider]);
  return 'added';
}

export function removeFromTray(id: number): void {
  writeTray(readTray().filter((provider) => provider.id !== id));
}

export function clearTray(): void {
  writeTray([]);
}

/** Calls `listener` whenever the tray changes, in this tab or another; answers the unsubscribe. */
export function onTrayChange(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) listener();
  };
  window.addEventListener(CHANGED, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGED, listener);
    window.removeEventListener('storage', onStorage);
  };
}
