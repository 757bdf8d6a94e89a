import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client.ts';
import {
  customerEnquiries as e,
  jobs,
  jobVariations as v,
  quotes as q,
  serviceProviders as p,
} from '../../../db/schema.ts';
import { requestReference } from '../../lib/request-reference.ts';
import { AppError } from '../errors.ts';
import { copiesOfGroup, groupOf, jobOutcomeColumns, quotesWithJob } from './read-quotes.ts';

/** The group's first copy: the request's reference is its. */
const first = alias(e, 'first_copy');

/** The most jobs the desk's list shows: disputed ones first, then the newest. */
export const DESK_JOBS_LIMIT = 200;

/** The agreed jobs as the desk and its CSV see them, one row each. */
export async function deskJobRows(db: Database, limit?: number) {
  const approved = sql<number>`coalesce((SELECT sum(${v.totalCents}) FROM ${v}
    WHERE ${v.jobId} = ${jobs.id} AND ${v.approvedAt} IS NOT NULL), 0)::int`;
  const query = db
    .select({
      id: jobs.id,
      enquiryId: jobs.enquiryId,
      groupId: jobs.groupId,
      groupCreatedAt: first.createdAt,
      customerName: e.customerName,
      serviceType: e.serviceType,
      providerName: p.name,
      version: q.version,
      quoteTotalCents: q.totalCents,
      approvedVariationsCents: approved,
      pendingVariations: sql<number>`(SELECT count(*) FROM ${v}
        WHERE ${v.jobId} = ${jobs.id} AND ${v.approvedAt} IS NULL AND ${v.declinedAt} IS NULL)::int`,
      acceptedAt: jobs.acceptedAt,
      ...jobOutcomeColumns,
    })
    .from(jobs)
    .innerJoin(q, eq(q.id, jobs.quoteId))
    .innerJoin(e, eq(e.id, jobs.enquiryId))
    .innerJoin(first, eq(first.id, jobs.groupId))
    .leftJoin(p, eq(p.id, jobs.providerId))
    .orderBy(sql`${jobs.disputedAt} IS NULL`, desc(jobs.acceptedAt), desc(jobs.id));
  const rows = await (limit === undefined ? query : query.limit(limit));
  return rows.map(({ groupCreatedAt, ...row }) => ({
    ...row,
    reference: requestReference(row.groupId, groupCreatedAt),
    agreedTotalCents: row.quoteTotalCents + row.approvedVariationsCents,
  }));
}

/** GET /api/admin/jobs: the agreed jobs, disputed first. */
export const listDeskJobs = (db: Database) => deskJobRows(db, DESK_JOBS_LIMIT);

/**
 * GET /api/admin/enquiries/{id}/quotes: every quote of the request's group, by copy and
 * provider, and the agreed job: what the desk needs to settle a dispute.
 */
export async function getDeskQuotes(db: Database, enquiryId: number) {
  const [copy] = await db
    .select({ id: e.id, groupId: e.groupId })
    .from(e)
    .where(eq(e.id, enquiryId));
  if (!copy) throw new AppError('not_found', 'Enquiry not found');
  const copyIds = await copiesOfGroup(db, groupOf(copy));
  const { job, quotes } = await quotesWithJob(db, groupOf(copy), copyIds);
  return { copyIds, quotes, job: job ?? null };
}
