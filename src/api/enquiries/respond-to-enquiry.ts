import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Queryable } from '../../../db/client.ts';
import { customerEnquiries as e, serviceProviders } from '../../../db/schema.ts';
import type { EnquiryResponseSchema } from '../../lib/schemas/provider-dashboard.ts';
import { AppError } from '../errors.ts';
import { mailAtMostHourly } from '../jobs/enqueue.ts';
import { enquiryResponseMessage } from '../mail/messages.ts';
import { refuseCompletingAgreedJob } from '../quotes/complete-job.ts';
import { hitRateLimit, RATE_LIMITS } from '../rate-limits/hit-rate-limit.ts';
import { newStatusLink } from '../requests/status-tokens.ts';
import { inviteReview } from '../reviews/invite-review.ts';
import { providerView } from './list-provider-enquiries.ts';

/**
 * Mails the customer the provider's response: only to a confirmed address, and at most
 * one response mail per enquiry an hour, so a provider answering 50 times (or a
 * provider's script) cannot flood a customer. A response mail still queued
 * is replaced by the newer one (the topic); once one has gone out, the newest response
 * of the hour goes out when the hour is over. Answers whether a mail is on its way.
 */
async function mailResponse(
  tx: Queryable,
  enquiry: typeof e.$inferSelect,
  provider: { name: string; email: string; phone: string },
  response: { text: string; status: string },
  siteUrl: string,
): Promise<boolean> {
  if (!enquiry.emailConfirmedAt) return false;
  const statusUrl = await newStatusLink(tx, { enquiryId: enquiry.id, siteUrl });
  await mailAtMostHourly(
    tx,
    `enquiry-response:${enquiry.id}`,
    enquiryResponseMessage(enquiry, provider, response, statusUrl),
  );
  return true;
}

export const CANCELLED_BY_CUSTOMER = 'The customer cancelled this request.';

/**
 * Stores the response on the provider's own enquiry (another's answers 404, as if it did
 * not exist), sets respondedAt, and e-mails the response to a confirmed customer.
 * Responses are limited per provider (RATE_LIMITS.enquiryResponse). A request its
 * customer cancelled answers 409.
 */
export async function respondToEnquiry(
  db: Database,
  {
    providerId,
    enquiryId,
    response,
    secret,
    siteUrl,
  }: {
    providerId: number;
    enquiryId: number;
    response: z.output<typeof EnquiryResponseSchema>;
    /** Signs the review link sent when the enquiry becomes completed. */
    secret: Uint8Array;
    siteUrl: string;
  },
) {
  await hitRateLimit(db, RATE_LIMITS.enquiryResponse, `provider:${providerId}`);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: e.status, cancelReason: e.cancelReason })
      .from(e)
      .where(and(eq(e.id, enquiryId), eq(e.assignedProviderId, providerId)))
      .for('update');
    // The customer's cancellation (its reason is theirs) is the last word on the request:
    // no reopening it, no mail to the customer, no review invitation by completing it.
    if (before?.status === 'cancelled' && before.cancelReason !== null) {
      throw new AppError('conflict', CANCELLED_BY_CUSTOMER);
    }
    if (response.status === 'completed') await refuseCompletingAgreedJob(tx, enquiryId);
    const [updated] = await tx
      .update(e)
      .set({
        providerResponse: response.providerResponse,
        providerNotes: response.providerNotes ?? null,
        status: response.status,
        respondedAt: sql`now()`,
      })
      .where(and(eq(e.id, enquiryId), eq(e.assignedProviderId, providerId)))
      .returning();
    if (!updated) throw new AppError('not_found', 'Enquiry not found');

    const [provider] = await tx
      .select({
        name: serviceProviders.name,
        email: serviceProviders.email,
        phone: serviceProviders.phone,
      })
      .from(serviceProviders)
      .where(eq(serviceProviders.id, providerId));
    const emailed = provider
      ? await mailResponse(
          tx,
          updated,
          provider,
          { text: response.providerResponse, status: response.status },
          siteUrl,
        )
      : false;
    if (updated.status === 'completed' && before?.status !== 'completed') {
      await inviteReview(tx, { enquiryId, secret, siteUrl });
    }
    // Whether the customer will get the response by e-mail (only a confirmed address does).
    return { ...providerView(updated), emailed };
  });
}
