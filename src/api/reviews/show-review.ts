import type { Database } from '../../../db/client.ts';
import { moderateReview } from './recompute-rating.ts';

/** Shows a hidden review again; the rating follows in the same transaction. */
export async function showReview(
  db: Database,
  { reviewId, siteUrl }: { reviewId: number; siteUrl: string },
) {
  await moderateReview(
    db,
    reviewId,
    { hiddenAt: null, hiddenReason: null, hiddenBy: null },
    { siteUrl },
  );
}
