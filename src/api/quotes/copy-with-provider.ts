import { eq } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { customerEnquiries as e, serviceProviders as p } from '../../../db/schema.ts';

/**
 * A copy of a request as its quote documents and mails name it, with its provider's
 * name and contacts (null for a copy without a provider); undefined for no such copy.
 */
export async function copyWithProvider(db: Queryable, enquiryId: number) {
  const [copy] = await db
    .select({
      id: e.id,
      groupId: e.groupId,
      createdAt: e.createdAt,
      customerName: e.customerName,
      location: e.location,
      serviceType: e.serviceType,
      providerName: p.name,
      phone: p.phone,
      email: p.email,
    })
    .from(e)
    .leftJoin(p, eq(p.id, e.assignedProviderId))
    .where(eq(e.id, enquiryId));
  return copy;
}
