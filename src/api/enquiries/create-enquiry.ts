import { and, eq, inArray } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client.ts';
import { customerEnquiries, serviceProviders } from '../../../db/schema.ts';
import { requestReference } from '../../lib/request-reference.ts';
import { namesInWords } from '../../lib/request-sent.ts';
import type { Enquiry } from '../../lib/schemas/enquiry.ts';
import { AppError } from '../errors.ts';
import { enqueueMail } from '../jobs/enqueue.ts';
import { newRequestMessage } from '../mail/messages.ts';
import { attachSitePhotos, shareSitePhotos } from '../requests/site-photos.ts';
import { newStatusToken, statusPageLink } from '../requests/status-tokens.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { providerIsVerified } from '../verification/verified-sql.ts';
import { mailEnquiryConfirmation } from './mail-enquiry-confirmation.ts';

/**
 * Stores a visitor's service request for the admin team, with status 'new'. The chosen
 * provider must exist, be approved and offer the requested service. The request keeps
 * where it came from (the client's address, and the provider signed in in that browser,
 * if any). In the same transaction its customer is mailed the reference, the brief and
 * the private link to its status page (which confirms the address), and its
 * provider is told. Its brief is stored as checked (request-brief.ts), and
 * its site photos are claimed with it: a photo that fails undoes the whole request.
 *
 * With `providerIds` (docs/decisions/0050) the one brief goes to each of up to three
 * verified providers of the service: a copy each, the first copy's id in every copy's
 * group_id, one reference (the first copy's), one mail to the customer naming them all,
 * and a mail to each provider that names no other.
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
    const providers = await chosenProviders(tx, enquiry);
    const values = {
      customerName: enquiry.customerName,
      customerEmail: enquiry.customerEmail,
      customerPhone: enquiry.customerPhone ?? null,
      serviceType: enquiry.serviceType,
      location: enquiry.location,
      description: enquiry.description,
      budget: enquiry.budget ?? null,
      urgency: enquiry.urgency,
      clientAddress,
      senderProviderId: senderProviderId ?? null,
      brief: enquiry.brief ?? null,
    };
    const columns = {
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
    };
    const [first, ...others] = providers;
    if (!first) throw new Error('A request goes to at least one provider');
    const [row] = await tx
      .insert(customerEnquiries)
      .values({ ...values, assignedProviderId: first.id, statusTokenHash: status.hash })
      .returning(columns);
    if (!row) throw new Error('The enquiry was not stored');
    const photoCount = await attachSitePhotos(tx, objects, {
      enquiryId: row.id,
      references: enquiry.sitePhotos,
    });
    // The other copies: the status token stays the first copy's, which names the group.
    const copies = [{ id: row.id, provider: first }];
    if (others.length > 0) {
      await tx
        .update(customerEnquiries)
        .set({ groupId: row.id })
        .where(eq(customerEnquiries.id, row.id));
      for (const provider of others) {
        const [copy] = await tx
          .insert(customerEnquiries)
          .values({ ...values, assignedProviderId: provider.id, groupId: row.id })
          .returning({ id: customerEnquiries.id });
        if (!copy) throw new Error('A copy of the enquiry was not stored');
        await shareSitePhotos(tx, { from: row.id, to: copy.id });
        copies.push({ id: copy.id, provider });
      }
    }
    const reference = requestReference(row.id, row.createdAt);
    const providerName = namesInWords(providers.map((provider) => provider.name));
    const mailed = await mailEnquiryConfirmation(tx, {
      enquiry: { ...row, photoCount },
      reference,
      providerName,
      statusUrl: statusPageLink(siteUrl, status.token),
    });
    // Each provider is told at once, with the way to its dashboard, and of no other.
    for (const copy of copies) {
      await enqueueMail(
        tx,
        newRequestMessage(
          copy.provider,
          { ...row, photoCount },
          {
            reference,
            dashboardUrl: new URL(`/dashboard?enquiry=${copy.id}`, siteUrl).href,
            askedOthers: copies.length > 1,
          },
        ),
      );
    }
    return { id: row.id, reference, providerName, mailed };
  });
}

/**
 * The providers the request goes to, in the order given: the spec's one provider
 * (approved, offering the service), or with providerIds each of them approved, verified
 * today and offering the service; else 400 naming the field.
 */
async function chosenProviders(tx: Transaction, enquiry: Enquiry) {
  const ids = enquiry.providerIds ?? [enquiry.assignedProviderId];
  const rows = await tx
    .select({
      id: serviceProviders.id,
      name: serviceProviders.name,
      email: serviceProviders.email,
      services: serviceProviders.services,
      verified: providerIsVerified,
    })
    .from(serviceProviders)
    .where(and(inArray(serviceProviders.id, ids), eq(serviceProviders.isApproved, true)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  if (!enquiry.providerIds) {
    const provider = byId.get(enquiry.assignedProviderId);
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
    return [provider];
  }
  return ids.map((id, index) => {
    const provider = byId.get(id);
    const refuse = (message: string) =>
      new AppError('bad_request', message, {
        providerIds: message,
        [`providerIds.${index}`]: message,
      });
    if (!provider) throw refuse('One of the providers chosen is not available');
    if (!provider.verified) {
      throw refuse(
        `${provider.name} is not verified today: only verified providers can be asked together`,
      );
    }
    if (!provider.services.includes(enquiry.serviceType)) {
      throw refuse(`${provider.name} does not offer that service`);
    }
    return provider;
  });
}
