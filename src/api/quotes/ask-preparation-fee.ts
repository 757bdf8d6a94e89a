import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { quotePreparationFees as fees, quotes } from '../../../db/schema.ts';
import { AppError } from '../errors.ts';
import { hitRateLimit } from '../rate-limits/hit-rate-limit.ts';
import { CLOSED_STATUSES } from '../requests/get-request-status.ts';
import { mailCustomerOfCopy, preparationFeeAskedMessage } from './quote-mails.ts';
import { lockedCopyOfProvider } from './read-quotes.ts';
import { QUOTE_CONFLICTS, QUOTE_RATE_LIMIT } from './send-quote.ts';

export const PREPARATION_FEE_CONFLICTS = {
  agreed: 'The customer agreed to your preparation fee already: it stays as agreed.',
  quoted: 'A fee for preparing the quote is asked before the quote: you have sent one already.',
} as const;

/**
 * The provider asks a fee for preparing its quote (a site visit), before it quotes: the
 * customer is mailed to agree or decline on the status page. Asking again replaces a fee
 * not yet agreed (a declined one too); an agreed fee stays.
 */
export async function askPreparationFee(
  db: Database,
  {
    providerId,
    enquiryId,
    feeCents,
    siteUrl,
  }: { providerId: number; enquiryId: number; feeCents: number; siteUrl: string },
) {
  await hitRateLimit(db, QUOTE_RATE_LIMIT, `provider:${providerId}`);
  return db.transaction(async (tx) => {
    const copy = await lockedCopyOfProvider(tx, { enquiryId, providerId });
    if (CLOSED_STATUSES.includes(copy.status)) {
      throw new AppError('conflict', QUOTE_CONFLICTS.closed);
    }
    const [[quoted], [asked]] = await Promise.all([
      tx.select({ id: quotes.id }).from(quotes).where(eq(quotes.enquiryId, enquiryId)).limit(1),
      tx.select().from(fees).where(eq(fees.enquiryId, enquiryId)),
    ]);
    if (quoted) throw new AppError('conflict', PREPARATION_FEE_CONFLICTS.quoted);
    if (asked?.agreedAt) throw new AppError('conflict', PREPARATION_FEE_CONFLICTS.agreed);
    await tx
      .insert(fees)
      .values({ enquiryId, feeCents })
      .onConflictDoUpdate({
        target: fees.enquiryId,
        set: { feeCents, proposedAt: sql`now()`, agreedAt: null, declinedAt: null },
      });
    const mailed = await mailCustomerOfCopy(
      tx,
      copy,
      { providerId, siteUrl },
      (to) => preparationFeeAskedMessage(copy, { providerName: to.providerName, feeCents }, to),
      { topic: `preparation-fee:${enquiryId}` },
    );
    return { feeCents, mailed };
  });
}
