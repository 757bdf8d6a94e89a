/**
 * Side effects as rows (DESIGN.md, Modes, side effects): written with the transaction of
 * the change that causes them, so a change and its mail commit or roll back together.
 * deliverOutbox() carries them out later, with retries.
 */
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { outbox } from '../../../db/schema.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { standingNewsConsent } from '../privacy/mail-kinds.ts';

export interface EnqueueOptions {
  /** Written at most once, ever: a second call with the same key writes nothing. */
  onceKey?: string;
  /** Cancels a queued (not yet sent) row of the same topic: only the newest goes out. */
  topic?: string;
  /** Held back this long first, so that a quick reversal (same topic) can still cancel it. */
  delaySeconds?: number;
}

/**
 * Writes the mail; a marketing mail to an address without a standing opt-in is refused
 * and nothing is written (privacy/mail-kinds.ts).
 */
export async function enqueueMail(
  db: Queryable,
  message: MailMessage,
  options: EnqueueOptions = {},
): Promise<'queued' | 'refused'> {
  if (message.kind === 'marketing' && (await standingNewsConsent(db, message.to)) === undefined) {
    return 'refused';
  }
  await enqueue(db, 'mail', { ...message }, options);
  return 'queued';
}

/** Deletes a stored object once nothing refers to it any more (checked when carried out). */
export async function enqueueObjectDeletion(db: Queryable, objectKey: string): Promise<void> {
  await enqueue(db, 'delete-object', { objectKey }, {});
}

/** Cancels the queued rows of a topic (a later change made them wrong). */
export async function cancelQueuedTopic(db: Queryable, topic: string): Promise<void> {
  await db
    .update(outbox)
    .set({ status: 'cancelled' })
    .where(and(eq(outbox.topic, topic), eq(outbox.status, 'queued')));
}

/**
 * Writes a mail of a conversation at most once an hour per topic (a conversation and a
 * direction): a newer one replaces one still waiting, and within the hour after a mail
 * the newest waits for the hour to end, so the last word always goes out.
 */
export async function mailAtMostHourly(
  db: Queryable,
  topic: string,
  message: MailMessage,
): Promise<void> {
  // Cancel the waiting one first: the sender may be claiming it right now. The cancel
  // waits for that claim, so the look below sees it as sending, and this mail waits its
  // hour; looking first would miss it and send a second mail at once.
  await cancelQueuedTopic(db, topic);
  const [recent] = await db
    .select({ age: sql<number>`extract(epoch from now() - ${outbox.createdAt})::int` })
    .from(outbox)
    .where(
      and(
        eq(outbox.topic, topic),
        inArray(outbox.status, ['sending', 'sent', 'failed']),
        gt(outbox.createdAt, sql`now() - interval '1 hour'`),
      ),
    )
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  await enqueueMail(db, message, {
    topic,
    ...(recent && { delaySeconds: Math.max(1, 3600 - recent.age) }),
  });
}

async function enqueue(
  db: Queryable,
  kind: 'mail' | 'delete-object',
  payload: Record<string, unknown>,
  { onceKey, topic, delaySeconds }: EnqueueOptions,
): Promise<void> {
  if (topic) await cancelQueuedTopic(db, topic);
  await db
    .insert(outbox)
    .values({
      kind,
      payload,
      onceKey,
      topic,
      ...(delaySeconds && {
        nextAttemptAt: sql`now() + ${sql.raw(`interval '${Math.trunc(delaySeconds)} seconds'`)}`,
      }),
    })
    .onConflictDoNothing({ target: outbox.onceKey });
}
