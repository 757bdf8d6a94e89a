/**
 * The information officer's desk (docs/decisions/0053): requests that need a person come
 * in as cases due CASE_DAYS later, are listed with their deadline, and are answered by
 * mail through the outbox, the reply kept with who sent it and when.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../../db/client.ts';
import { adminUsers, privacyCases as pc } from '../../../db/schema.ts';
import { caseDueAt, isOverdue, type CaseKind, type CaseStatus } from '../../lib/privacy-cases.ts';
import { AppError } from '../errors.ts';
import { enqueueMail } from '../jobs/enqueue.ts';
import { caseReceivedMessage, caseReplyMessage } from './privacy-mail.ts';

export const CASE_ERRORS = {
  notFound: 'Case not found',
  answered: 'This case has been answered already.',
} as const;

/** A case comes in; its sender is mailed the day it will be answered by. */
export async function openPrivacyCase(
  db: Queryable,
  {
    kind,
    email,
    message,
    now = new Date(),
  }: { kind: CaseKind; email: string; message: string; now?: Date },
): Promise<{ id: number; dueAt: Date }> {
  const dueAt = caseDueAt(now);
  const [row] = await db
    .insert(pc)
    .values({ kind, email, message, receivedAt: now, dueAt })
    .returning({ id: pc.id });
  if (!row) throw new Error('The case was not stored');
  await enqueueMail(db, caseReceivedMessage(email, { kind, dueAt }));
  return { id: row.id, dueAt };
}

export interface DeskCase {
  id: number;
  kind: CaseKind;
  email: string;
  message: string;
  receivedAt: Date;
  dueAt: Date;
  status: CaseStatus;
  /** Open past its deadline, derived when read. */
  overdue: boolean;
  reply: string | null;
  repliedAt: Date | null;
  repliedBy: string | null;
}

/** The desk's cases: open ones first, the nearest deadline first; then the answered. */
export async function listPrivacyCases(
  db: Queryable,
  { status, now = new Date() }: { status?: CaseStatus | undefined; now?: Date },
): Promise<DeskCase[]> {
  const rows = await db
    .select({
      id: pc.id,
      kind: pc.kind,
      email: pc.email,
      message: pc.message,
      receivedAt: pc.receivedAt,
      dueAt: pc.dueAt,
      status: pc.status,
      reply: pc.reply,
      repliedAt: pc.repliedAt,
      repliedBy: sql<string | null>`${adminUsers.firstName} || ' ' || ${adminUsers.lastName}`,
    })
    .from(pc)
    .leftJoin(adminUsers, eq(adminUsers.id, pc.repliedBy))
    .where(status ? eq(pc.status, status) : undefined)
    .orderBy(sql`${pc.status} = 'open' DESC`, asc(pc.dueAt), desc(pc.id));
  return rows.map((row) => ({ ...row, overdue: isOverdue(row, now) }));
}

/** The officer answers an open case: the reply is mailed to the sender and kept. */
export async function replyToPrivacyCase(
  db: Database,
  {
    id,
    adminId,
    reply,
    close,
    now = new Date(),
  }: { id: number; adminId: number; reply: string; close: boolean; now?: Date },
): Promise<DeskCase> {
  await db.transaction(async (tx) => {
    const [open] = await tx.select().from(pc).where(eq(pc.id, id)).for('update');
    if (!open) throw new AppError('not_found', CASE_ERRORS.notFound);
    if (open.status !== 'open') throw new AppError('conflict', CASE_ERRORS.answered);
    await tx
      .update(pc)
      .set({ status: close ? 'closed' : 'answered', reply, repliedAt: now, repliedBy: adminId })
      .where(and(eq(pc.id, id), eq(pc.status, 'open')));
    await enqueueMail(
      tx,
      caseReplyMessage(open.email, { kind: open.kind, receivedAt: open.receivedAt, reply }),
    );
  });
  const answered = (await listPrivacyCases(db, { now })).find((c) => c.id === id);
  if (!answered) throw new AppError('not_found', CASE_ERRORS.notFound);
  return answered;
}
