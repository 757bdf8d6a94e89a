/** GET /api/admin/mail/totals: how much mail is in each status, for the mail screen's filter. */
import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { outbox } from '../../../db/schema.ts';
import { MAIL_STATUSES, type MailStatus } from '../../lib/schemas/admin-mail.ts';

/**
 * How many mails of the outbox are in each status; of the sent ones, how many were only
 * written to the outbox folder; and whether a mail server is configured at all.
 */
export type MailTotals = Record<MailStatus, number> & {
  writtenToFile: number;
  /** false: no SMTP_URL, so every mail is written to a file and reaches no one. */
  mailServer: boolean;
};

export async function countOutboxMail(
  db: Database,
  { mailServer }: { mailServer: boolean },
): Promise<MailTotals> {
  const rows = await db
    .select({
      status: outbox.status,
      total: count(),
      writtenToFile: sql<number>`count(*) FILTER (WHERE ${outbox.sentVia} = 'file')::int`,
    })
    .from(outbox)
    .where(eq(outbox.kind, 'mail'))
    .groupBy(outbox.status);
  const totals: MailTotals = {
    ...(Object.fromEntries(MAIL_STATUSES.map((s) => [s, 0])) as Record<MailStatus, number>),
    writtenToFile: 0,
    mailServer,
  };
  for (const row of rows) {
    totals[row.status as MailStatus] = row.total;
    if (row.status === 'sent') totals.writtenToFile = row.writtenToFile;
  }
  return totals;
}
