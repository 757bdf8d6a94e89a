import { and, count, desc, eq, ilike, not, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { customerEnquiries as e, serviceProviders } from '../../../db/schema.ts';
import {
  pageOffset,
  type AdminPage,
  type EnquiryDeskQuerySchema,
} from '../../lib/schemas/admin-lists.ts';
import { photoIdsOf, sitePhotoPaths } from '../requests/site-photos.ts';
import { escapeLike } from '../search/search-sql.ts';
import { deskColumns } from './enquiry-desk-columns.ts';
import type { DeskRow } from './get-enquiry.ts';
import { followUpFlags, needsAttention } from './request-follow-up.ts';

/**
 * One page, newest first (the id keeps pages stable), and how many match; status,
 * urgency and "needs attention" filters; search in customer name, e-mail and location.
 * The follow-up flags are worked out at `now` (the database's now() unless given).
 */
export async function listEnquiries(
  db: Database,
  query: z.output<typeof EnquiryDeskQuerySchema>,
  { now }: { now?: Date } = {},
): Promise<AdminPage<DeskRow & { photos: string[] }>> {
  const attention = needsAttention(now);
  const conditions: (SQL | undefined)[] = [
    query.status ? eq(e.status, query.status) : undefined,
    query.urgency ? eq(e.urgency, query.urgency) : undefined,
    query.needsAttention === undefined
      ? undefined
      : query.needsAttention
        ? attention
        : not(attention),
  ];
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    conditions.push(
      or(
        ilike(e.customerName, pattern),
        ilike(e.customerEmail, pattern),
        ilike(e.location, pattern),
      ),
    );
  }
  const where = and(...conditions);
  const [items, [total]] = await Promise.all([
    db
      .select({ ...deskColumns, ...followUpFlags(now) })
      .from(e)
      .leftJoin(serviceProviders, eq(serviceProviders.id, e.assignedProviderId))
      .where(where)
      .orderBy(desc(e.createdAt), desc(e.id))
      .limit(query.limit)
      .offset(pageOffset(query)),
    db.select({ total: count() }).from(e).where(where),
  ]);
  const photos = await photoIdsOf(
    db,
    items.map((item) => item.id),
  );
  return {
    items: items.map((item) => ({
      ...item,
      photos: (photos.get(item.id) ?? []).map(sitePhotoPaths.admin),
    })),
    total: total?.total ?? 0,
  };
}
