/**
 * Who may take over a request: approved providers, verified today,
 * who offer the request's service, other than the provider who has it, near the
 * customer. Near: the request's location placed on a major town of the places table
 * (place-of-location.ts, decision 0033), then providers who serve that town or sit within
 * NEAR_KM of it, nearest first. A
 * location that names no town falls back to the province it names, or else to every
 * such provider, with a note saying so.
 */
import { and, asc, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { customerEnquiries as e, serviceProviders as p } from '../../../db/schema.ts';
import { serviceName } from '../../lib/catalog/categories.ts';
import { provinceName, type ProvinceId } from '../../lib/catalog/provinces.ts';
import { EARTH_RADIUS_KM } from '../../lib/geo.ts';
import { placeOfLocation, provinceOfLocation } from '../../lib/place-of-location.ts';
import { NEAR_KM, REASSIGN_MESSAGES } from '../../lib/schemas/enquiry-follow-up.ts';
import { AppError } from '../errors.ts';
import { majorTownPlaces, type MajorTownPlace } from '../places/major-towns.ts';
import { providerIsVerified } from '../verification/verified-sql.ts';

/** The dialog lists this many; `total` says how many there are in all. */
export const CANDIDATE_LIMIT = 20;

export interface CandidateRequest {
  serviceType: string;
  location: string;
  assignedProviderId: number | null;
}

type Town = Pick<MajorTownPlace, 'value' | 'name' | 'latitude' | 'longitude'>;

type Place =
  { kind: 'town'; town: Town } | { kind: 'province'; province: ProvinceId } | { kind: 'unplaced' };

async function placeOf(db: Queryable, location: string): Promise<Place> {
  const town = placeOfLocation(location, await majorTownPlaces(db));
  if (town) return { kind: 'town', town };
  const province = provinceOfLocation(location);
  return province ? { kind: 'province', province } : { kind: 'unplaced' };
}

/** Great-circle km from the town (haversine, as the listing's distances); null without a position. */
function kilometresFrom(town: Town): SQL<number | null> {
  const lat = sql`${town.latitude}::float8`;
  const lng = sql`${town.longitude}::float8`;
  // least() skips a NULL: the CASE keeps a provider without a position without a distance.
  return sql<number | null>`(CASE WHEN ${p.latitude} IS NULL THEN NULL ELSE
    2 * ${EARTH_RADIUS_KM} * asin(least(1, sqrt(
      power(sin(radians(${p.latitude}::float8 - ${lat}) / 2), 2) +
      cos(radians(${lat})) * cos(radians(${p.latitude}::float8)) *
      power(sin(radians(${p.longitude}::float8 - ${lng}) / 2), 2)))) END)`;
}

/**
 * The providers near the town: those whose location or coverage names it, and those
 * positioned within NEAR_KM. The box (earthdistance, a little wider than the circle) lets
 * the position index find the few it holds before the exact distance is worked out.
 */
function near(town: Town, kilometres: SQL): SQL {
  const box = sql`earth_box(ll_to_earth(${town.latitude}::float8, ${town.longitude}::float8), ${NEAR_KM * 1000 * 1.01}::float8)`;
  return sql`(${p.areaValues} @> ARRAY[${town.value}]::text[] OR (
    ${box} @> ll_to_earth(${p.latitude}::float8, ${p.longitude}::float8) AND ${kilometres} <= ${NEAR_KM}))`;
}

/** The conditions a candidate meets, and its distance (null when unknown or no town). */
function candidateSql(request: CandidateRequest, place: Place) {
  const kilometres = place.kind === 'town' ? kilometresFrom(place.town) : undefined;
  const where = and(
    eq(p.isApproved, true),
    providerIsVerified,
    sql`${p.services} @> ARRAY[${request.serviceType}]::text[]`,
    request.assignedProviderId === null ? undefined : ne(p.id, request.assignedProviderId),
    place.kind === 'town' && kilometres ? near(place.town, kilometres) : undefined,
    place.kind === 'province' ? eq(p.province, place.province) : undefined,
  );
  return { where: where ?? sql`true`, kilometres };
}

/** What the dialog says when the location could not be put on a town. */
function noteOf(request: CandidateRequest, place: Place): string | null {
  const service = serviceName(request.serviceType);
  if (place.kind === 'province') {
    return `“${request.location}” names no town we know, so these are not sorted by distance: verified providers in ${provinceName(place.province)} who offer ${service}.`;
  }
  if (place.kind === 'unplaced') {
    return `“${request.location}” names no town or province we know, so these are all the verified providers who offer ${service}. Check where they work before choosing.`;
  }
  return null;
}

async function requestOf(db: Queryable, id: number): Promise<CandidateRequest> {
  const [request] = await db
    .select({
      serviceType: e.serviceType,
      location: e.location,
      assignedProviderId: e.assignedProviderId,
    })
    .from(e)
    .where(eq(e.id, id));
  if (!request) throw new AppError('not_found', REASSIGN_MESSAGES.notFound);
  return request;
}

/**
 * GET /api/admin/enquiries/{id}/candidates: where the request was placed, the first
 * CANDIDATE_LIMIT candidates (nearest first when placed on a town, else by name) and how
 * many there are.
 */
export async function listReassignCandidates(db: Queryable, enquiryId: number) {
  const request = await requestOf(db, enquiryId);
  const place = await placeOf(db, request.location);
  const { where, kilometres } = candidateSql(request, place);
  const distanceKm = kilometres
    ? sql<number | null>`round((${kilometres})::numeric, 1)::float8`
    : sql<number | null>`NULL::float8`;
  const servesTown =
    place.kind === 'town'
      ? sql<boolean>`(${p.areaValues} @> ARRAY[${place.town.value}]::text[])`
      : sql<boolean>`false`;
  const [candidates, [counted]] = await Promise.all([
    db
      .select({
        id: p.id,
        name: p.name,
        location: p.location,
        province: p.province,
        distanceKm,
        servesTown,
      })
      .from(p)
      .where(where)
      .orderBy(...(kilometres ? [sql`${kilometres} ASC NULLS LAST`] : []), asc(p.name), asc(p.id))
      .limit(CANDIDATE_LIMIT),
    db.select({ total: count() }).from(p).where(where),
  ]);
  return {
    location: request.location,
    place:
      place.kind === 'town'
        ? { kind: place.kind, name: place.town.name, radiusKm: NEAR_KM }
        : place.kind === 'province'
          ? { kind: place.kind, name: provinceName(place.province) }
          : { kind: place.kind },
    note: noteOf(request, place),
    total: counted?.total ?? 0,
    candidates: candidates.map((candidate) => ({
      ...candidate,
      province: provinceName(candidate.province),
    })),
  };
}

/** Whether the provider may take over the request (the same rule as the list, unlimited). */
export async function isReassignCandidate(
  db: Queryable,
  request: CandidateRequest,
  providerId: number,
): Promise<boolean> {
  const { where } = candidateSql(request, await placeOf(db, request.location));
  const [found] = await db
    .select({ id: p.id })
    .from(p)
    .where(and(where, eq(p.id, providerId)));
  return found !== undefined;
}
