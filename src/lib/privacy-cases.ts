/**
 * Requests to the information officer that need a person (docs/decisions/0053): a
 * correction the privacy centre cannot make, an objection, a complaint. POPIA gives the
 * business 30 days to answer (the deadline the desk counts).
 */
export const CASE_KINDS = ['correction', 'objection', 'complaint'] as const;
export type CaseKind = (typeof CASE_KINDS)[number];

export const CASE_STATUSES = ['open', 'answered', 'closed'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

export const CASE_DAYS = 30;

export const CASE_KIND_LABELS: Record<CaseKind, string> = {
  correction: 'Correction',
  objection: 'Objection',
  complaint: 'Complaint',
};

export const CASE_STATUS_LABELS: Record<CaseStatus, string> = {
  open: 'Open',
  answered: 'Answered',
  closed: 'Closed',
};

/** The day a case received at `receivedAt` must be answered by. */
export const caseDueAt = (receivedAt: Date) =>
  new Date(receivedAt.getTime() + CASE_DAYS * 86_400_000);

/** An open case past its deadline: the desk says "Overdue" in words. */
export const isOverdue = (c: { status: string; dueAt: string | Date }, now = new Date()) =>
  c.status === 'open' && new Date(c.dueAt).getTime() < now.getTime();
