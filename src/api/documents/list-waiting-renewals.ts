import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { evidenceDocuments as d } from '../../../db/schema.ts';

/** A provider's renewals still waiting for an admin, as its dashboard shows them. */
export async function listWaitingRenewals(db: Database, providerId: number) {
  return db
    .select({
      type: d.checkType,
      fileName: d.fileName,
      submittedAt: d.createdAt,
      validUntil: sql<string | null>`${d.statedValidUntil}::text`,
    })
    .from(d)
    .where(
      and(
        eq(d.providerId, providerId),
        eq(d.reviewStatus, 'waiting'),
        eq(d.uploadedBy, 'provider'),
      ),
    )
    .orderBy(asc(d.createdAt), asc(d.id));
}
