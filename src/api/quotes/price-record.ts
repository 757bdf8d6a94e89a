import { and, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { jobs, jobVariations as v, quotes as q } from '../../../db/schema.ts';
import { PRICE_RECORD_MONTHS, type PriceRecord } from '../../lib/price-record.ts';

/**
 * A provider's public record of keeping to agreed prices (docs/decisions/0051), computed
 * when read like responsiveness: its jobs completed in the last 12 months, and of those
 * the ones completed at or below the agreed total (the accepted quote plus approved
 * variations) with no dispute raised by either side.
 */
export async function getPriceRecord(db: Database, providerId: number): Promise<PriceRecord> {
  const agreed = sql`${q.totalCents} + coalesce((SELECT sum(${v.totalCents}) FROM ${v}
    WHERE ${v.jobId} = ${jobs.id} AND ${v.approvedAt} IS NOT NULL), 0)`;
  const [row] = await db
    .select({
      jobs: sql<number>`count(*)::int`,
      kept: sql<number>`(count(*) FILTER (WHERE ${jobs.finalTotalCents} <= ${agreed} AND ${jobs.disputedAt} IS NULL))::int`,
    })
    .from(jobs)
    .innerJoin(q, eq(q.id, jobs.quoteId))
    .where(
      and(
        eq(jobs.providerId, providerId),
        gte(jobs.completedAt, sql`now() - make_interval(months => ${PRICE_RECORD_MONTHS})`),
      ),
    );
  return { jobs: row?.jobs ?? 0, kept: row?.kept ?? 0 };
}
