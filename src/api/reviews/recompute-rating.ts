/**
 * The provider's rating (one decimal) and review count are recomputed from the visible
 * reviews in the same transaction as every change to its reviews (a held review is not
 * counted until an admin releases it).
 */
import { eq } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database, Queryable } from '../../../db/client.ts';
import { recomputeRatings } from '../../../db/ratings.ts';
import { reviews as r, serviceProviders } from '../../../db/schema.ts';
import { AppError } from '../errors.ts';
import { mailReviewDecision } from './mail-review-decision.ts';

/**
 * Rating and count from the visible reviews (no reviews: 0.0 and 0). The provider row is
 * locked first, in a statement of its own: under READ COMMITTED the UPDATE's subqueries
 * read the snapshot its statement started with, so two transactions recomputing at once
 * (two reviews of one provider, or a review and a hide) would each miss the other's
 * review and the later commit would store a stale count. After waiting for the lock, the
 * UPDATE starts with a snapshot that includes every review committed before it. FOR NO
 * KEY UPDATE does not conflict with the key-share lock the review's foreign key takes.
 */
export async function recomputeRating(db: Queryable, providerId: number): Promise<void> {
  await db
    .select({ id: serviceProviders.id })
    .from(serviceProviders)
    .where(eq(serviceProviders.id, providerId))
    .for('no key update');
  await recomputeRatings(db, [providerId]);
}

/**
 * An admin's decision on a review (hide, show, release): the change, the rating that
 * follows it and the mail that tells the customer (mail-review-decision.ts) in one
 * transaction; 404 for a review that does not exist. The row is locked first, so the
 * standing the mail compares with is the one the change replaced.
 */
export async function moderateReview(
  db: Database,
  reviewId: number,
  changes: PgUpdateSetSource<typeof r>,
  { siteUrl }: { siteUrl: string },
): Promise<void> {
  const standing = { heldAt: r.heldAt, hiddenAt: r.hiddenAt, hiddenReason: r.hiddenReason };
  await db.transaction(async (tx) => {
    const [before] = await tx.select(standing).from(r).where(eq(r.id, reviewId)).for('update');
    if (!before) throw new AppError('not_found', 'Review not found');
    const [after] = await tx
      .update(r)
      .set(changes)
      .where(eq(r.id, reviewId))
      .returning({ ...standing, id: r.id, providerId: r.providerId, enquiryId: r.enquiryId });
    if (!after) throw new AppError('not_found', 'Review not found');
    await recomputeRating(tx, after.providerId);
    await mailReviewDecision(tx, after, { before, after }, siteUrl);
  });
}
