/**
 * A form's or a dialog's last row: Cancel, then the action's button, which is disabled and
 * says so while its request is on its way (`busy={save.isPending && 'Saving...'}`).
 * Without `onAct` the action submits the form it stands in.
 */
export function FormActions({
  onCancel,
  label,
  busy,
  disabled = false,
  onAct,
  className = 'flex flex-wrap justify-end gap-2',
}: {
  onCancel: () => void;
  label: string;
  /** While the action's request is on its way, what its button says instead; else false. */
  busy: string | false;
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
        disabled={disabled || busy !== false}
        onClick={onAct}
      >
        {busy === false ? label : busy}
      </button>
    </div>
  );
}
