import { sql, type AnyColumn } from 'drizzle-orm';
import { providerChecks as c, serviceProviders as p } from '../../../db/schema.ts';

/**
 * South Africa's today, worked out once per query (a sub-select is an init plan): called
 * per row, the function cost a quarter of a second over 100,000 providers, and a value
 * fixed for the query lets the planner use the verified_until index.
 */
export const TODAY = sql`(SELECT sa_today())`;

/**
 * Whether a verified_until day (a provider's, or a provider_counts group's) is verified
 * today: the one place the read-time rule is written (docs/decisions/0014).
 */
export function verifiedOn(verifiedUntil: AnyColumn) {
  return sql<boolean>`(${verifiedUntil} >= ${TODAY})`;
}

/** The provider is verified today. */
export const providerIsVerified = verifiedOn(p.verifiedUntil);

export type VerificationStatus = 'verified' | 'unverified' | 'lapsed';

/**
 * verified: every required check passed and in date; lapsed: every one passed, one has
 * expired; unverified: a required check has not passed (or has no record).
 */
export const providerVerificationStatus = sql<VerificationStatus>`CASE
  WHEN ${p.verifiedUntil} >= ${TODAY} THEN 'verified'
  WHEN ${p.verifiedUntil} = '-infinity'::date THEN 'unverified'
  ELSE 'lapsed' END`;

/** The day a check was recorded, as a South African date (the admin's and the public's). */
export const checkedOnDay = sql<
  string | null
>`(${c.checkedAt} AT TIME ZONE 'Africa/Johannesburg')::date::text`;

/** The last day a check counts, as the date's text ('2027-03-31'); null when it has none. */
export const validUntilDay = sql<string | null>`${c.validUntil}::text`;

/** The check is one its provider's services and business type require (db/sql/verification.sql). */
export const checkIsRequired = sql<boolean>`${c.checkType} = ANY (required_check_types(${p.services}, ${p.legalForm}))`;
