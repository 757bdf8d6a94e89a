import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { customerEnquiries as e, serviceProviders } from '../../../db/schema.ts';
import type { z } from 'zod';
import {
  pageOffset,
  type AdminPage,
  type EnquiryDeskQuerySchema,
} from '../../lib/schemas/admin-lists.ts';
import { deskColumns } from './enquiry-desk-columns.ts';
import type { DeskRow } from './get-enquiry.ts';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One page, newest first (the id keeps pages stable), and how many match; status and
 * urgency filters; search in customer name, e-mail and location.
 */
export async function listEnquiries(
  db: Database,
  query: z.output<typeof EnquiryDeskQuerySchema>,
): Promise<AdminPage<DeskRow>> {
  const conditions: (SQL | undefined)[] = [
    query.status ? eq(e.status, query.status) : undefined,
    query.urgency ? eq(e.urgency, query.urgency) : undefined,
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
      .select(deskColumns)
      .from(e)
      .leftJoin(serviceProviders, eq(serviceProviders.id, e.assignedProviderId))
      .where(where)
      .orderBy(desc(e.createdAt), desc(e.id))
      .limit(query.limit)
      .offset(pageOffset(query)),
    db.select({ total: count() }).from(e).where(where),
  ]);
  return { items, total: total?.total ?? 0 };
}
