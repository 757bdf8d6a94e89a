import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { customerEnquiries, serviceProviders } from '../../../db/schema.ts';
import type { Enquiry } from '../../lib/schemas/enquiry.ts';
import { AppError } from '../errors.ts';

/**
 * Stores a visitor's service request for the admin team, with status 'new'. The chosen
 * provider must exist, be approved and offer the requested service.
 */
export async function createEnquiry(db: Database, enquiry: Enquiry): Promise<{ id: number }> {
  const [provider] = await db
    .select({ services: serviceProviders.services })
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
  const [row] = await db
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
    })
    .returning({ id: customerEnquiries.id });
  if (!row) throw new Error('The enquiry was not stored');
  return row;
}
