import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../../db/client.ts';
import {
  customerEnquiries as e,
  jobs,
  jobVariations as v,
  quotes as q,
} from '../../../db/schema.ts';
import { formatCents } from '../../lib/quotes.ts';
import { AppError } from '../errors.ts';
import { inviteReview } from '../reviews/invite-review.ts';
import { JOB_MESSAGES } from './propose-variation.ts';
import { lockedCopyOfProvider } from './read-quotes.ts';

export const COMPLETE_MESSAGES = {
  aboveAgreed: (finalCents: number, agreedCents: number) =>
    `The final total ${formatCents(finalCents)} is more than the agreed ${formatCents(agreedCents)}: propose a variation for the difference, and complete the job once the customer has approved it.`,
  completeWithTotal:
    'This request has an agreed job: complete it with its final total under Quote and job.',
  completed: 'The job is completed. The customer has been asked for a review.',
} as const;

/** The agreed total of a job: its quote's total plus the approved variations' (cents). */
export async function agreedTotalCents(db: Queryable, jobId: number): Promise<number> {
  const [row] = await db
    .select({
      total: sql<number>`${q.totalCents} + coalesce((SELECT sum(${v.totalCents}) FROM ${v}
        WHERE ${v.jobId} = ${jobs.id} AND ${v.approvedAt} IS NOT NULL), 0)::int`,
    })
    .from(jobs)
    .innerJoin(q, eq(q.id, jobs.quoteId))
    .where(eq(jobs.id, jobId));
  return row?.total ?? 0;
}

/**
 * The provider completes its agreed job with the final total, which may not be more
 * than the agreed total (the accepted quote plus approved variations): 409 naming
 * finalTotalCents, nothing stored. The job's row is locked, so a variation approved at the
 * same moment is counted or waits. The copy becomes completed (its timeline and closing
 * follow, db/sql/requests.sql) and the customer is invited to review, as for any
 * completed request.
 */
export async function completeJob(
  db: Database,
  {
    providerId,
    enquiryId,
    finalTotalCents,
    secret,
    siteUrl,
  }: {
    providerId: number;
    enquiryId: number;
    finalTotalCents: number;
    secret: Uint8Array;
    siteUrl: string;
  },
) {
  return db.transaction(async (tx) => {
    // The provider's own copy only (404 otherwise), locked while the job completes.
    await lockedCopyOfProvider(tx, { enquiryId, providerId });
    const [job] = await tx
      .select({ id: jobs.id, completedAt: jobs.completedAt })
      .from(jobs)
      .where(eq(jobs.enquiryId, enquiryId))
      .for('update');
    if (!job) throw new AppError('conflict', JOB_MESSAGES.noJob);
    if (job.completedAt) throw new AppError('conflict', JOB_MESSAGES.completed);
    const agreed = await agreedTotalCents(tx, job.id);
    if (finalTotalCents > agreed) {
      const message = COMPLETE_MESSAGES.aboveAgreed(finalTotalCents, agreed);
      throw new AppError('conflict', message, { finalTotalCents: message });
    }
    await tx
      .update(jobs)
      .set({ finalTotalCents, completedAt: sql`now()` })
      .where(eq(jobs.id, job.id));
    await tx.update(e).set({ status: 'completed' }).where(eq(e.id, enquiryId));
    await inviteReview(tx, { enquiryId, secret, siteUrl });
    return { message: COMPLETE_MESSAGES.completed, finalTotalCents, agreedTotalCents: agreed };
  });
}

/**
 * Marking a request completed by another path (the response form, the desk) while it
 * has an agreed job not yet completed is refused (409): the job is completed with its
 * final total, so the agreed price holds. Called where those paths set 'completed'.
 */
export async function refuseCompletingAgreedJob(db: Queryable, enquiryId: number): Promise<void> {
  const [open] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.enquiryId, enquiryId), isNull(jobs.completedAt)));
  if (open) throw new AppError('conflict', COMPLETE_MESSAGES.completeWithTotal);
}
