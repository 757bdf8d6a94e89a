import { useRef } from 'react';

/**
 * A list of chosen items, each with a remove button named for its item ("Remove
 * Sandton"). A removal gives `onChange` the list without the item and announces
 * "Sandton removed". After it the focus goes to the next chip's button (or the previous,
 * or `fallbackFocus` when none is left), so a keyboard user is never dropped to the
 * page's top.
 */
export function RemovableChips({
  label,
  items,
  onChange,
  announce,
  fallbackFocus,
  emptyText,
}: {
  label: string;
  items: readonly string[];
  onChange: (items: string[]) => void;
  announce: (announcement: string) => void;
  fallbackFocus: () => void;
  emptyText: string;
}) {
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  if (items.length === 0) return <p className="text-sm">{emptyText}</p>;
  const remove = (index: number) => {
    const item = items[index];
    if (item === undefined) return;
    const neighbour = items[index + 1] ?? items[index - 1];
    onChange(items.filter((other) => other !== item));
    announce(`${item} removed`);
    // After React has rendered the shorter list.
    requestAnimationFrame(() => {
      const next = neighbour === undefined ? undefined : buttons.current.get(neighbour);
      if (next) next.focus();
      else fallbackFocus();
    });
  };
  return (
    <ul className="flex flex-wrap gap-2" aria-label={label}>
      {items.map((item, index) => (
        <li key={item} className="badge badge-outline h-auto gap-1 py-1">
          <span>{item}</span>
          <button
            type="button"
            className="btn btn-circle btn-ghost btn-xs"
            aria-label={`Remove ${item}`}
            ref={(element) => {
              if (element) buttons.current.set(item, element);
              else buttons.current.delete(item);
            }}
            onClick={() => remove(index)}
          >
            <svg
              viewBox="0 0 24 24"
              className="h-4 w-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
              aria-hidden="true"
            >
              <path d="M6 6l12 12M18 6 6 18" />
            </svg>
          </button>
        </li>
      ))}
    </ul>
  );
}
