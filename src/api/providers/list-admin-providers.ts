import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { serviceProviders as p } from '../../../db/schema.ts';
import {
  pageOffset,
  type AdminPage,
  type AdminProviderListQuerySchema,
} from '../../lib/schemas/admin-lists.ts';
import { escapeLike } from '../search/search-sql.ts';
import { adminProviderColumns } from './admin-provider-columns.ts';
import type { AdminProviderRow } from './list-all-providers.ts';

/**
 * GET /api/admin/providers (spec: Providers tab): one page of providers, approved or not,
 * newest first (the id keeps pages stable), with the total that match; search, service
 * and approval filters.
 */
export async function listAdminProviders(
  db: Database,
  query: z.output<typeof AdminProviderListQuerySchema>,
): Promise<AdminPage<AdminProviderRow>> {
  const conditions: (SQL | undefined)[] = [
    query.approved === undefined ? undefined : eq(p.isApproved, query.approved),
    query.serviceType ? sql`${p.services} @> ARRAY[${query.serviceType}]::text[]` : undefined,
    // search_text is lower-cased; LIKE on it uses the trigram index.
    query.search
      ? sql`${p.searchText} LIKE ${`%${escapeLike(query.search.toLowerCase())}%`}`
      : undefined,
  ];
  const where = and(...conditions);
  const newestFirst = [desc(p.createdAt), desc(p.id)];
  // The page's ids are sorted first, then their rows read: sorting 100,000 whole rows
  // spills to disk; sorting their (created_at, id) stays in memory (2-3x faster).
  const pageIds = db
    .select({ id: p.id })
    .from(p)
    .where(where)
    .orderBy(...newestFirst)
    .limit(query.limit)
    .offset(pageOffset(query));
  const [items, [total]] = await Promise.all([
    db
      .select(adminProviderColumns)
      .from(p)
      .where(inArray(p.id, pageIds))
      .orderBy(...newestFirst),
    db.select({ total: count() }).from(p).where(where),
  ]);
  return { items, total: total?.total ?? 0 };
}
