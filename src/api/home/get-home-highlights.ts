/**
 * The home page's highlights, each from the data as it is now, with
 * no text claiming more than the rows show (docs/decisions/0024-home-highlights.md):
 *
 * - top rated: verified providers with at least TOP_RATED_MIN_REVIEWS visible reviews,
 *   by rating; within NEAR_YOU_KM of the visitor only when the visitor sent a position;
 * - recently verified: providers verified today, by the day the last of their required
 *   checks passed (the day the badge became, or was renewed as, valid);
 * - recent reviews: the newest visible reviews (neither hidden nor held) of approved
 *   providers; `fromRequest` only for a review written through the single-use link mailed
 *   once its request was completed (it records the request), never for one without.
 */
import { and, desc, eq, gte, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { providerChecks as c, reviews as r, serviceProviders as p } from '../../../db/schema.ts';
import { CHECK_TYPES } from '../../lib/catalog/checks.ts';
import { EARTH_RADIUS_KM, type LatLng } from '../../lib/geo.ts';
import {
  NEAR_YOU_KM,
  RECENT_REVIEWS_COUNT,
  RECENTLY_VERIFIED_COUNT,
  TOP_RATED_COUNT,
  TOP_RATED_MIN_REVIEWS,
} from '../../lib/home-highlights.ts';
import { publicReviewTextColumns } from '../reviews/review-columns.ts';
import { checkIsRequired, providerIsVerified } from '../verification/verified-sql.ts';

/** What a highlight card shows of a provider: nothing beyond the public listing's fields. */
const cardColumns = {
  id: p.id,
  name: p.name,
  location: p.location,
  services: p.services,
  profileImage: p.profileImage,
  rating: p.rating,
  reviewCount: p.reviewCount,
};

export interface HighlightProvider {
  id: number;
  name: string;
  location: string;
  services: string[];
  profileImage: string | null;
  /** One decimal, e.g. "4.8": the average of the visible reviews. */
  rating: string;
  reviewCount: number;
}

export interface HomeHighlights {
  topRated: {
    /** Whether the list is of providers near the position sent (else: the whole country). */
    nearYou: boolean;
    radiusKm: number;
    minReviews: number;
    providers: (HighlightProvider & { distanceKm: number | null })[];
  };
  recentlyVerified: (HighlightProvider & {
    /** The South African day the last of its required checks passed (YYYY-MM-DD). */
    lastCheckPassedOn: string;
  })[];
  recentReviews: {
    id: number;
    /** The reviewer's first name only. */
    firstName: string;
    rating: number;
    comment: string;
    serviceType: string;
    createdAt: string;
    /** Written through the link of a completed request on this site (the row records it). */
    fromRequest: boolean;
    provider: { id: number; name: string };
  }[];
}

/** Great-circle km from `from` (haversine, as the listing's distances). */
function kilometresFrom(from: LatLng): SQL<number> {
  const lat = sql`${from.latitude}::float8`;
  const lng = sql`${from.longitude}::float8`;
  return sql<number>`(2 * ${EARTH_RADIUS_KM} * asin(least(1, sqrt(
    power(sin(radians(${p.latitude}::float8 - ${lat}) / 2), 2) +
    cos(radians(${lat})) * cos(radians(${p.latitude}::float8)) *
    power(sin(radians(${p.longitude}::float8 - ${lng}) / 2), 2)))))`;
}

async function listTopRated(db: Database, from: LatLng | undefined) {
  const kilometres = from ? kilometresFrom(from) : undefined;
  // The box (a little wider than the circle) lets the position index find the few it
  // holds before the exact distance is worked out; no position, no box.
  const near =
    from && kilometres
      ? sql`earth_box(ll_to_earth(${from.latitude}::float8, ${from.longitude}::float8), ${NEAR_YOU_KM * 1000 * 1.01}::float8)
          @> ll_to_earth(${p.latitude}::float8, ${p.longitude}::float8) AND ${kilometres} <= ${NEAR_YOU_KM}`
      : undefined;
  const rows = await db
    .select({
      ...cardColumns,
      distanceKm: kilometres
        ? sql<number>`round(${kilometres}::numeric, 1)::float8`
        : sql<null>`NULL::float8`,
    })
    .from(p)
    .where(
      and(
        eq(p.isApproved, true),
        providerIsVerified,
        gte(p.reviewCount, TOP_RATED_MIN_REVIEWS),
        near,
      ),
    )
    .orderBy(desc(p.rating), desc(p.reviewCount), p.id)
    .limit(TOP_RATED_COUNT);
  return rows;
}

/**
 * Providers verified today, by their newest pass of a check the badge needs. Read from the
 * passes' side, newest first: a provider has at most one record per check type, so the
 * newest RECENTLY_VERIFIED_COUNT × CHECK_TYPES.length passes of verified providers hold
 * the providers whose newest passes are newest (each one's first row in that order is its
 * newest pass). A handful of rows instead of one look-up per verified provider (2.6 s over
 * 100,000 providers, read the other way round).
 */
async function listRecentlyVerified(db: Database) {
  const newestPasses = db
    .select({ providerId: c.providerId, checkedAt: c.checkedAt })
    .from(c)
    .innerJoin(p, eq(p.id, c.providerId))
    .where(and(eq(c.status, 'passed'), eq(p.isApproved, true), providerIsVerified, checkIsRequired))
    // No tie-break here: with one, the whole group of passes at the newest instant is
    // sorted (the generated providers share one); among equals any are as recent.
    .orderBy(desc(c.checkedAt))
    .limit(RECENTLY_VERIFIED_COUNT * CHECK_TYPES.length)
    .as('newest_passes');
  const newest = sql`max(${newestPasses.checkedAt})`;
  return db
    .select({
      ...cardColumns,
      lastCheckPassedOn: sql<string>`(${newest} AT TIME ZONE 'Africa/Johannesburg')::date::text`,
    })
    .from(newestPasses)
    .innerJoin(p, eq(p.id, newestPasses.providerId))
    .groupBy(p.id)
    .orderBy(sql`${newest} DESC`, desc(p.id))
    .limit(RECENTLY_VERIFIED_COUNT);
}

async function listRecentReviews(db: Database) {
  const rows = await db
    .select({
      ...publicReviewTextColumns,
      fromRequest: sql<boolean>`(${r.enquiryId} IS NOT NULL)`,
      providerId: p.id,
      providerName: p.name,
    })
    .from(r)
    .innerJoin(p, eq(p.id, r.providerId))
    .where(and(isNull(r.hiddenAt), isNull(r.heldAt), eq(p.isApproved, true)))
    .orderBy(desc(r.createdAt), desc(r.id))
    .limit(RECENT_REVIEWS_COUNT);
  return rows.map(({ customerName, createdAt, providerId, providerName, ...review }) => ({
    ...review,
    firstName: customerName.trim().split(/\s+/)[0] ?? '',
    createdAt: createdAt.toISOString(),
    provider: { id: providerId, name: providerName },
  }));
}

/** GET /api/home/highlights: the three lists, read side by side. */
export async function getHomeHighlights(
  db: Database,
  from: LatLng | undefined,
): Promise<HomeHighlights> {
  const [topRated, recentlyVerified, recentReviews] = await Promise.all([
    listTopRated(db, from),
    listRecentlyVerified(db),
    listRecentReviews(db),
  ]);
  return {
    topRated: {
      nearYou: from !== undefined,
      radiusKm: NEAR_YOU_KM,
      minReviews: TOP_RATED_MIN_REVIEWS,
      providers: topRated,
    },
    recentlyVerified,
    recentReviews,
  };
}
