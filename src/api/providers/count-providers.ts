import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { providerCounts as counts, serviceProviders as p } from '../../../db/schema.ts';
import type { ProviderQuery } from '../../lib/schemas/provider-query.ts';
import { providerFilters } from './provider-filters.ts';

/**
 * How many approved providers match a listing's filters. Service and verification alone
 * are read from provider_counts (kept exact by triggers); location, search and rating
 * narrow the rows through their own indexes and are counted directly.
 */
export async function countProviders(db: Database, query: ProviderQuery): Promise<number> {
  if (query.location || query.search || query.rating !== undefined) {
    const [row] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(p)
      .where(providerFilters(query));
    return row?.total ?? 0;
  }
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${counts.approvedCount}), 0)::int` })
    .from(counts)
    .where(
      and(
        eq(counts.service, query.serviceType ?? '*'),
        query.verification === 'verified' ? eq(counts.isVerified, true) : undefined,
        query.verification === 'premium' ? eq(counts.isPremium, true) : undefined,
      ),
    );
  return row?.total ?? 0;
}
