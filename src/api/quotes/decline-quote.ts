import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  customerEnquiries as e,
  jobs,
  quotes as q,
  serviceProviders as p,
} from '../../../db/schema.ts';
import { AppError } from '../errors.ts';
import { enqueueMail } from '../jobs/enqueue.ts';
import { groupReference } from '../requests/request-group.ts';
import { ACCEPT_MESSAGES, quoteOfGroup, superseded } from './accept-quote.ts';
import { customerGroup } from './customer-group.ts';
import { quoteDeclinedMessage } from './quote-mails.ts';

export const DECLINE_MESSAGES = {
  declinedAlready: 'You declined this quote already.',
  accepted: 'You accepted a quote for this request: the others need no answer.',
  declined: 'You declined the quote. The provider has been told, with your reason.',
} as const;

/**
 * The customer declines the newest quote of a provider, with a reason: the quote keeps
 * it, and the provider is mailed it (and may send a revision). After an acceptance
 * nothing is declined (409); a replaced version needs no answer (409).
 */
export async function declineQuote(
  db: Database,
  {
    token,
    quoteId,
    reason,
    siteUrl,
  }: { token: string; quoteId: number; reason: string; siteUrl: string },
) {
  const { groupId, copyIds } = await customerGroup(db, token);
  return db.transaction(async (tx) => {
    const quote = await quoteOfGroup(tx, { quoteId, copyIds });
    const [copy] = await tx.select().from(e).where(eq(e.id, quote.enquiryId)).for('update');
    if (!copy) throw new AppError('not_found', ACCEPT_MESSAGES.notFound);
    const [taken] = await tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.groupId, groupId));
    if (taken) throw new AppError('conflict', DECLINE_MESSAGES.accepted);
    if (quote.declined) throw new AppError('conflict', DECLINE_MESSAGES.declinedAlready);
    if (await superseded(tx, quote)) throw new AppError('conflict', ACCEPT_MESSAGES.superseded);
    await tx
      .update(q)
      .set({ declinedAt: sql`now()`, declineReason: reason })
      .where(eq(q.id, quote.id));
    if (quote.providerId !== null) {
      const [provider] = await tx
        .select({ name: p.name, email: p.email })
        .from(p)
        .where(eq(p.id, quote.providerId));
      if (provider) {
        await enqueueMail(
          tx,
          quoteDeclinedMessage(
            provider,
            { reference: groupReference(copy), version: quote.version, reason },
            new URL(`/dashboard?enquiry=${quote.enquiryId}`, siteUrl).href,
          ),
        );
      }
    }
    return { message: DECLINE_MESSAGES.declined };
  });
}
