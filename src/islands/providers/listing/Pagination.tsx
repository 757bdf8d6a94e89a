import type { MouseEvent } from 'react';

/**
 * Previous and Next as links (?page=N), so they work before the list has hydrated and
 * open in a new tab; once hydrated a plain click pages in place (`onPage`). At either end
 * the control is a disabled button: there is nowhere to go.
 */
export function Pagination({
  page,
  pages,
  hrefOf,
  onPage,
}: {
  page: number;
  pages: number;
  hrefOf: (page: number) => string;
  onPage: (page: number) => void;
}) {
  if (pages <= 1) return null;
  const step = (to: number, label: string) =>
    to < 1 || to > pages ? (
      <button type="button" className="btn btn-sm" disabled>
        {label}
      </button>
    ) : (
      <a
        className="btn btn-sm"
        href={hrefOf(to)}
        onClick={(event: MouseEvent) => {
          if (!isPlainClick(event)) return;
          event.preventDefault();
          onPage(to);
        }}
      >
        {label}
      </a>
    );
  return (
    <nav className="mt-8 flex items-center justify-center gap-2" aria-label="Pages">
      {step(page - 1, 'Previous')}
      <span className="px-2 text-sm" aria-current="page">
        Page {page} of {pages}
      </span>
      {step(page + 1, 'Next')}
    </nav>
  );
}

/** A left click without a key held: the others open a tab or a window, as with any link. */
const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
