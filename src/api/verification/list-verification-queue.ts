import { and, asc, eq, exists, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  evidenceDocuments as d,
  providerChecks as c,
  serviceProviders as p,
} from '../../../db/schema.ts';
import { checkDefinition } from '../../lib/catalog/checks.ts';
import {
  VERIFICATION_QUEUE_LIMIT,
  type VerificationQueue,
} from '../../lib/schemas/verification.ts';
import { TODAY, validUntilDay } from './verified-sql.ts';

/**
 * The admin's work lists: passes expiring in the next 30 days, passes expired, and
 * checks waiting for review (pending, or with a document waiting: a renewal the provider
 * sent). Expiring and expired read the valid_until index.
 */
export async function listVerificationQueue(db: Database, queue: VerificationQueue) {
  const condition = {
    expiring: and(eq(c.status, 'passed'), sql`${c.validUntil} BETWEEN ${TODAY} AND ${TODAY} + 30`),
    expired: and(eq(c.status, 'passed'), sql`${c.validUntil} < ${TODAY}`),
    waiting: or(
      eq(c.status, 'pending'),
      exists(
        db
          .select({ one: sql`1` })
          .from(d)
          .where(
            and(
              eq(d.providerId, c.providerId),
              eq(d.checkType, c.checkType),
              eq(d.reviewStatus, 'waiting'),
            ),
          ),
      ),
    ),
  }[queue];
  const rows = await db
    .select({
      providerId: p.id,
      providerName: p.name,
      type: c.checkType,
      status: c.status,
      validUntil: validUntilDay,
      updatedAt: c.updatedAt,
    })
    .from(c)
    .innerJoin(p, eq(p.id, c.providerId))
    .where(condition)
    .orderBy(queue === 'waiting' ? asc(c.updatedAt) : asc(c.validUntil), asc(c.id))
    .limit(VERIFICATION_QUEUE_LIMIT);
  return rows.map((row) => ({ ...row, label: checkDefinition(row.type).label }));
}
