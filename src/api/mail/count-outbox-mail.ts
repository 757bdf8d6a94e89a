/** GET /api/admin/mail/totals: how much mail is in each status, for the mail screen's filter. */
import { count, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { outbox } from '../../../db/schema.ts';
import { MAIL_STATUSES, type MailStatus } from '../../lib/schemas/admin-mail.ts';

/** How many mails of the outbox are in each status. */
export type MailTotals = Record<MailStatus, number>;

export async function countOutboxMail(db: Database): Promise<MailTotals> {
  const rows = await db
    .select({ status: outbox.status, total: count() })
    .from(outbox)
    .where(eq(outbox.kind, 'mail'))
    .groupBy(outbox.status);
  const totals = Object.fromEntries(MAIL_STATUSES.map((s) => [s, 0])) as MailTotals;
  for (const row of rows) totals[row.status as MailStatus] = row.total;
  return totals;
}
