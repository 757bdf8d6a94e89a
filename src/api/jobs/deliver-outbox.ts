/**
 * The sender: claims due outbox rows (FOR UPDATE SKIP LOCKED, so two senders never take
 * the same row), carries each out, and records the outcome. A failure is retried with
 * exponential backoff (1 min, 2, 4 ... at most an hour apart) until the row is a day
 * old; then it is marked failed for an admin to see and resend.
 */
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { outbox } from '../../../db/schema.ts';
import { errorMessageSafely, logErrorSafely } from '../http/describe-error.ts';
import type { MailDelivery, Mailer, MailMessage } from '../mail/mailer.ts';
import { standingNewsConsent } from '../privacy/mail-kinds.ts';
import { carryOutPrivacyLink, type PrivacyLinkRequest } from '../privacy/request-privacy-link.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { deleteObjectIfUnreferenced } from './delete-object.ts';
import { carryOutPasswordReset, type PasswordResetRequest } from './password-reset-job.ts';

export const GIVE_UP_AFTER_HOURS = 24;
/** A claimed row whose sender died is taken again after this long. */
const CLAIM_MINUTES = 15;

export interface OutboxDependencies {
  db: Database;
  mailer: Mailer;
  objects: ObjectStore;
  logError?: (error: unknown) => void;
}

export interface DeliveryReport {
  sent: number;
  retried: number;
  failed: number;
}

/** Seconds to wait after the n-th failed attempt (n ≥ 1). */
export function backoffSeconds(attempts: number): number {
  return Math.min(60 * 2 ** (attempts - 1), 60 * 60);
}

export async function deliverOutbox(
  { db, mailer, objects, logError = logErrorSafely }: OutboxDependencies,
  { now, limit = 10 }: { now?: Date | undefined; limit?: number } = {},
): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, retried: 0, failed: 0 };
  /** Carries a row out; a mail answers where it went, or that it may not go. */
  const carryOut = async (
    kind: string,
    payload: unknown,
  ): Promise<MailDelivery | 'refused' | null> => {
    if (kind === 'mail') {
      const message = payload as MailMessage;
      // The opt-in may have been withdrawn since the mail was written: refused, not sent.
      if (message.kind === 'marketing' && !(await standingNewsConsent(db, message.to))) {
        return 'refused';
      }
      return mailer.send(message);
    }
    if (kind === 'delete-object')
      await deleteObjectIfUnreferenced(db, objects, (payload as { objectKey: string }).objectKey);
    else if (kind === 'password-reset')
      await carryOutPasswordReset(db, payload as PasswordResetRequest);
    else if (kind === 'privacy-link') await carryOutPrivacyLink(db, payload as PrivacyLinkRequest);
    else throw new Error(`Unknown outbox kind ${kind}`);
    return null;
  };
  for (let batch = 0; batch < 10; batch++) {
    const claimedCount = await deliverBatch();
    if (claimedCount === 0) break;
  }
  return report;

  async function deliverBatch(): Promise<number> {
    // The database's clock unless a test gives one: rows written during this run are due.
    const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
    const due = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(inArray(outbox.status, ['queued', 'sending']), lte(outbox.nextAttemptAt, at)))
      .orderBy(outbox.nextAttemptAt, outbox.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(outbox)
      .set({ status: 'sending', nextAttemptAt: sql`${at} + ${minutes(CLAIM_MINUTES)}` })
      .where(inArray(outbox.id, due))
      .returning();

    for (const row of claimed) {
      try {
        const sentVia = await carryOut(row.kind, row.payload);
        if (sentVia === 'refused') {
          await db
            .update(outbox)
            .set({ status: 'cancelled', lastError: 'No standing opt-in to marketing mail' })
            .where(eq(outbox.id, row.id));
          continue;
        }
        await db
          .update(outbox)
          .set({
            status: 'sent',
            sentAt: sql`${at}`,
            sentVia,
            attempts: row.attempts + 1,
            lastError: null,
          })
          .where(eq(outbox.id, row.id));
        report.sent++;
      } catch (error) {
        const attempts = row.attempts + 1;
        const age = (now ?? new Date()).getTime() - row.createdAt.getTime();
        const giveUp = age >= GIVE_UP_AFTER_HOURS * 3600_000;
        // The first lines of a safe description: never a failed statement's values (a
        // password-reset row's payload would be one).
        const message = errorMessageSafely(error);
        await db
          .update(outbox)
          .set({
            attempts,
            lastError: message.slice(0, 500),
            status: giveUp ? 'failed' : 'queued',
            nextAttemptAt: sql`${at} + ${minutes(backoffSeconds(attempts) / 60)}`,
          })
          .where(eq(outbox.id, row.id));
        if (giveUp) {
          report.failed++;
          logError(new Error(`Outbox row ${row.id} (${row.kind}) failed for a day: ${message}`));
        } else {
          report.retried++;
        }
      }
    }
    return claimed.length;
  }
}

const minutes = (count: number) => sql.raw(`interval '${Math.trunc(count * 60)} seconds'`);
