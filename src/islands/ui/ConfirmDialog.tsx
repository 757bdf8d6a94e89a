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

/** A confirmation that also asks why (askReason): the label of the reason's field. */
export interface ReasonQuestion extends Confirmation {
  reasonLabel: string;
}

const MAX_REASON_LENGTH = 500;

/**
 * The question as a modal alert dialog (WAI-ARIA APG "Alert Dialog") on the native
 * <dialog>, like Modal: the browser keeps focus inside and makes the page behind inert,
 * Escape cancels, and on closing focus returns to the button that asked. Focus starts on
 * Cancel, the choice that changes nothing.
 */
function ConfirmDialog({
  confirmation: { title, body, confirmLabel, tone = 'primary' },
  reasonLabel,
  onAnswer,
}: {
  confirmation: Confirmation;
  /** Asks why as well: a required field with this label, focused first. */
  reasonLabel: string | undefined;
  onAnswer: (confirmed: boolean, reason: string) => void;
}) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const confirmed = useRef(false);
  const [reason, setReason] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    (reasonField.current ?? cancel.current)?.focus();
  }, []);
  const answer = (yes: boolean) => {
    if (yes && reasonLabel !== undefined && reason.trim() === '') {
      setMissingReason(true);
      reasonField.current?.focus();
      return;
    }
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
        onAnswer(confirmed.current, reason.trim());
      }}
    >
      <div className="modal-box w-full max-w-md">
        <h2 id={`${id}-title`} className="text-lg font-bold break-words">
          {title}
        </h2>
        <div id={`${id}-body`} className="mt-3 space-y-2">
          {body}
        </div>
        {reasonLabel !== undefined && (
          <div className="mt-3">
            <label htmlFor={`${id}-reason`} className="label text-sm text-base-content">
              {reasonLabel}
            </label>
            <textarea
              ref={reasonField}
              id={`${id}-reason`}
              className={`textarea w-full ${missingReason ? 'textarea-error' : ''}`}
              rows={3}
              maxLength={MAX_REASON_LENGTH}
              required
              aria-invalid={missingReason}
              aria-describedby={missingReason ? `${id}-reason-error` : undefined}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                setMissingReason(false);
              }}
            />
            {missingReason && (
              <p id={`${id}-reason-error`} className="text-error mt-1 text-sm">
                Please give the reason
              </p>
            )}
          </div>
        )}
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
 * dialog and answers whether the admin chose the action; `askReason(question)` asks why
 * as well and answers the reason, or undefined when cancelled. Render `dialog` anywhere
 * in the component. The dialog lives at the end of <body> (a portal), so it is never
 * inside the Modal whose button asked.
 */
export function useConfirm(): {
  confirm: (confirmation: Confirmation) => Promise<boolean>;
  askReason: (question: ReasonQuestion) => Promise<string | undefined>;
  dialog: ReactNode;
} {
  const [asking, setAsking] = useState<{
    confirmation: Confirmation;
    reasonLabel?: string | undefined;
    resolve: (confirmed: boolean, reason: string) => void;
  }>();
  const confirm = useCallback(
    (confirmation: Confirmation) =>
      new Promise<boolean>((resolve) =>
        setAsking({ confirmation, resolve: (confirmed) => resolve(confirmed) }),
      ),
    [],
  );
  const askReason = useCallback(
    ({ reasonLabel, ...confirmation }: ReasonQuestion) =>
      new Promise<string | undefined>((resolve) =>
        setAsking({
          confirmation,
          reasonLabel,
          resolve: (confirmed, reason) => resolve(confirmed ? reason : undefined),
        }),
      ),
    [],
  );
  const dialog =
    asking &&
    createPortal(
      <ConfirmDialog
        confirmation={asking.confirmation}
        reasonLabel={asking.reasonLabel}
        onAnswer={(confirmed, reason) => {
          asking.resolve(confirmed, reason);
          setAsking(undefined);
        }}
      />,
      document.body,
    );
  return { confirm, askReason, dialog };
}
