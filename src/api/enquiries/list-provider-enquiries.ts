import { desc, eq, getTableColumns } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { customerEnquiries as e } from '../../../db/schema.ts';

/**
 * What a provider sees of an enquiry: all of it (admin notes included, spec section 6)
 * except where the request came from, which is kept to hold self-written reviews.
 */
const {
  clientAddress: _clientAddress,
  senderProviderId: _senderProviderId,
  ...providerColumns
} = getTableColumns(e);

/** The enquiries assigned to the provider, newest first. */
export async function listProviderEnquiries(db: Database, providerId: number) {
  return db
    .select(providerColumns)
    .from(e)
    .where(eq(e.assignedProviderId, providerId))
    .orderBy(desc(e.createdAt), desc(e.id));
}
