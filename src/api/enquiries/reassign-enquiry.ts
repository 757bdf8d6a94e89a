import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  customerEnquiries as e,
  enquiryPhotos,
  serviceProviders as p,
} from '../../../db/schema.ts';
import { REASSIGN_MESSAGES, type ReassignEnquiry } from '../../lib/schemas/enquiry-follow-up.ts';
import { AppError } from '../errors.ts';
import { enqueueMail } from '../jobs/enqueue.ts';
import { newRequestMessage, requestReassignedMessage } from '../mail/messages.ts';
import { CLOSED_STATUSES } from '../requests/get-request-status.ts';
import { groupReference } from '../requests/request-group.ts';
import { newStatusLink } from '../requests/status-tokens.ts';
import { getEnquiry } from './get-enquiry.ts';
import { confirmationMailWritten } from './mail-enquiry-confirmation.ts';
import { reassignCandidacy } from './reassign-candidates.ts';

/**
 * The desk passes a request to another provider: one of its
 * candidates (reassign-candidates.ts; 400 otherwise), verified today unless the desk asks
 * for an unverified one with `allowUnverified` (decision 0042), while the request is open
 * (409 once completed or cancelled). The triggers end the old assignment, start the new one,
 * write 'reassigned' on the timeline and clear seen and reminded. What the previous
 * provider wrote (its response and private notes) goes with it: the new provider starts
 * afresh; the customer keeps the responses on the status page's timeline.
 *
 * In the same transaction the new provider is sent the request, and the customer is told
 * who has it now, when the request's first mail went out (that mail holds the status
 * page's link; the token is stored only as a hash, so no new link can be made).
 */
export async function reassignEnquiry(
  db: Database,
  {
    id,
    providerId,
    allowUnverified = false,
    siteUrl,
  }: ReassignEnquiry & { id: number; siteUrl: string },
) {
  return db.transaction(async (tx) => {
    const [request] = await tx.select().from(e).where(eq(e.id, id)).for('update');
    if (!request) throw new AppError('not_found', REASSIGN_MESSAGES.notFound);
    if (CLOSED_STATUSES.includes(request.status)) {
      throw new AppError('conflict', REASSIGN_MESSAGES.closed);
    }
    const candidacy = await reassignCandidacy(tx, request, providerId);
    if (candidacy === 'no' || (candidacy === 'unverified' && !allowUnverified)) {
      const message =
        candidacy === 'no' ? REASSIGN_MESSAGES.notCandidate : REASSIGN_MESSAGES.unverified;
      throw new AppError('bad_request', message, { providerId: message });
    }
    await tx
      .update(e)
      .set({
        assignedProviderId: providerId,
        // Started by the previous provider, it waits on the new one like a new request.
        status:
          request.status === 'new' || request.status === 'in_progress'
            ? 'assigned'
            : request.status,
        providerResponse: null,
        providerNotes: null,
        respondedAt: null,
        updatedAt: sql`now()`,
      })
      .where(eq(e.id, id));

    const [provider] = await tx
      .select({ name: p.name, email: p.email })
      .from(p)
      .where(eq(p.id, providerId));
    if (!provider) throw new Error(`Provider ${providerId} vanished while it took a request`);
    const reference = groupReference(request);
    const [photos] = await tx
      .select({ count: count() })
      .from(enquiryPhotos)
      .where(eq(enquiryPhotos.enquiryId, request.id));
    await enqueueMail(
      tx,
      newRequestMessage(
        provider,
        { ...request, photoCount: photos?.count ?? 0 },
        {
          reference,
          dashboardUrl: new URL(`/dashboard?enquiry=${request.id}`, siteUrl).href,
        },
      ),
    );
    // A copy of a request sent to several providers: the first copy's mail had the link.
    const customerMailed = await confirmationMailWritten(tx, request.groupId ?? request.id);
    if (customerMailed) {
      await enqueueMail(
        tx,
        requestReassignedMessage(request, {
          reference,
          providerName: provider.name,
          statusUrl: await newStatusLink(tx, { enquiryId: request.id, siteUrl }),
        }),
      );
    }
    return { enquiry: await getEnquiry(tx, id), customerMailed };
  });
}
