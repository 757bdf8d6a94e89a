/**
 * POST /api/admin/mail/:id/resend: a failed or sent mail goes out
 * again as a new outbox row with the same message, so the original keeps its history
 * (attempts, last error) and the copy gets a fresh day of retries. Mail still queued or
 * being sent is on its way already; cancelled mail was replaced by a newer message.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { outbox } from '../../../db/schema.ts';
import { AppError } from '../errors.ts';
import { listedMailColumns, toListedMail, type ListedMail } from './list-outbox-mail.ts';

export const MAIL_NOT_FOUND = 'Mail not found';

export function resendMail(db: Database, { id }: { id: number }): Promise<ListedMail> {
  return db.transaction(async (tx) => {
    // Locked: two resends of one mail at once see each other's copy.
    const [original] = await tx
      .select({
        kind: outbox.kind,
        status: outbox.status,
        payload: outbox.payload,
        topic: outbox.topic,
      })
      .from(outbox)
      .where(eq(outbox.id, id))
      .for('update');
    if (!original || original.kind !== 'mail') throw new AppError('not_found', MAIL_NOT_FOUND);
    if (original.status === 'queued' || original.status === 'sending') {
      throw new AppError('conflict', 'This mail is still being sent.');
    }
    if ((original.payload as { erased?: boolean } | null)?.erased) {
      throw new AppError('conflict', 'This mail was erased at its recipient’s request.');
    }
    if (original.status === 'cancelled') {
      throw new AppError('conflict', 'This mail was cancelled: a newer message replaced it.');
    }
    const [onItsWay] = await tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          eq(outbox.kind, 'mail'),
          inArray(outbox.status, ['queued', 'sending']),
          sql`${outbox.payload} = ${JSON.stringify(original.payload)}::jsonb`,
        ),
      )
      .limit(1);
    if (onItsWay) throw new AppError('conflict', 'A resend of this mail is on its way already.');
    // The topic stays: a newer message of the same topic (an application's next decision)
    // still cancels the copy while it waits.
    const [copy] = await tx
      .insert(outbox)
      .values({ kind: 'mail', payload: original.payload, topic: original.topic })
      .returning(listedMailColumns);
    if (!copy) throw new Error('The copy of the mail was not stored');
    return toListedMail(copy);
  });
}
