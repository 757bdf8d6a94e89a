import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A modal dialog on the native <dialog>: the browser keeps focus inside, Esc closes it,
 * and focus returns to what opened it. With a `title`, the title and the close button sit
 * in a header that stays at the top while the content scrolls (a phone's long dialog).
 */
export function Modal({
  open,
  onClose,
  label,
  title,
  children,
}: {
  open: boolean;
  onClose: () => void;
  label: string;
  /** A heading kept in view with the close button. */
  title?: ReactNode;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="modal modal-bottom sm:modal-middle"
      aria-label={label}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === dialog.current) onClose();
      }}
    >
      <div className="modal-box max-h-[92vh] w-full max-w-3xl p-0">
        {title === undefined ? (
          <CloseButton className="absolute top-3 right-3 z-10 bg-base-100" onClose={onClose} />
        ) : (
          <div className="sticky top-0 z-10 flex items-center justify-between gap-3 border-b border-base-300 bg-base-100 p-2 pl-5">
            <div className="min-w-0">{open && title}</div>
            <CloseButton className="shrink-0" onClose={onClose} />
          </div>
        )}
        {open && children}
      </div>
    </dialog>
  );
}

function CloseButton({ className, onClose }: { className: string; onClose: () => void }) {
  return (
    <button
      type="button"
      className={`btn btn-circle btn-ghost btn-sm ${className}`}
      aria-label="Close"
      onClick={onClose}
    >
      ✕
    </button>
  );
}
