import type { Database } from '../../../db/client.ts';
import { moderateReview } from './recompute-rating.ts';

/**
 * An admin lets a held review through: it is shown and counts from now on;
 * releasing one that is not held changes nothing. The rating follows in the same
 * transaction.
 */
export async function releaseReview(
  db: Database,
  { reviewId, siteUrl }: { reviewId: number; siteUrl: string },
) {
  await moderateReview(db, reviewId, { heldAt: null }, { siteUrl });
}
