import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { customerEnquiries as e, jobs } from '../../../db/schema.ts';
import { AppError } from '../errors.ts';
import { customerGroup } from './customer-group.ts';
import { JOB_MESSAGES } from './propose-variation.ts';

export const DISPUTE_MESSAGES = {
  raisedAlready: 'A dispute about this job is raised already: our team is looking at it.',
  raised: 'The dispute is raised: our team looks at the job and contacts both sides.',
} as const;

/**
 * Either side flags the agreed job as disputed, with a reason: the desk sees it (Jobs),
 * and a disputed job does not count as kept to its price in the provider's public
 * record. One flag per job: the first side's reason stands.
 */
async function raiseDispute(
  db: Database,
  which: SQL,
  by: 'customer' | 'provider',
  reason: string,
): Promise<{ message: string }> {
  const [job] = await db
    .select({ id: jobs.id, disputedAt: jobs.disputedAt })
    .from(jobs)
    .where(which);
  if (!job) throw new AppError('conflict', JOB_MESSAGES.noJob);
  const [raised] = await db
    .update(jobs)
    .set({ disputedAt: sql`now()`, disputedBy: by, disputeReason: reason })
    .where(and(eq(jobs.id, job.id), isNull(jobs.disputedAt)))
    .returning({ id: jobs.id });
  if (!raised) throw new AppError('conflict', DISPUTE_MESSAGES.raisedAlready);
  return { message: DISPUTE_MESSAGES.raised };
}

export async function raiseCustomerDispute(
  db: Database,
  { token, reason }: { token: string; reason: string },
) {
  const { groupId } = await customerGroup(db, token);
  return raiseDispute(db, eq(jobs.groupId, groupId), 'customer', reason);
}

/** The provider of the job's copy (another provider's copy: 404, as if it did not exist). */
export async function raiseProviderDispute(
  db: Database,
  { providerId, enquiryId, reason }: { providerId: number; enquiryId: number; reason: string },
) {
  const [own] = await db
    .select({ id: e.id })
    .from(e)
    .where(and(eq(e.id, enquiryId), eq(e.assignedProviderId, providerId)));
  if (!own) throw new AppError('not_found', 'Enquiry not found');
  return raiseDispute(
    db,
    and(eq(jobs.enquiryId, enquiryId), eq(jobs.providerId, providerId)) as SQL,
    'provider',
    reason,
  );
}
