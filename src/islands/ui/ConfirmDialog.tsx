import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** What a confirmation asks. */
export interface Confirmation {
  /** What will happen, and to whom: "Delete Karoo Fibre & Cameras?". */
  title: string;
  /** What follows from it, in a sentence or two. */
  body: ReactNode;
  /** The action's button: "Delete". */
  confirmLabel: string;
  /** 'danger' for an action that takes something away (reject, delete, unlist). */
  tone?: 'danger' | 'primary';
}

/**
 * The question as a modal alert dialog (WAI-ARIA APG "Alert Dialog") on the native
 * <dialog>, like Modal: the browser keeps focus inside and makes the page behind inert,
 * Escape cancels, and on closing focus returns to the button that asked. Focus starts on
 * Cancel, the choice that changes nothing.
 */
function ConfirmDialog({
  confirmation: { title, body, confirmLabel, tone = 'primary' },
  onAnswer,
}: {
  confirmation: Confirmation;
  onAnswer: (confirmed: boolean) => void;
}) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const confirmed = useRef(false);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    cancel.current?.focus();
  }, []);
  const answer = (yes: boolean) => {
    confirmed.current = yes;
    dialog.current?.close();
  };
  return (
    <dialog
      ref={dialog}
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      className="modal modal-bottom sm:modal-middle"
      // React passes a dialog's close and cancel up its own tree (through the portal too):
      // stopped here, so a Modal that opened this question stays open.
      onCancel={(event) => event.stopPropagation()}
      onClose={(event) => {
        event.stopPropagation();
        onAnswer(confirmed.current);
      }}
    >
      <div className="modal-box w-full max-w-md">
        <h2 id={`${id}-title`} className="text-lg font-bold break-words">
          {title}
        </h2>
        <div id={`${id}-body`} className="mt-3 space-y-2">
          {body}
        </div>
        <div className="modal-action flex-wrap">
          <button
            ref={cancel}
            type="button"
            className="btn btn-ghost"
            onClick={() => answer(false)}
          >
            Cancel
          </button>
          <button
            type="button"
            className={`btn ${tone === 'danger' ? 'btn-error' : 'btn-primary'}`}
            onClick={() => answer(true)}
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}

/**
 * Asks before an admin acts (approve, reject, delete): `confirm(question)` shows the
 * dialog and answers whether the admin chose the action; render `dialog` anywhere in the
 * component. The dialog lives at the end of <body> (a portal), so it is never inside the
 * Modal whose button asked.
 */
export function useConfirm(): {
  confirm: (confirmation: Confirmation) => Promise<boolean>;
  dialog: ReactNode;
} {
  const [asking, setAsking] = useState<{
    confirmation: Confirmation;
    resolve: (confirmed: boolean) => void;
  }>();
  const confirm = useCallback(
    (confirmation: Confirmation) =>
      new Promise<boolean>((resolve) => setAsking({ confirmation, resolve })),
    [],
  );
  const dialog =
    asking &&
    createPortal(
      <ConfirmDialog
        confirmation={asking.confirmation}
        onAnswer={(confirmed) => {
          asking.resolve(confirmed);
          setAsking(undefined);
        }}
      />,
      document.body,
    );
  return { confirm, dialog };
}
