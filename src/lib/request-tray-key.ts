/**
 * Where the request tray is kept (localStorage), apart from the tray itself, so that a
 * page's first script can tell whether the tray holds providers without loading it.
 */
export const TRAY_KEY = 'vp.request-tray';

/** Whether anything is stored under the tray's key (no storage: nothing). */
export function hasTray(): boolean {
  try {
    return window.localStorage.getItem(TRAY_KEY) !== null;
  } catch {
    return false;
  }
}
