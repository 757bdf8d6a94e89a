import { eq } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { customerEnquiries, reviews as r, serviceProviders } from '../../../db/schema.ts';
import { enquiryOfToken, reviewLinks } from '../enquiries/enquiry-links.ts';
import { AppError } from '../errors.ts';

export const REVIEW_WRITTEN = 'A review for this request has been written already. Thank you!';

/** The completed enquiry a link is for, with its provider; clear errors otherwise. */
export async function invitationOf(db: Queryable, secret: Uint8Array, token: string) {
  const enquiryId = await enquiryOfToken(secret, reviewLinks, token);
  const [enquiry] = await db
    .select({
      id: customerEnquiries.id,
      customerName: customerEnquiries.customerName,
      customerEmail: customerEnquiries.customerEmail,
      serviceType: customerEnquiries.serviceType,
      status: customerEnquiries.status,
      createdAt: customerEnquiries.createdAt,
      clientAddress: customerEnquiries.clientAddress,
      confirmedFrom: customerEnquiries.confirmedFrom,
      senderProviderId: customerEnquiries.senderProviderId,
      providerId: serviceProviders.id,
      providerName: serviceProviders.name,
    })
    .from(customerEnquiries)
    .leftJoin(serviceProviders, eq(serviceProviders.id, customerEnquiries.assignedProviderId))
    .where(eq(customerEnquiries.id, enquiryId));
  if (!enquiry || enquiry.status !== 'completed' || enquiry.providerId === null) {
    throw new AppError('not_found', 'This request cannot be reviewed (any more).');
  }
  const [written] = await db.select({ id: r.id }).from(r).where(eq(r.enquiryId, enquiryId));
  if (written) throw new AppError('conflict', REVIEW_WRITTEN);
  return { ...enquiry, providerId: enquiry.providerId, providerName: enquiry.providerName ?? '' };
}
