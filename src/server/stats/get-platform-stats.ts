import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { customerEnquiries, serviceProviders as p } from '../../../db/schema.ts';
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
        totalProviders: sql<number>`count(*)::int`,
        verifiedProviders: sql<number>`count(*) FILTER (WHERE ${p.isVerified})::int`,
      })
      .from(p)
      .where(sql`${p.isApproved}`),
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
    .select({ service: sql<string>`s.service`, count: sql<number>`count(*)::int` })
    .from(sql`${p}, unnest(${p.services}) AS s(service)`)
    .where(sql`${p.isApproved}`)
    .groupBy(sql`s.service`);
  const stats = Object.fromEntries(SERVICE_IDS.map((id) => [id, 0])) as Record<ServiceId, number>;
  for (const row of rows) {
    if (row.service in stats) stats[row.service as ServiceId] = row.count;
  }
  return stats;
}
