/**
 * The request tray's bar and buttons (docs/decisions/0050), loaded by the boot script in
 * src/components/RequestTray.astro on the first tap of an "Add to request" button, or at
 * once when the tray holds providers: a page nobody asks from loads none of this
 * (docs/decisions/0049). One listener on the document answers every such button, the
 * pre-rendered cards' as much as the dialog's, and keeps each button's pressed state and
 * the bar in step with the store (./request-tray.ts), in this tab and in others.
 */
import {
  addToTray,
  clearTray,
  MAX_REQUEST_PROVIDERS,
  onTrayChange,
  readTray,
  removeFromTray,
} from './request-tray';
import { toast } from './toast';

export const TRAY_BUTTONS = '[data-add-to-request]';
export const TRAY_CLEAR = '[data-tray-clear]';
// Where the tray has no place: the request page lists the providers itself, and the
// signed-in areas and the pages a mailed link opens are not for choosing providers.
const WITHOUT_BAR = /^\/(request|admin|dashboard|review|join\/confirm)(\/|$)/;

/** The ids in the tray, as the buttons' data attributes write them. */
let inTray = new Set<string>();

/** Each button says whether its provider is in the tray (new ones included). */
function syncButtons() {
  for (const button of document.querySelectorAll<HTMLElement>(TRAY_BUTTONS)) {
    const pressed = String(inTray.has(button.dataset['addToRequest'] ?? ''));
    if (button.getAttribute('aria-pressed') !== pressed) {
      button.setAttribute('aria-pressed', pressed);
    }
  }
}

function sync() {
  const tray = readTray();
  inTray = new Set(tray.map(({ id }) => String(id)));
  syncButtons();
  const bar = document.getElementById('request-tray');
  const count = bar?.querySelector('[data-tray-count]');
  const names = bar?.querySelector('[data-tray-names]');
  if (!bar || !count || !names) return;
  const shown = tray.length > 0 && !WITHOUT_BAR.test(window.location.pathname);
  bar.hidden = !shown;
  // The bar covers the foot of the page: the page makes room for it.
  document.body.classList.toggle('pb-28', shown);
  document.body.classList.toggle('sm:pb-16', shown);
  count.textContent = `${tray.length} of ${MAX_REQUEST_PROVIDERS} providers chosen`;
  names.textContent = tray.map(({ name }) => name).join(', ');
}

function press(button: HTMLElement) {
  const id = Number(button.dataset['addToRequest']);
  const name = button.dataset['providerName'] ?? 'The provider';
  if (!Number.isSafeInteger(id) || id < 1) return;
  if (button.getAttribute('aria-pressed') === 'true') {
    removeFromTray(id);
    toast({ title: `${name} is out of your request` });
    return;
  }
  if (addToTray({ id, name }) === 'full') {
    toast({
      title: `You can ask at most ${MAX_REQUEST_PROVIDERS} providers at once`,
      description: 'Take one out of your request first (its button, or Clear in the bar).',
    });
  } else {
    toast({
      title: `${name} is in your request`,
      description: `${readTray().length} of ${MAX_REQUEST_PROVIDERS}. Send it from the bar at the foot of the page.`,
    });
  }
}

/** What a click on the page asks of the tray, if anything. */
export function answerClick(target: Element | null) {
  const button = target?.closest<HTMLElement>(TRAY_BUTTONS);
  if (button) press(button);
  else if (target?.closest(TRAY_CLEAR)) {
    clearTray();
    toast({ title: 'Your request is empty again' });
  }
}

let started = false;

/** Brings the bar and the buttons in step with the store, and keeps them so. Once. */
export function startTray() {
  if (started) return;
  started = true;
  onTrayChange(sync);
  // Buttons that come later (the list's next page, a provider's dialog) start right too.
  new MutationObserver(syncButtons).observe(document.body, { childList: true, subtree: true });
  sync();
}
