/**
 * The toasts themselves (spec section 1): one visible at a time, for TOAST_DURATION or
 * the toast's own duration, paused while read, closed by its button or a swipe right.
 * Loaded by the few lines of src/components/Toaster.astro at the first toast of a page:
 * a page that never shows one loads none of this (docs/decisions/0049).
 */
import { TOAST_DURATION, type ToastOptions } from './toast';

const region = document.getElementById('toaster');
const list = region?.querySelector('div');
const SWIPE_THRESHOLD = 50;

// A modal <dialog> makes the rest of the page inert: while one is open the toast area
// lives inside it, so its toasts can be read, focused (F8) and closed.
export function placeRegion() {
  if (!region) return;
  const host = document.querySelector('dialog:modal') ?? document.body;
  if (region.parentElement !== host) host.append(region);
}

export function show(options: ToastOptions) {
  if (!list) return;
  placeRegion();
  list.replaceChildren(); // one visible at a time: the newest replaces the last
  const item = document.createElement('div');
  const destructive = options.variant === 'destructive';
  item.className = `pointer-events-auto relative w-full rounded-box border p-4 pr-10 shadow-lg motion-safe:transition-transform ${
    destructive
      ? 'border-error bg-error text-error-content'
      : 'border-base-300 bg-base-100 text-base-content'
  }`;
  item.setAttribute('role', destructive ? 'alert' : 'status');
  item.setAttribute('aria-live', destructive ? 'assertive' : 'polite');
  item.setAttribute('aria-atomic', 'true');
  item.dataset['testid'] = 'toast';

  const title = document.createElement('p');
  title.className = 'font-semibold';
  title.textContent = options.title;
  item.append(title);
  if (options.description) {
    const description = document.createElement('p');
    description.className = 'mt-1 text-sm';
    description.textContent = options.description;
    item.append(description);
  }
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'btn btn-ghost btn-xs btn-circle absolute right-2 top-2';
  close.setAttribute('aria-label', 'Close notification');
  close.textContent = '✕';
  item.append(close);

  let timer = 0;
  const dismiss = () => {
    window.clearTimeout(timer);
    item.remove();
  };
  const schedule = () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(dismiss, options.duration ?? TOAST_DURATION);
  };
  close.addEventListener('click', dismiss);
  // Reading a toast (hover or focus) pauses its timer.
  item.addEventListener('pointerenter', () => window.clearTimeout(timer));
  item.addEventListener('pointerleave', schedule);
  item.addEventListener('focusin', () => window.clearTimeout(timer));
  item.addEventListener('focusout', schedule);

  let startX: number | undefined;
  item.addEventListener('pointerdown', (event) => {
    startX = event.clientX;
  });
  item.addEventListener('pointermove', (event) => {
    if (startX === undefined) return;
    const dx = Math.max(0, event.clientX - startX);
    item.style.transform = `translateX(${dx}px)`;
  });
  item.addEventListener('pointerup', (event) => {
    if (startX === undefined) return;
    const dx = event.clientX - startX;
    startX = undefined;
    if (dx > SWIPE_THRESHOLD) dismiss();
    else item.style.transform = '';
  });

  list.append(item);
  schedule();
}

// Moved into a modal dialog while one is open (above): back to the page when it closes.
document.addEventListener('close', placeRegion, true);
