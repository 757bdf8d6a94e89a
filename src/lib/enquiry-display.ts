/** How an enquiry's status and urgency look (spec section 4), for the dashboard and the admin desk. */
const STATUS_BADGES: Record<string, string> = {
  new: 'badge-info',
  assigned: 'badge-warning',
  completed: 'badge-success',
  cancelled: 'badge-error',
};
const URGENCY_BADGES: Record<string, string> = {
  high: 'badge-error',
  medium: 'badge-warning',
  low: 'badge-success',
};

export const statusBadgeClass = (status: string) => STATUS_BADGES[status] ?? 'badge-neutral';
export const urgencyBadgeClass = (urgency: string) => URGENCY_BADGES[urgency] ?? 'badge-neutral';

/** 'in_progress' reads 'in progress'. */
export const statusLabel = (status: string) => status.replace(/_/g, ' ');

/** Spec section 2: the Overview's New Enquiries card counts new and assigned ones. */
export const isOpenForProvider = (status: string) => status === 'new' || status === 'assigned';
