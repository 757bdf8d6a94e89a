import { count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { customerEnquiries, reviews as r, serviceProviders } from '../../../db/schema.ts';
import { BUSINESS_DAY_MINUTES } from '../../lib/responsiveness.ts';
import { HELD_REVIEW_DECISION_BUSINESS_DAYS } from '../../lib/reviews.ts';
import { pageOffset, type AdminPageQuery } from '../../lib/schemas/admin-lists.ts';
import { publicReviewColumns } from './review-columns.ts';

/**
 * Reviews for moderation, one page: newest first (the id keeps pages stable), with the
 * provider's name, and how many there are; `held` lists only those waiting for a
 * decision. A released review keeps its held reason, with heldAt cleared. A held review is
 * overdue once the decision its customer was promised (HELD_REVIEW_DECISION) is late, on
 * the business clock's default week (db/sql/business-clock.sql); customerMailed says
 * whether a decision reaches its customer (mail-review-decision.ts).
 */
export async function listReviewsForAdmin(
  db: Database,
  query: AdminPageQuery & { held?: boolean | undefined },
) {
  const where = query.held ? isNotNull(r.heldAt) : undefined;
  const [items, [total]] = await Promise.all([
    adminReviewRows(db).where(where).limit(query.limit).offset(pageOffset(query)),
    db.select({ total: count() }).from(r).where(where),
  ]);
  return { items, total: total?.total ?? 0 };
}

function adminReviewRows(db: Database) {
  return db
    .select({
      ...publicReviewColumns,
      providerId: r.providerId,
      providerName: serviceProviders.name,
      hiddenAt: r.hiddenAt,
      hiddenReason: r.hiddenReason,
      heldAt: r.heldAt,
      heldReason: r.heldReason,
      decisionOverdue: sql<boolean>`coalesce(business_minutes('{}'::jsonb, ${r.heldAt}, now()) >= ${
        HELD_REVIEW_DECISION_BUSINESS_DAYS * BUSINESS_DAY_MINUTES
      }, false)`,
      customerMailed: sql<boolean>`${customerEnquiries.emailConfirmedAt} IS NOT NULL`,
    })
    .from(r)
    .innerJoin(serviceProviders, eq(serviceProviders.id, r.providerId))
    .leftJoin(customerEnquiries, eq(customerEnquiries.id, r.enquiryId))
    .orderBy(desc(r.createdAt), desc(r.id))
    .$dynamic();
}
