import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { quotePreparationFees as fees } from '../../../db/schema.ts';
import { AppError } from '../errors.ts';
import { customerGroup } from './customer-group.ts';
import { mailProviderOfCopy, preparationFeeAnsweredMessage } from './quote-mails.ts';

export const FEE_ANSWER_MESSAGES = {
  notFound: 'This provider has asked no fee for preparing a quote.',
  answered: 'You answered this fee already.',
  agreed: 'You agreed to the fee. The provider has been told.',
  declined: 'You declined the fee. The provider has been told: its quote cannot charge for it.',
} as const;

/** The customer agrees to or declines a provider's fee for preparing its quote, once. */
export async function answerPreparationFee(
  db: Database,
  {
    token,
    enquiryId,
    agree,
    siteUrl,
  }: { token: string; enquiryId: number; agree: boolean; siteUrl: string },
) {
  const { copyIds } = await customerGroup(db, token);
  if (!copyIds.includes(enquiryId)) throw new AppError('not_found', FEE_ANSWER_MESSAGES.notFound);
  return db.transaction(async (tx) => {
    const [fee] = await tx.select().from(fees).where(eq(fees.enquiryId, enquiryId)).for('update');
    if (!fee) throw new AppError('not_found', FEE_ANSWER_MESSAGES.notFound);
    if (fee.agreedAt || fee.declinedAt)
      throw new AppError('conflict', FEE_ANSWER_MESSAGES.answered);
    await tx
      .update(fees)
      .set(agree ? { agreedAt: sql`now()` } : { declinedAt: sql`now()` })
      .where(eq(fees.enquiryId, enquiryId));
    await mailProviderOfCopy(tx, { enquiryId, siteUrl }, (to) =>
      preparationFeeAnsweredMessage(
        to.provider,
        { reference: to.reference, feeCents: fee.feeCents, agreed: agree },
        to.dashboardUrl,
      ),
    );
    return { message: agree ? FEE_ANSWER_MESSAGES.agreed : FEE_ANSWER_MESSAGES.declined };
  });
}
