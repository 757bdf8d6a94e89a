import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { customerEnquiries, serviceProviders } from '../../../db/schema.ts';
import type { Enquiry } from '../../lib/schemas/enquiry.ts';
import { AppError } from '../errors.ts';
import { mailEnquiryConfirmation } from './mail-enquiry-confirmation.ts';

/**
 * Stores a visitor's service request for the admin team, with status 'new'. The chosen
 * provider must exist, be approved and offer the requested service. The request keeps
 * where it came from (the client's address, and the provider signed in in that browser,
 * if any), and its customer is mailed the link that confirms the address, in the same
 * transaction (issue 11).
 */
export async function createEnquiry(
  db: Database,
  enquiry: Enquiry,
  {
    clientAddress,
    senderProviderId,
    secret,
    siteUrl,
  }: {
    clientAddress: string;
    senderProviderId: number | undefined;
    /** Signs the confirmation link. */
    secret: Uint8Array;
    siteUrl: string;
  },
): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const [provider] = await tx
      .select({ name: serviceProviders.name, services: serviceProviders.services })
      .from(serviceProviders)
      .where(
        and(
          eq(serviceProviders.id, enquiry.assignedProviderId),
          eq(serviceProviders.isApproved, true),
        ),
      );
    if (!provider) {
      throw new AppError('bad_request', 'This provider is not available', {
        assignedProviderId: 'This provider is not available',
      });
    }
    if (!provider.services.includes(enquiry.serviceType)) {
      throw new AppError('bad_request', 'This provider does not offer that service', {
        serviceType: 'This provider does not offer that service',
      });
    }
    const [row] = await tx
      .insert(customerEnquiries)
      .values({
        customerName: enquiry.customerName,
        customerEmail: enquiry.customerEmail,
        customerPhone: enquiry.customerPhone ?? null,
        serviceType: enquiry.serviceType,
        location: enquiry.location,
        description: enquiry.description,
        budget: enquiry.budget ?? null,
        urgency: enquiry.urgency,
        assignedProviderId: enquiry.assignedProviderId,
        clientAddress,
        senderProviderId: senderProviderId ?? null,
      })
      .returning({
        id: customerEnquiries.id,
        customerName: customerEnquiries.customerName,
        customerEmail: customerEnquiries.customerEmail,
        serviceType: customerEnquiries.serviceType,
        location: customerEnquiries.location,
      });
    if (!row) throw new Error('The enquiry was not stored');
    await mailEnquiryConfirmation(tx, {
      enquiry: row,
      providerName: provider.name,
      secret,
      siteUrl,
    });
    return { id: row.id };
  });
}
