import { useEffect, useRef, useState } from 'react';
import type { ChipFilter, FilterChip } from '../../../lib/provider-filters';

/**
 * The active filters as chips; each removes its filter. Focus moves to the chip that takes
 * the removed one's place (or to `fallback` when none is left), never to the page's top.
 */
export function ActiveFilterChips({
  chips,
  onRemove,
  onClearAll,
  fallback,
}: {
  chips: readonly FilterChip[];
  onRemove: (filter: ChipFilter) => void;
  onClearAll: () => void;
  fallback: () => HTMLElement | null;
}) {
  const list = useRef<HTMLUListElement>(null);
  const [focusAt, setFocusAt] = useState<number | null>(null);

  useEffect(() => {
    if (focusAt === null) return;
    const buttons = list.current?.querySelectorAll('button');
    const target =
      buttons && buttons.length > 0 ? buttons[Math.min(focusAt, buttons.length - 1)] : fallback();
    target?.focus();
    setFocusAt(null);
  }, [chips, focusAt, fallback]);

  if (chips.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ul ref={list} className="flex flex-wrap gap-2" aria-label="Active filters">
        {chips.map((chip, index) => (
          <li key={chip.filter}>
            <button
              type="button"
              className="btn btn-sm rounded-full bg-primary/10 font-normal"
              onClick={() => {
                setFocusAt(index);
                onRemove(chip.filter);
              }}
            >
              <span className="sr-only">Remove filter: </span>
              {chip.label}
              <span aria-hidden="true">✕</span>
            </button>
          </li>
        ))}
      </ul>
      {chips.length > 1 && (
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => {
            setFocusAt(0);
            onClearAll();
          }}
        >
          Clear all
        </button>
      )}
    </div>
  );
}
