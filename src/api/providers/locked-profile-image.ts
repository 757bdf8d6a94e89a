import { eq } from 'drizzle-orm';
import type { Transaction } from '../../../db/client.ts';
import { serviceProviders as p } from '../../../db/schema.ts';

/**
 * The provider's profile photo, its row locked for a change that may replace it: two
 * changes at once each release the photo they replace. Undefined for no such provider.
 */
export async function lockedProfileImage(tx: Transaction, providerId: number) {
  const [provider] = await tx
    .select({ profileImage: p.profileImage })
    .from(p)
    .where(eq(p.id, providerId))
    .for('update');
  return provider;
}
