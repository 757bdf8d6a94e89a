/**
 * GET /api/admin/mail: the outbox's mail, newest first, one page, with the total. The
 * recipient and subject are read out of the payload; its text never leaves the server
 * (a reset or set-password mail carries a link that signs someone in).
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../../db/client.ts';
import { outbox } from '../../../db/schema.ts';
import { pageOffset, type AdminPage, type AdminPageQuery } from '../../lib/schemas/admin-lists.ts';
import type { MailStatus } from '../../lib/schemas/admin-mail.ts';
import type { MailDelivery } from './mailer.ts';

/** A listed mail's columns: everything but the payload's text. */
export const listedMailColumns = {
  id: outbox.id,
  to: sql<string>`coalesce(${outbox.payload} ->> 'to', '')`,
  subject: sql<string>`coalesce(${outbox.payload} ->> 'subject', '')`,
  status: outbox.status,
  attempts: outbox.attempts,
  lastError: outbox.lastError,
  createdAt: outbox.createdAt,
  sentAt: outbox.sentAt,
  sentVia: outbox.sentVia,
  nextAttemptAt: outbox.nextAttemptAt,
};

/** Mail rows as the mail screen sees them (filter with `.where`). */
export const selectListedMail = (db: Queryable) => db.select(listedMailColumns).from(outbox);

type MailRow = Awaited<ReturnType<typeof selectListedMail>>[number];

/** One mail as GET /api/admin/mail lists it. */
export interface ListedMail {
  id: number;
  to: string;
  subject: string;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  /**
   * Where a sent mail went: 'file' when it was only written to the outbox folder (no SMTP
   * configured, or an address on a reserved domain); null before it was recorded.
   */
  sentVia: MailDelivery | null;
  /** When a queued mail is tried next. */
  nextAttemptAt: string;
}

export function toListedMail(row: MailRow): ListedMail {
  return {
    ...row,
    status: row.status as MailStatus,
    sentVia: row.sentVia as MailDelivery | null,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
  };
}

export async function listOutboxMail(
  db: Database,
  query: AdminPageQuery & { status?: MailStatus | undefined },
): Promise<AdminPage<ListedMail>> {
  const where = and(
    eq(outbox.kind, 'mail'),
    query.status ? eq(outbox.status, query.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectListedMail(db)
      .where(where)
      // outbox_created_idx: newest first; the id keeps pages stable when times tie.
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(query.limit)
      .offset(pageOffset(query)),
    db.select({ total: count() }).from(outbox).where(where),
  ]);
  return { items: rows.map(toListedMail), total: total?.total ?? 0 };
}
