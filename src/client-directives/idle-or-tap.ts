/**
 * `client:idle-or-tap`: hydrates an island when the browser is idle (within 2 s at the
 * latest), as `client:idle` does, or at once when the visitor reaches it first (a tap, a
 * key, focus), and loses nothing the visitor did before React answered:
 * - a click is held and replayed on its element once the island has hydrated, so a tab
 *   or button tapped early on a slow phone still does what it says (links are left
 *   alone: they work as links before hydration);
 * - what was typed or chosen in a field is put back once the island marks itself
 *   `data-hydrated` (its first render after hydration would otherwise show its own
 *   empty state), and React is told, as if it had been typed then.
 */
import type { ClientDirective } from 'astro';

const STARTERS = ['pointerdown', 'keydown', 'focusin', 'input'] as const;

/** The longest an island waits for the browser to be idle before it hydrates anyway. */
const IDLE_WAIT_MS = 2000;

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const isValueField = (target: EventTarget | null): target is Field =>
  target instanceof HTMLSelectElement ||
  target instanceof HTMLTextAreaElement ||
  (target instanceof HTMLInputElement && target.type !== 'checkbox' && target.type !== 'radio');

const idleOrTap: ClientDirective = (load, _options, el) => {
  let hydrating: Promise<void> | undefined;
  /** Fields changed before the island answered, with the value the visitor left. */
  const changed = new Map<Field, string>();

  const hydrate = () => {
    hydrating ??= load()
      .then((run) => run())
      .then(() => {
        for (const type of STARTERS) el.removeEventListener(type, start, true);
        el.removeEventListener('click', holdClick, true);
        // Fields may still change while React hydrates: watched until it answers.
        if (el.querySelector('input, select, textarea')) whenAnswering(putBackChanges);
        else el.removeEventListener('input', noteChange, true);
      });
    return hydrating;
  };

  const start = () => void hydrate();

  function holdClick(event: MouseEvent) {
    const target = event.target;
    if (!(target instanceof Element) || target.closest('a[href]')) {
      start();
      return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    // A click is a discrete event: React hydrates the island at once to answer it.
    void hydrate().then(() => {
      if (target.isConnected) target.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    });
  }

  function noteChange(event: Event) {
    if (isValueField(event.target)) changed.set(event.target, event.target.value);
  }

  function whenAnswering(then: () => void) {
    if (el.querySelector('[data-hydrated]')) {
      then();
      return;
    }
    const watch = new MutationObserver(() => {
      if (!el.querySelector('[data-hydrated]')) return;
      watch.disconnect();
      then();
    });
    watch.observe(el, { subtree: true, attributes: true, attributeFilter: ['data-hydrated'] });
  }

  function putBackChanges() {
    el.removeEventListener('input', noteChange, true);
    for (const [field, value] of changed) {
      if (!field.isConnected || field.value === value) continue;
      // The prototype's setter, so that React sees a change it did not make.
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(
        field,
        value,
      );
      const type = field instanceof HTMLSelectElement ? 'change' : 'input';
      field.dispatchEvent(new Event(type, { bubbles: true }));
    }
    changed.clear();
  }

  for (const type of STARTERS) el.addEventListener(type, start, true);
  el.addEventListener('click', holdClick, true);
  el.addEventListener('input', noteChange, true);

  // Idle, or within IDLE_WAIT_MS at the latest: a page that never falls idle (a phone
  // kept busy, a headless browser that draws no frames) would otherwise wait for a tap.
  if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: IDLE_WAIT_MS });
  else setTimeout(start, 200);
};

export default idleOrTap;
