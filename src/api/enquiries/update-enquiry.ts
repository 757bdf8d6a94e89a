import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { customerEnquiries as e, serviceProviders } from '../../../db/schema.ts';
import type { EnquiryUpdateSchema } from '../../lib/schemas/admin-operations.ts';
import { REASSIGN_MESSAGES } from '../../lib/schemas/enquiry-follow-up.ts';
import { AppError } from '../errors.ts';
import { enqueueMail } from '../jobs/enqueue.ts';
import { enquiryAssignedMessage, requestReassignedMessage } from '../mail/messages.ts';
import { refuseCompletingAgreedJob } from '../quotes/complete-job.ts';
import { hasCopyInGroup, groupReference } from '../requests/request-group.ts';
import { newStatusLink } from '../requests/status-tokens.ts';
import { inviteReview } from '../reviews/invite-review.ts';
import { providerIsVerified } from '../verification/verified-sql.ts';
import { getEnquiry } from './get-enquiry.ts';
import { confirmationMailWritten } from './mail-enquiry-confirmation.ts';

/**
 * Assigning checks the provider (approved, offers the enquiry's service, verified today
 * unless the desk asks for an unverified one with allowUnverified: decision 0042), sets the status
 * to assigned unless another is given, and e-mails the provider. Taking a request from one
 * provider to another does what the desk's reassign does for the customer and the
 * previous provider (reassign-enquiry.ts): the customer is told, and the previous
 * provider's response and private notes go with it. Unassigning an enquiry
 * whose status is 'assigned' puts it back to 'new' unless another status is given.
 */
export async function updateEnquiry(
  db: Database,
  {
    id,
    changes,
    secret,
    siteUrl,
  }: {
    id: number;
    changes: z.output<typeof EnquiryUpdateSchema>;
    /** Signs the review link sent when the enquiry becomes completed. */
    secret: Uint8Array;
    siteUrl: string;
  },
) {
  return db.transaction(async (tx) => {
    const current = await getEnquiry(tx, id, { lock: true });
    if (changes.status === 'completed') await refuseCompletingAgreedJob(tx, id);
    const assigning =
      changes.assignedProviderId !== undefined &&
      changes.assignedProviderId !== null &&
      changes.assignedProviderId !== current.assignedProviderId;

    const reassigning = assigning && current.assignedProviderId !== null;
    // Taking the provider off an enquiry that only waited for it puts it back in the queue;
    // otherwise the desk would show it 'assigned' to no one.
    const unassigning =
      changes.assignedProviderId === null &&
      current.assignedProviderId !== null &&
      current.status === 'assigned';

    let provider: { name: string; email: string } | undefined;
    if (assigning) {
      const [candidate] = await tx
        .select({
          name: serviceProviders.name,
          email: serviceProviders.email,
          isApproved: serviceProviders.isApproved,
          services: serviceProviders.services,
          verified: sql<boolean>`coalesce(${providerIsVerified}, false)`,
        })
        .from(serviceProviders)
        .where(eq(serviceProviders.id, changes.assignedProviderId ?? 0));
      const refuse = (message: string) => {
        throw new AppError('bad_request', message, { assignedProviderId: message });
      };
      if (!candidate) refuse('That provider does not exist.');
      else if (!candidate.isApproved) refuse('That provider is not approved.');
      else if (!candidate.services.includes(current.serviceType))
        refuse('That provider does not offer this service.');
      else if (!candidate.verified && changes.allowUnverified !== true)
        refuse(REASSIGN_MESSAGES.unverified);
      else if (await hasCopyInGroup(tx, current, changes.assignedProviderId ?? 0))
        refuse(REASSIGN_MESSAGES.inGroup);
      provider = candidate;
    }

    await tx
      .update(e)
      .set({
        ...(changes.assignedProviderId !== undefined && {
          assignedProviderId: changes.assignedProviderId,
        }),
        ...(changes.adminNotes !== undefined && { adminNotes: changes.adminNotes }),
        ...(reassigning && { providerResponse: null, providerNotes: null, respondedAt: null }),
        status: changes.status ?? (assigning ? 'assigned' : unassigning ? 'new' : sql`${e.status}`),
      })
      .where(eq(e.id, id));

    if (assigning && provider) {
      await enqueueMail(
        tx,
        enquiryAssignedMessage(provider, current, new URL('/dashboard', siteUrl).href),
      );
    }
    if (reassigning && provider && (await confirmationMailWritten(tx, current.groupId ?? id))) {
      await enqueueMail(
        tx,
        requestReassignedMessage(current, {
          reference: groupReference(current),
          providerName: provider.name,
          statusUrl: await newStatusLink(tx, { enquiryId: id, siteUrl }),
        }),
      );
    }
    const updated = await getEnquiry(tx, id);
    if (updated.status === 'completed' && current.status !== 'completed') {
      await inviteReview(tx, { enquiryId: id, secret, siteUrl });
    }
    return updated;
  });
}
