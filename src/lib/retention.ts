/**
 * How long personal information is kept: one schedule, read by the retention job
 * (src/api/privacy/), by the privacy notice (/privacy) and by the privacy centre when it
 * says when a kept record goes (docs/decisions/0052). Change a period here and all three
 * follow.
 */
export interface RetentionPeriod {
  /** What the period applies to, as the privacy notice names it. */
  record: string;
  /** Days after `from` that the record is erased or anonymised. */
  days: number;
  /** The moment the period counts from, in words. */
  from: string;
  /** What happens then, in words. */
  then: string;
}

export const RETENTION = {
  requests: {
    record: 'Service requests, their briefs and the messages about them',
    days: 730,
    from: 'the request was completed or cancelled',
    then: 'the name, contact details, words and network address are erased; the service, town and dates stay for the provider’s response record',
  },
  sitePhotos: {
    record: 'Photos of the site sent with a request',
    days: 90,
    from: 'the request was completed or cancelled',
    then: 'deleted',
  },
  evidenceDocuments: {
    record: 'Documents sent as evidence for a check',
    days: 365,
    from: 'a newer document for the same check replaced it',
    then: 'deleted (the check’s outcome and dates stay)',
  },
  contactMessages: {
    record: 'Messages sent through the contact form',
    days: 730,
    from: 'the message was sent',
    then: 'deleted',
  },
  mailBodies: {
    record: 'The text of e-mails we sent',
    days: 30,
    from: 'the e-mail was sent or given up',
    then: 'erased (the date, kind and outcome stay)',
  },
  rateLimits: {
    record: 'Counters that limit how often a connection or address may send forms',
    days: 1,
    from: 'the counter’s window ended',
    then: 'deleted',
  },
  accessLogs: {
    record:
      'Records of who in our team opened contact details, site photos or a document, or exported them',
    days: 730,
    from: 'the record was made',
    then: 'deleted',
  },
  privacyCases: {
    record:
      'Requests to our information officer (corrections, objections, complaints) and the answers',
    days: 730,
    from: 'the request was answered',
    then: 'deleted',
  },
  closedProviderAccounts: {
    record:
      'A closed provider account: its profile, application, checks and the documents behind them',
    days: 365,
    from: 'the provider closed the account',
    then: 'deleted (requests it received stay with their customers, without the provider)',
  },
  rejectedApplications: {
    record: 'Provider applications that are not approved, with their documents',
    days: 365,
    from: 'the decision',
    then: 'deleted',
  },
  withdrawnConsents: {
    record: 'Consents you withdrew, with their wording and dates',
    days: 365,
    from: 'you withdrew them',
    then: 'deleted',
  },
  privacyLinks: {
    record: 'Links to the privacy centre',
    days: 1,
    from: 'the link expired',
    then: 'deleted',
  },
} as const satisfies Record<string, RetentionPeriod>;

export type RetentionKey = keyof typeof RETENTION;

/** "24 months", "90 days", "1 day": a period as the notice states it. */
export function periodInWords(days: number): string {
  if (days >= 365 && days % 365 === 0) {
    const years = days / 365;
    return years === 1 ? '12 months' : `${years * 12} months`;
  }
  return days === 1 ? '1 day' : `${days} days`;
}

/** The day a record made or closed at `from` is due, `days` later. */
export function dueAt(from: Date | string, days: number): Date {
  return new Date(new Date(from).getTime() + days * 86_400_000);
}
