import { count, desc, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { reviews as r, serviceProviders } from '../../../db/schema.ts';
import { pageOffset, type AdminPageQuery } from '../../lib/schemas/admin-lists.ts';
import { publicReviewColumns } from './review-columns.ts';

/**
 * Reviews for moderation, one page: newest first (the id keeps pages stable), with the
 * provider's name, and how many there are; `held` lists only those waiting for a
 * decision. A released review keeps its held reason, with heldAt cleared.
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
    })
    .from(r)
    .innerJoin(serviceProviders, eq(serviceProviders.id, r.providerId))
    .orderBy(desc(r.createdAt), desc(r.id))
    .$dynamic();
}
