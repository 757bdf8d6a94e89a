/**
 * The one place a team member's look at personal data is written down (docs/decisions/0053):
 * the admin routes that answer a customer's contact details, a request's photos or a CSV
 * export call it before they answer. One row for each request or provider the look was
 * about, so each person's centre finds its own rows (PERSONAL_DATA_MAP: access_log).
 * Evidence documents keep their own log (document_views, written by openDocument).
 */
import type { Queryable } from '../../../db/client.ts';
import { accessLog } from '../../../db/schema.ts';
import type { AccessAction } from '../../lib/access-log.ts';

/** What a view of a request's name, e-mail and phone is called in the log. */
export const CONTACT_DETAILS = 'Name, e-mail and phone';

/** Rows written per statement: well under PostgreSQL's 65,535 parameters. */
const ROWS_PER_INSERT = 1000;

export interface AccessRecord {
  adminId: number;
  action: AccessAction;
  /** What was opened, in words: "Contact details", a file name. */
  what: string;
  enquiryIds?: readonly number[] | undefined;
  providerIds?: readonly number[] | undefined;
  now?: Date;
}

export async function recordAccess(
  db: Queryable,
  { adminId, action, what, enquiryIds = [], providerIds = [], now = new Date() }: AccessRecord,
): Promise<void> {
  const rows = [
    ...[...new Set(enquiryIds)].map((enquiryId) => ({ enquiryId, providerId: null })),
    ...[...new Set(providerIds)].map((providerId) => ({ enquiryId: null, providerId })),
  ].map((subject) => ({ ...subject, adminId, action, what, at: now }));
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    await db.insert(accessLog).values(rows.slice(i, i + ROWS_PER_INSERT));
  }
}

/** A team member was answered these requests with their customers' contact details. */
export function recordContactLook(
  db: Queryable,
  adminId: number,
  enquiries: readonly { id: number }[],
): Promise<void> {
  return recordAccess(db, {
    adminId,
    action: 'viewed-contact',
    what: CONTACT_DETAILS,
    enquiryIds: enquiries.map(({ id }) => id),
  });
}

/**
 * A team member opened a private file of a request (`what`: a site photo, a file sent in
 * its conversation); the log calls both a look at the request's photos.
 */
export function recordRequestFileLook(
  db: Queryable,
  adminId: number,
  { what, enquiryId }: { what: string; enquiryId: number },
): Promise<void> {
  return recordAccess(db, {
    adminId,
    action: 'viewed-request-photos',
    what,
    enquiryIds: [enquiryId],
  });
}
