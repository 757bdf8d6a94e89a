/**
 * The human reference of a service request: `VP-26-004213`, the year it was
 * sent in South Africa and its number. Derived from the row, never stored: one rule here
 * for the form's answer, the mails, the status page, the dashboard and the desk.
 */
const REFERENCE = /^VP-(\d{2})-(\d{6,})$/i;

export function requestReference(id: number, sentAt: Date | string): string {
  return numberedReference('VP', id, sentAt);
}

/**
 * A reference a person reads and quotes back: `{prefix}-{yy}-{number}`, the year the row
 * was sent in South Africa and its number padded to six digits. Service requests and
 * contact messages are told apart by the prefix alone.
 */
export function numberedReference(prefix: string, id: number, sentAt: Date | string): string {
  const year = new Intl.DateTimeFormat('en-ZA', {
    timeZone: 'Africa/Johannesburg',
    year: '2-digit',
  }).format(new Date(sentAt));
  return `${prefix}-${year}-${String(id).padStart(6, '0')}`;
}

/** The request number a reference names (any case, spaces around); undefined for anything else. */
export function requestIdOf(reference: string): number | undefined {
  const match = REFERENCE.exec(reference.trim());
  const id = match ? Number(match[2]) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
