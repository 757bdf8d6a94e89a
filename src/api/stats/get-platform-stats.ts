import { ne, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { customerEnquiries, providerCounts as counts } from '../../../db/schema.ts';
import { SERVICE_IDS, type ServiceId } from '../../lib/catalog/categories.ts';

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
        verifiedProviders: sql<number>`coalesce(sum(${counts.approvedCount}) FILTER (WHERE ${counts.isVerified}), 0)::int`,
      })
      .from(counts)
      .where(sql`${counts.service} = '*'`),
    db.select({ totalEnquiries: sql<number>`count(*)::int` }).from(customerEnquiries),
  ]);
  return {
    verifiedProviders: providers?.verifiedProviders ?? 0,
    totalEnquiries: enquiries?.totalEnquiries ?? 0,
    totalProviders: providers?.totalProviders ?? 0,
  };
}

/** Approved providers offering each service; every service id is present. */
export async function getServiceStats(db: Database): Promise<Record<ServiceId, number>> {
  const rows = await db
    .select({
      service: counts.service,
      count: sql<number>`coalesce(sum(${counts.approvedCount}), 0)::int`,
    })
    .from(counts)
    .where(ne(counts.service, '*'))
    .groupBy(counts.service);
  const stats = Object.fromEntries(SERVICE_IDS.map((id) => [id, 0])) as Record<ServiceId, number>;
  for (const row of rows) {
    if (row.service in stats) stats[row.service as ServiceId] = row.count;
  }
  return stats;
}
