/**
 * Who may take over a request: approved providers who offer the request's service, other
 * than the provider who has it, verified today (an unverified one only when the desk asks
 * for them), near the customer. Near: the request's location placed on the place of the
 * places table it names (place-of-request.ts: a suburb, a township, a town), then the
 * providers whose location or coverage areas name that place or its town, and those
 * positioned within NEAR_KM of it. Those who name it come first, as they said they work
 * there, nearest first; then the others, nearest first (decision 0042). A location that
 * names no place falls back to the province it names, or else to every such provider, by
 * name, with a note saying so.
 */
import { and, asc, count, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Queryable } from '../../../db/client.ts';
import { customerEnquiries as e, serviceProviders as p } from '../../../db/schema.ts';
import { serviceName } from '../../lib/catalog/categories.ts';
import { provinceName, type ProvinceId } from '../../lib/catalog/provinces.ts';
import { EARTH_RADIUS_KM } from '../../lib/geo.ts';
import { provinceOfLocation } from '../../lib/place-of-location.ts';
import { NEAR_KM, REASSIGN_MESSAGES } from '../../lib/schemas/enquiry-follow-up.ts';
import { AppError } from '../errors.ts';
import { withResponsiveness } from '../providers/responsiveness.ts';
import { escapeLike } from '../search/search-sql.ts';
import { providerIsVerified } from '../verification/verified-sql.ts';
import { placeOfRequest, type RequestPlace } from './place-of-request.ts';

/** The dialog lists this many; `total` says how many there are in all. */
export const CANDIDATE_LIMIT = 20;

export interface CandidateRequest {
  serviceType: string;
  location: string;
  assignedProviderId: number | null;
  /** A copy of a request sent to several providers: the others' providers are no candidates. */
  groupId?: number | null;
}

type Place =
  | { kind: 'town'; town: RequestPlace }
  | { kind: 'province'; province: ProvinceId }
  | { kind: 'unplaced' };

async function placeOf(db: Queryable, location: string): Promise<Place> {
  const town = await placeOfRequest(db, location);
  if (town) return { kind: 'town', town };
  const province = provinceOfLocation(location);
  return province ? { kind: 'province', province } : { kind: 'unplaced' };
}

/** Great-circle km from the place (haversine, as the listing's distances); null without a position. */
function kilometresFrom(town: RequestPlace): SQL<number | null> {
  const lat = sql`${town.latitude}::float8`;
  const lng = sql`${town.longitude}::float8`;
  // least() skips a NULL: the CASE keeps a provider without a position without a distance.
  return sql<number | null>`(CASE WHEN ${p.latitude} IS NULL THEN NULL ELSE
    2 * ${EARTH_RADIUS_KM} * asin(least(1, sqrt(
      power(sin(radians(${p.latitude}::float8 - ${lat}) / 2), 2) +
      cos(radians(${lat})) * cos(radians(${p.latitude}::float8)) *
      power(sin(radians(${p.longitude}::float8 - ${lng}) / 2), 2)))) END)`;
}

/** The provider's location or coverage areas name one of these town values. */
function names(values: readonly string[]): SQL<boolean> {
  return sql<boolean>`(${p.areaValues} && ARRAY[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[])`;
}

/** The provider's location or coverage areas name the place or its town. */
const serves = (place: RequestPlace) =>
  names([...place.areaValues, ...(place.town?.areaValues ?? [])]);

/** Which of the place and its town the provider names (the place when both), or null. */
function covered(place: RequestPlace): SQL<string | null> {
  return sql<string | null>`(CASE WHEN ${names(place.areaValues)} THEN ${place.name}::text
    ${place.town ? sql`WHEN ${names(place.town.areaValues)} THEN ${place.town.name}::text` : sql``}
    END)`;
}

/**
 * The providers near the place: those who serve it, and those positioned within NEAR_KM.
 * The box (earthdistance, a little wider than the circle) lets the position index find
 * the few it holds before the exact distance is worked out.
 */
function near(town: RequestPlace, kilometres: SQL): SQL {
  const box = sql`earth_box(ll_to_earth(${town.latitude}::float8, ${town.longitude}::float8), ${NEAR_KM * 1000 * 1.01}::float8)`;
  return sql`(${serves(town)} OR (
    ${box} @> ll_to_earth(${p.latitude}::float8, ${p.longitude}::float8) AND ${kilometres} <= ${NEAR_KM}))`;
}

/** The provider has no copy of the request group (one brief sent to several providers). */
const notInGroup = (groupId: number) =>
  sql`NOT EXISTS (SELECT 1 FROM ${e} AS copy
    WHERE copy.group_id = ${groupId} AND copy.assigned_provider_id = ${p.id})`;

/** What the desk asks for (ReassignCandidatesQuerySchema). */
interface CandidateRule {
  /** Unverified providers too (the desk's "Show unverified providers"). */
  unverified?: boolean | undefined;
  /** A name or town typed at the desk: any such provider of the service, near or not. */
  search?: string | undefined;
}

