/**
 * The mail a request's customer gets at once: the reference, the
 * brief, who answers, and the private link to the status page, whose opening confirms the
 * address. Until it is confirmed, the provider's responses and the review link are not
 * mailed there (reviews only from real customers; no mail cannon).
 */
import { and, count, eq, gt, like, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { outbox } from '../../../db/schema.ts';
import { enqueueMail } from '../jobs/enqueue.ts';
import { mailboxOf } from '../mail/mailbox.ts';
import { requestReceivedMessage } from '../mail/messages.ts';

const ONCE_KEY_PREFIX = 'enquiry-confirmation:';

/**
 * At most this many confirmation mails go to one address in 24 hours: anybody can type a
 * stranger's address into the request form. Later requests are stored, just not mailed.
 */
export const CONFIRMATION_MAILS_PER_DAY = 3;

/**
 * Writes the mail of a new request in the caller's transaction, unless its address has
 * had CONFIRMATION_MAILS_PER_DAY of them in the last 24 hours; answers whether it did.
 * Requests to one address are taken one at a time (a transaction-scoped advisory lock),
 * so the count holds when several arrive at once.
 */
export async function mailEnquiryConfirmation(
  tx: Queryable,
  {
    enquiry,
    reference,
    providerName,
    statusUrl,
  }: {
    enquiry: Parameters<typeof requestReceivedMessage>[0] & { id: number };
    reference: string;
    providerName: string;
    statusUrl: string;
  },
): Promise<boolean> {
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
  if ((recent?.mails ?? 0) >= CONFIRMATION_MAILS_PER_DAY) return false;
  await enqueueMail(tx, requestReceivedMessage(enquiry, { reference, providerName, statusUrl }), {
    onceKey: `${ONCE_KEY_PREFIX}${enquiry.id}`,
  });
  return true;
}

/**
 * Whether the request's first mail, with the link to its status page, was written: later
 * mails about the request may point the customer back to it.
 */
export async function confirmationMailWritten(tx: Queryable, enquiryId: number): Promise<boolean> {
  const [written] = await tx
    .select({ id: outbox.id })
    .from(outbox)
    .where(eq(outbox.onceKey, `${ONCE_KEY_PREFIX}${enquiryId}`));
  return written !== undefined;
}
