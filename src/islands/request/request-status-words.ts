/** How the customer's status page of a request words its steps and times. */
import type { api, ApiAnswer } from '../../lib/api-client';
import { BUDGETS, URGENCIES } from '../../lib/catalog/enquiry-options';

/** GET /api/requests/status?token= as the API answers it. */
export type RequestStatus = ApiAnswer<typeof api.requests.status.$get>;
export type TimelineKind = RequestStatus['timeline'][number]['kind'];

export const TIMELINE_LABELS: Readonly<Record<TimelineKind, string>> = {
  sent: 'Sent',
  seen: 'Seen by the provider',
  responded: 'Responded',
  in_progress: 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
  reassigned: 'Passed to another provider',
};

/** A step's title: a request passed on names the provider it went to ('Passed to ...'). */
export function timelineTitle(event: RequestStatus['timeline'][number]): string {
  return event.kind === 'reassigned' && event.detail
    ? `Passed to ${event.detail}`
    : TIMELINE_LABELS[event.kind];
}

/** Where the request stands, in the customer's words (the status badge). */
export const STATUS_LABELS: Readonly<Record<RequestStatus['status'], string>> = {
  new: 'Sent',
  assigned: 'Sent',
  in_progress: 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

const STATUS_BADGES: Readonly<Partial<Record<RequestStatus['status'], string>>> = {
  in_progress: 'badge-warning',
  completed: 'badge-success',
  cancelled: 'badge-error',
};

export const statusBadgeClass = (status: RequestStatus['status']) =>
  STATUS_BADGES[status] ?? 'badge-info';

export const budgetLabel = (value: string | null) =>
  BUDGETS.find((b) => b.value === value)?.label ?? 'Not specified';

export const urgencyLabel = (value: string) =>
  URGENCIES.find((u) => u.value === value)?.label ?? value;

// The site's date and time (the admin screens' medium date, short time), always in South
// African time: a customer abroad still reads the times the provider works in.
const saDateTime = new Intl.DateTimeFormat('en-ZA', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Africa/Johannesburg',
});

/** '12 Mar 2026, 14:05' in South Africa. */
export function formatSaDateTime(iso: string): string {
  return saDateTime.format(new Date(iso));
}
