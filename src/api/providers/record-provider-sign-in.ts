/**
 * Remembers the address a provider signed in from: a review whose request came from one
 * of the provider's own addresses waits for moderation (reviews only from real
 * customers).
 */
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { providerSignIns } from '../../../db/schema.ts';

export async function recordProviderSignIn(
  db: Queryable,
  { providerId, address }: { providerId: number; address: string },
): Promise<void> {
  await db
    .insert(providerSignIns)
    .values({ providerId, address })
    .onConflictDoUpdate({
      target: [providerSignIns.providerId, providerSignIns.address],
      set: { lastSeenAt: sql`now()` },
    });
}
