import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A modal dialog on the native <dialog>: the browser keeps focus inside, Esc closes it,
 * and focus returns to what opened it.
 */
export function Modal({
  open,
  onClose,
  label,
  children,
}: {
  open: boolean;
  onClose: () => void;
  label: string;
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
        <button
          type="button"
          className="btn btn-circle btn-ghost btn-sm absolute top-3 right-3 z-10 bg-base-100"
          aria-label="Close"
          onClick={onClose}
        >
          ✕
        </button>
        {open && children}
      </div>
    </dialog>
  );
}
