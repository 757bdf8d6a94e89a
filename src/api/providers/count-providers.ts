import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { providerCounts as counts, serviceProviders as p } from '../../../db/schema.ts';
import { verifiedOn } from '../verification/verified-sql.ts';
import { providerFilters, verificationWanted, type ListingQuery } from './provider-filters.ts';
import { RANK_GROUPS } from './rank-groups.ts';

/** The provider_counts keys of providers that offer the service (all keys without one). */
export const countsOffering = (service: string | undefined): SQL | undefined =>
  service ? sql`${counts.services} @> ARRAY[${service}]::text[]` : undefined;

/**
 * How many approved providers match a listing's filters. Service and verification alone
 * are summed from provider_counts (kept exact by triggers, one row per key); location,
 * search and rating narrow the rows through their own indexes and are counted directly.
 */
export async function countProviders(db: Database, query: ListingQuery): Promise<number> {
  if (query.location || query.search || query.rating !== undefined) {
    const [row] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(p)
      .where(providerFilters(query));
    return row?.total ?? 0;
  }
  const wanted = verificationWanted(query.verification);
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${counts.approvedCount}), 0)::int` })
    .from(counts)
    .where(
      and(
        countsOffering(query.serviceType),
        wanted.verified ? verifiedOn(counts.verifiedUntil) : undefined,
        wanted.premium ? eq(counts.isPremium, true) : undefined,
      ),
    );
  return row?.total ?? 0;
}

/** How many matches each group of the listing's order holds (rank-groups.ts). */
export type RankGroupSizes = [number, number, number, number];

/**
 * The sizes of the listing's four groups from provider_counts, when the filters are
 * service and verification only; undefined when location, search or rating filter too.
 */
export async function rankGroupSizes(
  db: Database,
  query: ListingQuery,
): Promise<RankGroupSizes | undefined> {
  if (query.location || query.search || query.rating !== undefined) return undefined;
  const verified = verifiedOn(counts.verifiedUntil);
  const rows = await db
    .select({
      premium: counts.isPremium,
      verified: sql<boolean>`${verified}`,
      total: sql<number>`sum(${counts.approvedCount})::int`,
    })
    .from(counts)
    .where(countsOffering(query.serviceType))
    .groupBy(counts.isPremium, verified);
  const wanted = verificationWanted(query.verification);
  const size = (premium: boolean, isVerified: boolean) => {
    if ((wanted.verified && !isVerified) || (wanted.premium && !premium)) return 0;
    return rows.find((row) => row.premium === premium && row.verified === isVerified)?.total ?? 0;
  };
  return RANK_GROUPS.map((group) => size(group.premium, group.verified)) as RankGroupSizes;
}
