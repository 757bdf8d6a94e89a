import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { customerEnquiries, serviceProviders } from '../../../db/schema.ts';
import { requestReference } from '../../lib/request-reference.ts';
import type { Enquiry } from '../../lib/schemas/enquiry.ts';
import { AppError } from '../errors.ts';
import { enqueueMail } from '../jobs/enqueue.ts';
import { newRequestMessage } from '../mail/messages.ts';
import { attachSitePhotos } from '../requests/site-photos.ts';
import { newStatusToken, statusPageLink } from '../requests/status-tokens.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { mailEnquiryConfirmation } from './mail-enquiry-confirmation.ts';

/**
 * Stores a visitor's service request for the admin team, with status 'new'. The chosen
 * provider must exist, be approved and offer the requested service. The request keeps
 * where it came from (the client's address, and the provider signed in in that browser,
 * if any). In the same transaction its customer is mailed the reference, the brief and
 * the private link to its status page (which confirms the address), and its
 * provider is told. Its brief is stored as checked (request-brief.ts), and
 * its site photos are claimed with it: a photo that fails undoes the whole request.
 */
export async function createEnquiry(
  db: Database,
  enquiry: Enquiry,
  {
    clientAddress,
    senderProviderId,
    siteUrl,
    objects,
  }: {
    clientAddress: string;
    senderProviderId: number | undefined;
    siteUrl: string;
    objects: ObjectStore;
  },
): Promise<{ id: number; reference: string; providerName: string; mailed: boolean }> {
  const status = newStatusToken();
  return db.transaction(async (tx) => {
    const [provider] = await tx
      .select({
        name: serviceProviders.name,
        email: serviceProviders.email,
        services: serviceProviders.services,
      })
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
        statusTokenHash: status.hash,
        brief: enquiry.brief ?? null,
      })
      .returning({
        id: customerEnquiries.id,
        createdAt: customerEnquiries.createdAt,
        customerName: customerEnquiries.customerName,
        customerEmail: customerEnquiries.customerEmail,
        serviceType: customerEnquiries.serviceType,
        location: customerEnquiries.location,
        description: customerEnquiries.description,
        budget: customerEnquiries.budget,
        urgency: customerEnquiries.urgency,
        brief: customerEnquiries.brief,
      });
    if (!row) throw new Error('The enquiry was not stored');
    const photoCount = await attachSitePhotos(tx, objects, {
      enquiryId: row.id,
      references: enquiry.sitePhotos,
    });
    const reference = requestReference(row.id, row.createdAt);
    const mailed = await mailEnquiryConfirmation(tx, {
      enquiry: { ...row, photoCount },
      reference,
      providerName: provider.name,
      statusUrl: statusPageLink(siteUrl, status.token),
    });
    // The provider is told at once, with the way to its dashboard.
    await enqueueMail(
      tx,
      newRequestMessage(
        provider,
        { ...row, photoCount },
        {
          reference,
          dashboardUrl: new URL(`/dashboard?enquiry=${row.id}`, siteUrl).href,
        },
      ),
    );
    return { id: row.id, reference, providerName: provider.name, mailed };
  });
}
