/**
 * A form's or a dialog's last row: Cancel, then the action's button, which is disabled and
 * says so (`busyLabel`, "Saving...") while its request is on its way. Without `onAct` the
 * action submits the form it stands in.
 */
export function FormActions({
  onCancel,
  label,
  busyLabel,
  busy,
  disabled = false,
  onAct,
  className = 'flex flex-wrap justify-end gap-2',
}: {
  onCancel: () => void;
  label: string;
  busyLabel: string;
  busy: boolean;
  /** Not ready to act yet (nothing chosen), apart from being busy. */
  disabled?: boolean;
  /** The action of a row that is not in a form; without it the button submits. */
  onAct?: (() => void) | undefined;
  className?: string;
}) {
  return (
    <div className={className}>
      <button type="button" className="btn btn-ghost" onClick={onCancel}>
        Cancel
      </button>
      <button
        type={onAct ? 'button' : 'submit'}
        className="btn btn-primary"
        disabled={disabled || busy}
        onClick={onAct}
      >
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}
