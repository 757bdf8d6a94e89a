/**
 * The confirmation of a request's customer e-mail (issue 11: reviews only from real
 * customers; no mail cannon). A request mails its address a signed link; until the
 * customer opens it, the provider's responses and the review link are not mailed there.
 */
import { and, count, gt, like, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { outbox } from '../../../db/schema.ts';
import { enqueueMail } from '../jobs/enqueue.ts';
import { enquiryConfirmationMessage } from '../mail/messages.ts';
import { mailboxOf } from '../mail/mailbox.ts';
import { confirmationLinks, enquiryLink } from './enquiry-links.ts';

const ONCE_KEY_PREFIX = 'enquiry-confirmation:';

/**
 * At most this many confirmation mails go to one address in 24 hours: anybody can type a
 * stranger's address into the request form. Later requests are stored, just not mailed.
 */
export const CONFIRMATION_MAILS_PER_DAY = 3;

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
  const link = await enquiryLink(secret, confirmationLinks, { enquiryId: enquiry.id, siteUrl });
  await enqueueMail(
    tx,
    enquiryConfirmationMessage(enquiry, providerName, link, confirmationLinks.days),
    { onceKey: `${ONCE_KEY_PREFIX}${enquiry.id}` },
  );
}
