import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { jobs, jobVariations as v, quoteLines, quotes as q } from '../../../db/schema.ts';
import { quoteTotals } from '../../lib/quotes.ts';
import type { VariationSchema } from '../../lib/schemas/quotes.ts';
import { AppError } from '../errors.ts';
import { hitRateLimit } from '../rate-limits/hit-rate-limit.ts';
import { mailCustomerOfCopy, variationProposedMessage } from './quote-mails.ts';
import { lockedCopyOfProvider } from './read-quotes.ts';
import { QUOTE_RATE_LIMIT } from './send-quote.ts';
import { lineRows } from './send-quote.ts';

export const JOB_MESSAGES = {
  noJob: 'The customer has not accepted your quote on this request: there is no agreed job yet.',
  completed: 'This job is completed: its price can no longer change.',
} as const;

/**
 * After acceptance, extra cost is a variation in writing: the provider of the agreed job
 * proposes its lines and reason (VAT at the accepted quote's rate), the customer is
 * mailed to approve or decline it. Until approved it changes nothing.
 */
export async function proposeVariation(
  db: Database,
  {
    providerId,
    enquiryId,
    variation,
    siteUrl,
  }: {
    providerId: number;
    enquiryId: number;
    variation: z.output<typeof VariationSchema>;
    siteUrl: string;
  },
) {
  await hitRateLimit(db, QUOTE_RATE_LIMIT, `provider:${providerId}`);
  return db.transaction(async (tx) => {
    const copy = await lockedCopyOfProvider(tx, { enquiryId, providerId });
    const [job] = await tx
      .select({ id: jobs.id, completedAt: jobs.completedAt, vatPercent: q.vatPercent })
      .from(jobs)
      .innerJoin(q, eq(q.id, jobs.quoteId))
      .where(eq(jobs.enquiryId, enquiryId))
      .for('update', { of: jobs });
    if (!job) throw new AppError('conflict', JOB_MESSAGES.noJob);
    if (job.completedAt) throw new AppError('conflict', JOB_MESSAGES.completed);
    const totals = quoteTotals(variation.lines, job.vatPercent);
    const [{ number } = { number: 1 }] = await tx
      .select({ number: sql<number>`coalesce(max(${v.number}), 0)::int + 1` })
      .from(v)
      .where(eq(v.jobId, job.id));
    const [stored] = await tx
      .insert(v)
      .values({
        jobId: job.id,
        number,
        reason: variation.reason,
        vatPercent: job.vatPercent,
        ...totals,
      })
      .returning({ id: v.id });
    if (!stored) throw new Error('variation not stored');
    await tx.insert(quoteLines).values(lineRows(variation.lines, { variationId: stored.id }));
    const mailed = await mailCustomerOfCopy(tx, copy, { providerId, siteUrl }, (to) =>
      variationProposedMessage(
        copy,
        { providerName: to.providerName, number, reason: variation.reason, ...totals },
        to,
      ),
    );
    return { id: stored.id, number, ...totals, mailed };
  });
}
