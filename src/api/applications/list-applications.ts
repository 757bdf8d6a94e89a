import { count, desc } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { providerApplications } from '../../../db/schema.ts';
import { pageOffset, type AdminPage, type AdminPageQuery } from '../../lib/schemas/admin-lists.ts';
import type { ApplicationRow } from './application-decision.ts';

/** One page of applications, newest first (the id keeps pages stable), and how many there are. */
export async function listApplications(
  db: Database,
  query: AdminPageQuery,
): Promise<AdminPage<ApplicationRow>> {
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(providerApplications)
      .orderBy(desc(providerApplications.createdAt), desc(providerApplications.id))
      .limit(query.limit)
      .offset(pageOffset(query)),
    db.select({ total: count() }).from(providerApplications),
  ]);
  return { items, total: total?.total ?? 0 };
}
