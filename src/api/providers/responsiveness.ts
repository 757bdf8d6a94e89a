import { and, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  customerEnquiries as e,
  enquiryAssignments as a,
  serviceProviders as p,
} from '../../../db/schema.ts';
import {
  ANSWER_WINDOW_MINUTES,
  MIN_MEASURED_REQUESTS,
  NOT_MEASURED,
  RESPONSIVENESS_DAYS,
  type Responsiveness,
} from '../../lib/responsiveness.ts';

const WINDOW_START = sql`now() - make_interval(days => ${RESPONSIVENESS_DAYS})`;

/**
 * The responsiveness of the providers `which` selects (a condition on
 * enquiry_assignments, e.g. its provider_id), one row per provider with an assignment in
 * the last 90 days, computed when read (docs/decisions/0017), so no job has to keep it:
 * - requests: the assignments that count: answered, or left unanswered for 24 business
 *   hours of the provider's own week in South African time; one cancelled by the customer
 *   or passed to another provider before then does not (its clock stops there; a
 *   provider's own cancel comes with a response);
 * - medianMinutes: percentile_disc(0.5) of the business minutes to the first response,
 *   over the answered ones (the lower middle value of an even count);
 * - withinDayPercent: answered within 24 business hours, of those that count, in whole
 *   percent rounded down (100% only when every one was);
 * both null below 5 requests ("New on the platform").
 * The assignments are read through their (provider_id, assigned_at) index. Each distinct
 * week of hours is read once (business_clock(), db/sql/business-clock.sql), and the
 * business minutes of an unanswered assignment are the difference of two clock readings.
 */
export function responsivenessFigures(db: Database, which: SQL | undefined) {
  const recent = db.$with('recent_assignments').as(
    db
      .select({
        providerId: a.providerId,
        responseMinutes: a.responseMinutes,
        assignedAt: a.assignedAt,
        // Where the clock of an unanswered one stops: passed on, closed, or now.
        stoppedAt: sql<Date | null>`CASE WHEN ${a.responseMinutes} IS NULL THEN least(
          coalesce(${a.endedAt}, 'infinity'),
          coalesce((SELECT closed.closed_at FROM ${e} AS closed
                     WHERE closed.id = ${a}.${sql.identifier('enquiry_id')}), 'infinity'),
          now()) END`.as('stopped_at'),
      })
      .from(a)
      .where(and(which, gte(a.assignedAt, WINDOW_START))),
  );
  // Unanswered for 24 hours or more: less wall time cannot hold 24 business hours.
  const waitedADay = sql`${recent.stoppedAt} - ${recent.assignedAt} >= make_interval(mins => ${ANSWER_WINDOW_MINUTES})`;
  // The hours of the providers with such assignments, and each distinct week read once
  // (reading the hours text costs about a millisecond).
  const overdue = db
    .$with('overdue_providers')
    .as(
      db
        .selectDistinct({ providerId: recent.providerId, hours: p.businessHours })
        .from(recent)
        .innerJoin(p, eq(p.id, recent.providerId))
        .where(waitedADay),
    );
  const distinctHours = db.selectDistinct({ hours: overdue.hours }).from(overdue).as('hours');
  const weeks = db.$with('business_weeks').as(
    db
      .select({
        hours: distinctHours.hours,
        clock: sql<number[]>`business_clock(${distinctHours.hours})`.as('clock'),
      })
      .from(distinctHours),
  );
  const businessMinutes = sql`round(business_clock_minutes(${weeks.clock}, ${recent.stoppedAt})
    - business_clock_minutes(${weeks.clock}, ${recent.assignedAt}))`;
  const counts = sql`CASE
    WHEN ${recent.responseMinutes} IS NOT NULL THEN true
    WHEN ${waitedADay} THEN ${businessMinutes} >= ${ANSWER_WINDOW_MINUTES}
    ELSE false END`;
  const totals = db
    .with(recent, overdue, weeks)
    .select({
      providerId: recent.providerId,
      requests: sql<number>`count(*) FILTER (WHERE ${counts})::int`.as('requests'),
      withinDay:
        sql<number>`count(*) FILTER (WHERE ${recent.responseMinutes} <= ${ANSWER_WINDOW_MINUTES})::int`.as(
          'within_day',
        ),
      median:
        sql<number>`percentile_disc(0.5) WITHIN GROUP (ORDER BY ${recent.responseMinutes})`.as(
          'median',
        ),
    })
    .from(recent)
    .leftJoin(overdue, eq(overdue.providerId, recent.providerId))
    .leftJoin(weeks, sql`${weeks.hours} = ${overdue.hours}`)
    .groupBy(recent.providerId)
    .as('responsiveness_totals');
  const measured = sql`${totals.requests} >= ${MIN_MEASURED_REQUESTS}`;
  return db
    .select({
      providerId: totals.providerId,
      requests: totals.requests,
      medianMinutes: sql<number | null>`CASE WHEN ${measured} THEN ${totals.median} END`.as(
        'median_minutes',
      ),
      withinDayPercent: sql<
        number | null
      >`CASE WHEN ${measured} THEN 100 * ${totals.withinDay} / ${totals.requests} END`.as(
        'within_day_percent',
      ),
    })
    .from(totals)
    .as('responsiveness');
}

/**
 * Providers with at least 5 assignments in the window: only they can have 5 that count
 * (the sort reads the figures of these alone).
 */
export const mayBeMeasured = sql`${a.providerId} IN (
  SELECT recent.provider_id FROM enquiry_assignments recent
   WHERE recent.assigned_at >= ${WINDOW_START}
   GROUP BY recent.provider_id HAVING count(*) >= ${MIN_MEASURED_REQUESTS})`;

/**
 * The figures of these providers (or of all, for the build's pages: too many ids for one
 * statement's parameters) by id; a provider without any is not in the map.
 */
export async function responsivenessOf(
  db: Database,
  providers: readonly number[] | 'all',
): Promise<Map<number, Responsiveness>> {
  if (providers !== 'all' && providers.length === 0) return new Map();
  const which = providers === 'all' ? undefined : inArray(a.providerId, [...providers]);
  const rows = await db.select().from(responsivenessFigures(db, which));
  return new Map(
    rows.map(({ providerId, ...responsiveness }) => [providerId, responsiveness] as const),
  );
}

/** Each row with its provider's figures from `figures` (none yet: NOT_MEASURED). */
export const withFigures = <Row extends { id: number }>(
  rows: readonly Row[],
  figures: ReadonlyMap<number, Responsiveness>,
): (Row & { responsiveness: Responsiveness })[] =>
  rows.map((row) => ({ ...row, responsiveness: figures.get(row.id) ?? NOT_MEASURED }));

/** Each row with its provider's figures (none yet: NOT_MEASURED). */
export async function withResponsiveness<Row extends { id: number }>(
  db: Database,
  rows: readonly Row[],
  providers: readonly number[] | 'all' = rows.map((row) => row.id),
): Promise<(Row & { responsiveness: Responsiveness })[]> {
  return withFigures(rows, await responsivenessOf(db, providers));
}
