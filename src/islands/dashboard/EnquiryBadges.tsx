import { statusBadgeClass, statusLabel, urgencyBadgeClass } from '../../lib/enquiry-display';

export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`badge badge-sm ${statusBadgeClass(status)}`}>{statusLabel(status)}</span>
  );
}

export function UrgencyBadge({ urgency }: { urgency: string }) {
  return <span className={`badge badge-sm ${urgencyBadgeClass(urgency)}`}>{urgency} urgency</span>;
}
