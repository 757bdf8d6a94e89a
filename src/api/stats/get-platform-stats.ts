import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { customerEnquiries, providerCounts as counts } from '../../../db/schema.ts';
import { verifiedOn } from '../verification/verified-sql.ts';

export interface PlatformStats {
  verifiedProviders: number;
  totalEnquiries: number;
  totalProviders: number;
}

/** Spec section 3: counts over approved providers, and all enquiries. */
export async function getPlatformStats(db: Database): Promise<PlatformStats> {
  const [[providers], [enquiries]] = await Promise.all([
    db
      .select({
        totalProviders: sql<number>`coalesce(sum(${counts.approvedCount}), 0)::int`,
        verifiedProviders: sql<number>`coalesce(sum(${counts.approvedCount}) FILTER (WHERE ${verifiedOn(counts.verifiedUntil)}), 0)::int`,
      })
      .from(counts),
    db.select({ totalEnquiries: sql<number>`count(*)::int` }).from(customerEnquiries),
  ]);
  return {
    verifiedProviders: providers?.verifiedProviders ?? 0,
    totalEnquiries: enquiries?.totalEnquiries ?? 0,
    totalProviders: providers?.totalProviders ?? 0,
  };
}
