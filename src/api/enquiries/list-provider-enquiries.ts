import { desc, eq, getTableColumns } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { customerEnquiries as e } from '../../../db/schema.ts';
import { photoIdsOf, sitePhotoPaths } from '../requests/site-photos.ts';

/**
 * What a provider sees of an enquiry: all of it (admin notes included, spec section 6)
 * except where the request came from and was confirmed from, which is kept to hold self-written reviews, and
 * the customer's status-page token (its hash).
 */
const {
  clientAddress: _clientAddress,
  confirmedFrom: _confirmedFrom,
  senderProviderId: _senderProviderId,
  statusTokenHash: _statusTokenHash,
  ...providerColumns
} = getTableColumns(e);

/** A stored enquiry as its provider may see it (the same columns as providerColumns). */
export function providerView<T extends typeof e.$inferSelect>(row: T) {
  const {
    clientAddress: _address,
    confirmedFrom: _confirmed,
    senderProviderId: _sender,
    statusTokenHash: _statusToken,
    ...seen
  } = row;
  return seen;
}

/**
 * The enquiries assigned to the provider, newest first, with their site photos' addresses.
 * A provider off the listing sees them without the customer's e-mail, phone and photos.
 */
export async function listProviderEnquiries(
  db: Database,
  { id: providerId, isListed }: { id: number; isListed: boolean },
) {
  const rows = await db
    .select(providerColumns)
    .from(e)
    .where(eq(e.assignedProviderId, providerId))
    .orderBy(desc(e.createdAt), desc(e.id));
  const photos = await photoIdsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    isListed
      ? {
          ...row,
          photos: (photos.get(row.id) ?? []).map(sitePhotoPaths.provider),
          contactWithheld: false,
        }
      : { ...row, customerEmail: '', customerPhone: null, photos: [], contactWithheld: true },
  );
}
