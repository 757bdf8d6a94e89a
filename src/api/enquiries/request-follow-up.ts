/**
 * Nobody left waiting: when a request has waited too long on its
 * provider, counted in the provider's business hours (business_minutes(),
 * db/sql/business-clock.sql) from the time its open assignment began, so a reassigned request starts afresh.
 *
 * - Not seen within 4 business hours: open (new or assigned), not seen by the provider,
 *   240 business minutes or more on the open assignment.
 * - Not answered within 1 business day: open, the open assignment has no first
 *   response, 540 business minutes (one default working day, 08:00-17:00) or more.
 */
import { inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  customerEnquiries as e,
  enquiryAssignments as a,
  serviceProviders,
} from '../../../db/schema.ts';

/** 4 business hours: the desk's "not seen" and the provider's reminder. */
export const NOT_SEEN_MINUTES = 240;
/** 1 business day of 9 business hours. */
export const NOT_ANSWERED_MINUTES = 540;

/** The statuses of a request still waiting on its provider. */
export const WAITING_STATUSES = ['new', 'assigned'] as const;

/** The database's now(), or a given instant (jobs and tests move the clock). */
export function instant(now?: Date): SQL {
  return now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
}

// Its own name: the desk's queries join service_providers for the provider's name.
const hoursOf = alias(serviceProviders, 'assignment_provider');

/**
 * The request is open, and its open assignment has waited `minutes` business minutes by
 * `at` and meets `condition`. Business minutes never run faster than the clock, so the
 * wall-clock bound comes first and spares the count for the recent ones.
 */
function waited(minutes: number, at: SQL, condition: SQL): SQL<boolean> {
  return sql<boolean>`(${inArray(e.status, [...WAITING_STATUSES])} AND EXISTS (
    SELECT 1 FROM ${a} JOIN ${serviceProviders} ${hoursOf} ON ${hoursOf.id} = ${a.providerId}
     WHERE ${a.enquiryId} = ${e.id} AND ${a.endedAt} IS NULL AND ${condition}
       AND ${a.assignedAt} <= ${at} - make_interval(mins => ${minutes}::integer)
       AND business_minutes(${hoursOf.businessHours}, ${a.assignedAt}, ${at}) >= ${minutes}::integer))`;
}

/** The desk's two flags of a request, at `now` (the database's now() if not given). */
export function followUpFlags(now?: Date) {
  const at = instant(now);
  return {
    notSeenInTime: waited(NOT_SEEN_MINUTES, at, sql`${e.seenAt} IS NULL`),
    notAnsweredInTime: waited(NOT_ANSWERED_MINUTES, at, sql`${a.firstResponseAt} IS NULL`),
  };
}

/** Either flag is up: the desk's "Needs attention". */
export function needsAttention(now?: Date): SQL<boolean> {
  const { notSeenInTime, notAnsweredInTime } = followUpFlags(now);
  return sql<boolean>`(${notSeenInTime} OR ${notAnsweredInTime})`;
}
