import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { adminUsers, customerEnquiries, serviceProviders } from '../../../db/schema.ts';
import { enquiryLink, reviewLinks } from '../enquiries/enquiry-links.ts';
import { enqueueMail } from '../jobs/enqueue.ts';
import { mailboxOf } from '../mail/mailbox.ts';
import { reviewRequestMessage } from '../mail/messages.ts';
import { newStatusLink } from '../requests/status-tokens.ts';

/**
 * When an enquiry becomes completed, its customer is e-mailed a review link. Called by
 * the provider's response and by the enquiry desk, only on the change to completed, and
 * by the confirmation of the customer's address when the enquiry is completed already.
 * Only a confirmed address gets one, and never the provider's own or an admin's
 * (reviews only from real customers). The once key sends it at most once.
 */
export async function inviteReview(
  db: Queryable,
  { enquiryId, secret, siteUrl }: { enquiryId: number; secret: Uint8Array; siteUrl: string },
): Promise<void> {
  const [enquiry] = await db
    .select({
      customerName: customerEnquiries.customerName,
      customerEmail: customerEnquiries.customerEmail,
      serviceType: customerEnquiries.serviceType,
      emailConfirmedAt: customerEnquiries.emailConfirmedAt,
      providerName: serviceProviders.name,
      // The provider's own address, or an admin's, gets no review link.
      ownAddress: sql<boolean>`${mailboxOf(customerEnquiries.customerEmail)} = ${mailboxOf(serviceProviders.email)}
        OR EXISTS (SELECT 1 FROM ${adminUsers} WHERE ${mailboxOf(adminUsers.email)} = ${mailboxOf(customerEnquiries.customerEmail)})`,
    })
    .from(customerEnquiries)
    .innerJoin(serviceProviders, eq(serviceProviders.id, customerEnquiries.assignedProviderId))
    .where(eq(customerEnquiries.id, enquiryId));
  if (!enquiry?.emailConfirmedAt || enquiry.ownAddress) return;
  const reviewUrl = await enquiryLink(secret, reviewLinks, { enquiryId, siteUrl });
  const statusUrl = await newStatusLink(db, { enquiryId, siteUrl });
  await enqueueMail(db, reviewRequestMessage(enquiry, { reviewUrl, statusUrl }), {
    onceKey: `review-invitation:${enquiryId}`,
  });
}
