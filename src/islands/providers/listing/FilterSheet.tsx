import { useEffect, type ReactNode } from 'react';
import { Modal } from '../../ui/Modal';

/** Tailwind's sm: from this width the filter card stays on the page and the sheet closes. */
const CARD_WIDTH_QUERY = '(min-width: 40rem)';

/**
 * On a phone the filters open in a sheet from a "Filters (n)" button, so that the list
 * starts within the first screen. The fields apply as they change;
 * the sheet's footer says how many providers match and closes it.
 */
export function FilterSheet({
  open,
  onOpen,
  onClose,
  activeCount,
  total,
  onClearAll,
  children,
}: {
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  activeCount: number;
  /** The providers the filters match, when known. */
  total: number | undefined;
  onClearAll: () => void;
  children: ReactNode;
}) {
  // Widened to the card's width (a turned tablet): the card shows the fields.
  useEffect(() => {
    if (!open) return;
    const wide = window.matchMedia(CARD_WIDTH_QUERY);
    const close = () => {
      if (wide.matches) onClose();
    };
    wide.addEventListener('change', close);
    return () => wide.removeEventListener('change', close);
  }, [open, onClose]);

  return (
    <>
      <button
        type="button"
        className="btn btn-sm sm:hidden"
        aria-haspopup="dialog"
        onClick={onOpen}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-4 w-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M4 6h16M7 12h10M10 18h4" />
        </svg>
        Filters{activeCount > 0 ? ` (${activeCount})` : ''}
      </button>
      <Modal
        open={open}
        onClose={onClose}
        label="Filters"
        title={<h2 className="text-lg font-semibold">Filters</h2>}
      >
        {/* Show providers submits the form: Enter in a field closes the sheet too. */}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            onClose();
          }}
          aria-label="Filter providers"
        >
          <div className="p-5">{children}</div>
          <div className="sticky bottom-0 flex items-center justify-between gap-3 border-t border-base-300 bg-base-100 p-3">
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              disabled={activeCount === 0}
              onClick={onClearAll}
            >
              Clear all
            </button>
            <button type="submit" className="btn btn-primary">
              {total === undefined
                ? 'Show providers'
                : `Show ${total} ${total === 1 ? 'provider' : 'providers'}`}
            </button>
          </div>
        </form>
      </Modal>
    </>
  );
}
