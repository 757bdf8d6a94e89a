import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { providerCounts as counts } from '../../../db/schema.ts';
import { SERVICE_IDS, type ServiceId } from '../../lib/catalog/categories.ts';

/** Approved providers offering each service; every service id is present. */
export async function getServiceStats(db: Database): Promise<Record<ServiceId, number>> {
  const service = sql<string>`service`;
  const rows = await db
    .select({
      service,
      count: sql<number>`coalesce(sum(${counts.approvedCount}), 0)::int`,
    })
    .from(counts)
    .crossJoin(sql`unnest(${counts.services}) AS offered(service)`)
    .groupBy(service);
  const stats = Object.fromEntries(SERVICE_IDS.map((id) => [id, 0])) as Record<ServiceId, number>;
  for (const row of rows) {
    if (row.service in stats) stats[row.service as ServiceId] = row.count;
  }
  return stats;
}
