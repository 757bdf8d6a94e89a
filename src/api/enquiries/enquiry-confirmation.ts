/**
 * The confirmation of a request's customer e-mail (issue 11: reviews only from real
 * customers; no mail cannon). A request mails its address a signed link; until the
 * customer opens it, the provider's responses and the review link are not mailed there.
 */
import { and, count, eq, gt, isNull, like, notInArray, or, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../../db/client.ts';
import { customerEnquiries as e, outbox } from '../../../db/schema.ts';
import {
  CONFIRMATION_LINK_DAYS,
  EXPIRED_CONFIRMATION_LINK,
  INVALID_CONFIRMATION_LINK,
} from '../../lib/schemas/enquiry-confirmation.ts';
import { AppError } from '../errors.ts';
import { enqueueMail } from '../jobs/enqueue.ts';
import { enquiryConfirmationMessage } from '../mail/messages.ts';
import { mailboxOf } from '../mail/mailbox.ts';
import { inviteReview } from '../reviews/reviews.ts';
import { enquiryOfToken, signEnquiryToken } from './enquiry-tokens.ts';

const PURPOSE = 'confirm-email';
const ONCE_KEY_PREFIX = 'enquiry-confirmation:';

/**
 * At most this many confirmation mails go to one address in 24 hours: anybody can type a
 * stranger's address into the request form. Later requests are stored, just not mailed.
 */
export const CONFIRMATION_MAILS_PER_DAY = 3;

export function confirmationLink(siteUrl: string, token: string): string {
  const link = new URL('/request/confirm', siteUrl);
  link.searchParams.set('token', token);
  return link.href;
}

/**
 * The address as the cap counts it: lower case, without a '+tag' in the local part
 * (name+1@ and name+2@ reach the same mailbox).
 */

/**
 * Writes the confirmation mail of a new enquiry in the caller's transaction, unless its
 * address has had CONFIRMATION_MAILS_PER_DAY of them in the last 24 hours. Requests to
 * one address are taken one at a time (a transaction-scoped advisory lock), so the count
 * holds when several arrive at once.
 */
export async function mailEnquiryConfirmation(
  tx: Queryable,
  {
    enquiry,
    providerName,
    secret,
    siteUrl,
  }: {
    enquiry: {
      id: number;
      customerName: string;
      customerEmail: string;
      serviceType: string;
      location: string;
    };
    providerName: string;
    secret: Uint8Array;
    siteUrl: string;
  },
): Promise<void> {
  const address = enquiry.customerEmail;
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtext(${ONCE_KEY_PREFIX} || ${mailboxOf(address)}))`,
  );
  const [recent] = await tx
    .select({ mails: count() })
    .from(outbox)
    .where(
      and(
        like(outbox.onceKey, `${ONCE_KEY_PREFIX}%`),
        gt(outbox.createdAt, sql`now() - interval '1 day'`),
        sql`${mailboxOf(sql`${outbox.payload}->>'to'`)} = ${mailboxOf(address)}`,
      ),
    );
  if ((recent?.mails ?? 0) >= CONFIRMATION_MAILS_PER_DAY) return;
  const token = await signEnquiryToken(secret, {
    purpose: PURPOSE,
    enquiryId: enquiry.id,
    days: CONFIRMATION_LINK_DAYS,
  });
  await enqueueMail(
    tx,
    enquiryConfirmationMessage(
      enquiry,
      providerName,
      confirmationLink(siteUrl, token),
      CONFIRMATION_LINK_DAYS,
    ),
    { onceKey: `${ONCE_KEY_PREFIX}${enquiry.id}` },
  );
}

export const EMAIL_CONFIRMED = 'Thank you: your e-mail address is confirmed.';

/**
 * POST /api/enquiries/confirm: marks the enquiry's e-mail confirmed (the first time
 * only; a second use of the link answers the same). A request completed before its
 * customer confirmed now gets its review link.
 */
export async function confirmEnquiryEmail(
  db: Database,
  { token, secret, siteUrl }: { token: string; secret: Uint8Array; siteUrl: string },
): Promise<{ message: string }> {
  const enquiryId = await enquiryOfToken(secret, token, {
    purpose: PURPOSE,
    invalid: INVALID_CONFIRMATION_LINK,
    expired: EXPIRED_CONFIRMATION_LINK,
  });
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ confirmedAt: e.emailConfirmedAt, email: e.customerEmail })
      .from(e)
      .where(eq(e.id, enquiryId))
      .for('update');
    if (!current) throw new AppError('not_found', 'This request no longer exists.');
    if (current.confirmedAt) return;
    // The address is the customer's: their other open requests of the last 30 days are
    // confirmed with it (the cap on confirmation mails may have left some unmailed).
    const confirmed = await tx
      .update(e)
      .set({ emailConfirmedAt: sql`now()` })
      .where(
        and(
          isNull(e.emailConfirmedAt),
          or(
            eq(e.id, enquiryId),
            and(
              sql`lower(${e.customerEmail}) = lower(${current.email})`,
              sql`${e.createdAt} > now() - interval '30 days'`,
              notInArray(e.status, ['cancelled']),
            ),
          ),
        ),
      )
      .returning({ id: e.id, status: e.status });
    for (const enquiry of confirmed) {
      if (enquiry.status === 'completed') {
        await inviteReview(tx, { enquiryId: enquiry.id, secret, siteUrl });
      }
    }
  });
  return { message: EMAIL_CONFIRMED };
}
