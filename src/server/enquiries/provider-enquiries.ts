/** The enquiries assigned to a provider, and the provider's response to one of them. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { customerEnquiries as e, serviceProviders } from '../../../db/schema.ts';
import type { z } from 'zod';
import type { EnquiryResponseSchema } from '../../lib/schemas/provider-dashboard.ts';
import { AppError } from '../errors.ts';
import { enqueueMail } from '../jobs/enqueue.ts';
import { enquiryResponseMessage } from '../mail/messages.ts';
import { inviteReview } from '../reviews/reviews.ts';

export async function listProviderEnquiries(db: Database, providerId: number) {
  return db
    .select()
    .from(e)
    .where(eq(e.assignedProviderId, providerId))
    .orderBy(desc(e.createdAt), desc(e.id));
}

/**
 * Stores the response on the provider's own enquiry (another's answers 404, as if it did
 * not exist), sets respondedAt, and e-mails the response to the customer.
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
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: e.status })
      .from(e)
      .where(and(eq(e.id, enquiryId), eq(e.assignedProviderId, providerId)))
      .for('update');
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
    if (provider) {
      await enqueueMail(
        tx,
        enquiryResponseMessage(updated, provider, {
          text: response.providerResponse,
          status: response.status,
        }),
      );
    }
    if (updated.status === 'completed' && before?.status !== 'completed') {
      await inviteReview(tx, { enquiryId, secret, siteUrl });
    }
    return updated;
  });
}
