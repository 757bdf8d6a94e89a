import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { customerEnquiries as e } from '../../../db/schema.ts';

/**
 * The provider's dashboard has shown these requests: each of its own is marked seen, the
 * first time only (the timeline trigger notes it for the customer's status page).
 * Another provider's requests are left alone. Answers how many were seen just now.
 */
export async function markRequestsSeen(
  db: Database,
  { providerId, ids }: { providerId: number; ids: readonly number[] },
): Promise<{ seen: number }> {
  if (ids.length === 0) return { seen: 0 };
  const seen = await db
    .update(e)
    .set({ seenAt: sql`now()` })
    .where(and(eq(e.assignedProviderId, providerId), inArray(e.id, [...ids]), isNull(e.seenAt)))
    .returning({ id: e.id });
  return { seen: seen.length };
}
