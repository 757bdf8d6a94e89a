import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { moderateReview } from './recompute-rating.ts';

/**
 * Hides a review that breaks the rules, with a reason the provider is shown and the
 * customer is mailed; the rating follows in the same transaction. Hiding a held review is
 * the admins' decision on it: the hold ends.
 */
export async function hideReview(
  db: Database,
  {
    reviewId,
    adminId,
    reason,
    siteUrl,
  }: { reviewId: number; adminId: number; reason: string; siteUrl: string },
) {
  await moderateReview(
    db,
    reviewId,
    { hiddenAt: sql`now()`, hiddenReason: reason, hiddenBy: adminId, heldAt: null },
    { siteUrl },
  );
}
