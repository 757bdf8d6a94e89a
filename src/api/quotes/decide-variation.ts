import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { jobs, jobVariations as v } from '../../../db/schema.ts';
import { AppError } from '../errors.ts';
import { customerGroup } from './customer-group.ts';
import { JOB_MESSAGES } from './propose-variation.ts';
import { mailProviderOfCopy, variationDecidedMessage } from './quote-mails.ts';

export const VARIATION_MESSAGES = {
  notFound: 'Variation not found',
  decided: 'You answered this variation already.',
  approved:
    'You approved the variation: it is part of the agreed price now. The provider has been told.',
  declined:
    'You declined the variation: the agreed price stays as it was. The provider has been told.',
} as const;

/**
 * The customer approves or declines a variation of the group's agreed job, once; the
 * provider is told. The job's row is locked, so the agreed total a completion reads is
 * the one after this answer or before it, never between.
 */
export async function decideVariation(
  db: Database,
  {
    token,
    variationId,
    approve,
    reason,
    siteUrl,
  }: {
    token: string;
    variationId: number;
    approve: boolean;
    reason: string | null;
    siteUrl: string;
  },
) {
  const { groupId } = await customerGroup(db, token);
  return db.transaction(async (tx) => {
    const [job] = await tx
      .select({ id: jobs.id, enquiryId: jobs.enquiryId, completedAt: jobs.completedAt })
      .from(jobs)
      .where(eq(jobs.groupId, groupId))
      .for('update');
    const [variation] = job
      ? await tx
          .select()
          .from(v)
          .where(and(eq(v.id, variationId), eq(v.jobId, job.id)))
      : [];
    if (!job || !variation) throw new AppError('not_found', VARIATION_MESSAGES.notFound);
    if (variation.approvedAt || variation.declinedAt) {
      throw new AppError('conflict', VARIATION_MESSAGES.decided);
    }
    if (job.completedAt) throw new AppError('conflict', JOB_MESSAGES.completed);
    await tx
      .update(v)
      .set(
        approve
          ? { approvedAt: sql`now()` }
          : { declinedAt: sql`now()`, declineReason: reason ?? '' },
      )
      .where(eq(v.id, variation.id));
    await mailProviderOfCopy(tx, { enquiryId: job.enquiryId, siteUrl }, (to) =>
      variationDecidedMessage(
        to.provider,
        { reference: to.reference, number: variation.number, approved: approve, reason },
        to.dashboardUrl,
      ),
    );
    return { message: approve ? VARIATION_MESSAGES.approved : VARIATION_MESSAGES.declined };
  });
}
