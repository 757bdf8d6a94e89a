import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { reviews as r } from '../../../db/schema.ts';
import { shortName } from '../../lib/schemas/reviews.ts';
import { publicReviewColumns } from './review-columns.ts';

/** Shown publicly and counted: neither hidden by an admin nor held for moderation. */
const visibleReview = and(isNull(r.hiddenAt), isNull(r.heldAt));

/** GET /api/providers/{id}/reviews: visible reviews, newest first, names shortened. */
export async function listPublicReviews(
  db: Database,
  providerId: number,
  { page, limit }: { page: number; limit: number },
) {
  const visible = and(eq(r.providerId, providerId), visibleReview);
  const [rows, [total]] = await Promise.all([
    db
      .select(publicReviewColumns)
      .from(r)
      .where(visible)
      .orderBy(desc(r.createdAt), desc(r.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(r).where(visible),
  ]);
  return {
    items: rows.map((row) => ({ ...row, customerName: shortName(row.customerName) })),
    total: total?.total ?? 0,
  };
}
