import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { reviews as r } from '../../../db/schema.ts';
import { shortName } from '../../lib/schemas/reviews.ts';
import { publicReviewColumns } from './review-columns.ts';

/**
 * The provider's own reviews, hidden ones marked (their reason is shown to them). Held
 * ones are left out until released: the hold is not announced to the provider it is
 * about.
 */
export function listOwnReviews(db: Database, providerId: number) {
  return db
    .select({
      ...publicReviewColumns,
      hiddenAt: r.hiddenAt,
      hiddenReason: r.hiddenReason,
    })
    .from(r)
    .where(and(eq(r.providerId, providerId), isNull(r.heldAt)))
    .orderBy(desc(r.createdAt), desc(r.id))
    .then((rows) => rows.map((row) => ({ ...row, customerName: shortName(row.customerName) })));
}