/** The conditions a candidate meets (but verification), and its distance (null when unknown or no place). */
function candidateSql(request: CandidateRequest, place: Place, { search }: CandidateRule = {}) {
  const kilometres = place.kind === 'town' ? kilometresFrom(place.town) : undefined;
  const pattern = search ? `%${escapeLike(search)}%` : undefined;
  const where = and(
    eq(p.isApproved, true),
    sql`${p.services} @> ARRAY[${request.serviceType}]::text[]`,
    request.assignedProviderId === null ? undefined : ne(p.id, request.assignedProviderId),
    request.groupId ? notInGroup(request.groupId) : undefined,
    pattern
      ? or(ilike(p.name, pattern), ilike(p.location, pattern))
      : place.kind === 'town' && kilometres
        ? near(place.town, kilometres)
        : place.kind === 'province'
          ? eq(p.province, place.province)
          : undefined,
  );
  return { where: where ?? sql`true`, kilometres };
}

/** What the dialog says when the location could not be put on a place. */
function noteOf(request: CandidateRequest, place: Place): string | null {
  const service = serviceName(request.serviceType);
  if (place.kind === 'province') {
    return `“${request.location}” names no town or suburb we know, so these are not sorted by distance: providers in ${provinceName(place.province)} who offer ${service}.`;
  }
  if (place.kind === 'unplaced') {
    return `“${request.location}” names no town, suburb or province we know, so these are all the providers who offer ${service}, by name. Check where they work before choosing.`;
  }
  return null;
}

async function requestOf(db: Queryable, id: number): Promise<CandidateRequest> {
  const [request] = await db
    .select({
      serviceType: e.serviceType,
      location: e.location,
      assignedProviderId: e.assignedProviderId,
      groupId: e.groupId,
    })
    .from(e)
    .where(eq(e.id, id));
  if (!request) throw new AppError('not_found', REASSIGN_MESSAGES.notFound);
  return request;
}

/**
 * GET /api/admin/enquiries/{id}/candidates: where the request was placed, the first
 * CANDIDATE_LIMIT candidates (those who serve the place first, each group nearest first,
 * when placed; else by name) with their distance and responsiveness, how many there are,
 * and how many unverified providers meet the rest of the rule (listed only with
 * `unverified=true`).
 */
export async function listReassignCandidates(
  db: Database,
  enquiryId: number,
  query: CandidateRule = {},
) {
  const request = await requestOf(db, enquiryId);
  const place = await placeOf(db, request.location);
  const { where, kilometres } = candidateSql(request, place, query);
  const listed = query.unverified ? where : and(where, providerIsVerified);
  const distanceKm = kilometres
    ? sql<number | null>`round((${kilometres})::numeric, 1)::float8`
    : sql<number | null>`NULL::float8`;
  const servesTown = place.kind === 'town' ? serves(place.town) : sql<boolean>`false`;
  const covers = place.kind === 'town' ? covered(place.town) : sql<string | null>`NULL::text`;
  const [candidates, [counted]] = await Promise.all([
    db
      .select({
        id: p.id,
        name: p.name,
        location: p.location,
        province: p.province,
        distanceKm,
        servesTown,
        /** The place or its town, as the provider's location or coverage areas name it. */
        covers,
        verified: sql<boolean>`coalesce(${providerIsVerified}, false)`,
        createdAt: p.createdAt,
      })
      .from(p)
      .where(listed)
      .orderBy(
        ...(kilometres ? [sql`${servesTown} DESC`, sql`${kilometres} ASC NULLS LAST`] : []),
        asc(p.name),
        asc(p.id),
      )
      .limit(CANDIDATE_LIMIT),
    db
      .select({
        total: count(),
        verified: sql<number>`count(*) FILTER (WHERE ${providerIsVerified})::int`,
      })
      .from(p)
      .where(where),
  ]);
  const all = counted?.total ?? 0;
  const verified = counted?.verified ?? 0;
  return {
    location: request.location,
    place:
      place.kind === 'town'
        ? {
            kind: place.kind,
            name: place.town.name,
            town: place.town.town?.name ?? null,
            radiusKm: NEAR_KM,
          }
        : place.kind === 'province'
          ? { kind: place.kind, name: provinceName(place.province) }
          : { kind: place.kind },
    note: noteOf(request, place),
    /** Whether unverified providers are listed (asked for with unverified=true). */
    unverifiedShown: query.unverified === true,
    total: query.unverified ? all : verified,
    /** The unverified providers that meet the rest of the rule, listed or not. */
    unverified: all - verified,
    candidates: (await withResponsiveness(db, candidates)).map((candidate) => ({
      ...candidate,
      province: provinceName(candidate.province),
      createdAt: candidate.createdAt.toISOString(),
    })),
  };
}

/**
 * Whether the provider may take over the request (the list's rule, near and unlimited):
 * 'candidate', 'unverified' (a candidate but for its verification), or 'no'.
 */
export async function reassignCandidacy(
  db: Queryable,
  request: CandidateRequest,
  providerId: number,
): Promise<'candidate' | 'unverified' | 'no'> {
  const { where } = candidateSql(request, await placeOf(db, request.location));
  const [found] = await db
    .select({ verified: sql<boolean>`coalesce(${providerIsVerified}, false)` })
    .from(p)
    .where(and(where, eq(p.id, providerId)));
  if (!found) return 'no';
  return found.verified ? 'candidate' : 'unverified';
}
