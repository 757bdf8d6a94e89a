/**
 * The customer's two answers to a quote or a variation on the status page: accept (or
 * approve) at once, or decline with a reason the provider reads. The reason form also
 * raises a dispute on the agreed job.
 */
import { useId, useState } from 'react';
import { QUOTE_LIMITS } from '../../lib/quotes';
import { TextAreaField } from '../ui/TextAreaField';

/** The reason form of a decline (a quote or a variation). */
export function DeclineForm({
  label,
  onDecline,
  pending,
  reasonLabel = 'Your reason (the provider reads it)',
}: {
  label: string;
  onDecline: (reason: string) => void;
  pending: boolean;
  reasonLabel?: string;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  if (!open) {
    return (
      <button type="button" className="btn btn-outline btn-sm" onClick={() => setOpen(true)}>
        {label}
      </button>
    );
  }
  return (
    <form
      noValidate
      className="w-full space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!reason.trim()) {
          setError('Please give a reason');
          return;
        }
        setError(undefined);
        onDecline(reason.trim());
      }}
    >
      <TextAreaField
        id={`${id}-reason`}
        label={reasonLabel}
        rows={2}
        maxLength={QUOTE_LIMITS.reasonLength}
        value={reason}
        error={error}
        onChange={(event) => setReason(event.target.value)}
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-outline btn-sm" disabled={pending}>
          {label}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** Accept (or approve) beside a decline with its reason. */
export function AcceptOrDecline({
  acceptLabel,
  declineLabel,
  pending,
  onAccept,
  onDecline,
  className,
}: {
  acceptLabel: string;
  declineLabel: string;
  pending: boolean;
  onAccept: () => void;
  onDecline: (reason: string) => void;
  /** Its space above, as the place it stands in wants. */
  className: string;
}) {
  return (
    <div className={`${className} flex flex-wrap gap-2`}>
      <button
        type="button"
        className="btn btn-primary btn-sm"
        disabled={pending}
        onClick={onAccept}
      >
        {acceptLabel}
      </button>
      <DeclineForm label={declineLabel} pending={pending} onDecline={onDecline} />
    </div>
  );
}
