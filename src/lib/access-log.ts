/**
 * What the access log records (docs/decisions/0053): a team member's view of a customer's
 * contact details, of a request's photos, of a provider's documents, and every CSV export,
 * in the words the privacy centre and the admin's access log show.
 */
export const ACCESS_ACTIONS = [
  'viewed-contact',
  'viewed-request-photos',
  'viewed-provider-documents',
  'exported-csv',
] as const;

export type AccessAction = (typeof ACCESS_ACTIONS)[number];

export const ACCESS_ACTION_LABELS: Record<AccessAction, string> = {
  'viewed-contact': 'Opened the contact details',
  'viewed-request-photos': 'Opened a site photo',
  'viewed-provider-documents': 'Opened a document',
  'exported-csv': 'Exported to a spreadsheet (CSV)',
};
