import { sql } from 'drizzle-orm';
import { serviceProviders as p } from '../../../db/schema.ts';
import type { Responsiveness } from '../../lib/responsiveness.ts';
import { providerIsVerified } from '../verification/verified-sql.ts';

/**
 * How a provider stands on the list, as its public page and its own dashboard show it:
 * its photo, rating, badges and approval.
 */
export const listingStandingColumns = {
  profileImage: p.profileImage,
  rating: p.rating,
  reviewCount: p.reviewCount,
  /** Derived: every required check passed and in date today. */
  isVerified: providerIsVerified.as('is_verified'),
  isPremium: p.isPremium,
  isApproved: p.isApproved,
};

/**
 * The columns a public answer may carry. Queries select exactly these, so a password
 * hash or token version never even reaches the route code.
 */
export const publicProviderColumns = {
  id: p.id,
  name: p.name,
  description: p.description,
  location: p.location,
  province: p.province,
  latitude: p.latitude,
  longitude: p.longitude,
  services: p.services,
  ...listingStandingColumns,
  startingPrice: p.startingPrice,
  phone: p.phone,
  email: p.email,
  website: p.website,
  coverageAreas: p.coverageAreas,
  specialties: p.specialties,
  yearsExperience: p.yearsExperience,
  businessHours: p.businessHours,
  createdAt: p.createdAt,
  /** Photos of past work, oldest first: paths as the profile photo's. */
  // Written out in full: drizzle leaves a one-table query's columns unqualified, and an
  // unqualified "id" in the subquery would be the photo's.
  workPhotos: sql<string[]>`coalesce((
    SELECT array_agg(wp.image_path ORDER BY wp.id) FROM provider_work_photos wp
    WHERE wp.provider_id = "service_providers"."id"
  ), '{}')`.as('work_photos'),
};

/** The provider as the public API answers it (spec section 3); nothing secret. */
export interface Provider {
  id: number;
  name: string;
  description: string;
  location: string;
  province: string;
  /** Decimal strings, as Postgres numeric arrives (spec: strings on the wire). */
  latitude: string | null;
  longitude: string | null;
  services: string[];
  profileImage: string | null;
  /** One decimal, e.g. "4.8". */
  rating: string;
  reviewCount: number;
  isVerified: boolean;
  isPremium: boolean;
  isApproved: boolean;
  /** Rand; null when none was given ("Price on request"). */
  startingPrice: number | null;
  phone: string;
  email: string;
  website: string | null;
  coverageAreas: string[];
  /** Empty when none were given. */
  specialties: string[];
  yearsExperience: number;
  /** The days given; no day at all when the hours were not given ("Hours not given"). */
  businessHours: Record<string, string>;
  createdAt: string;
  /** Photos of past work, oldest first: /objects/ paths or seed file names. */
  workPhotos: string[];
  /** How quickly it answers requests, over the last 90 days (responsiveness.ts). */
  responsiveness: Responsiveness;
  /** Great-circle distance from the visitor, when the visitor's position was given. */
  distanceKm?: number;
  /**
   * Why a search for a place matched it, when it says more than the card does ("Based in
   * Umhlanga, Durban", "Covers Durban"): only with such a search (match-reasons.ts).
   */
  matchedBecause?: string[];
}

type Row = Omit<Provider, 'createdAt' | 'distanceKm'> & {
  createdAt: Date;
  distanceKm?: number | null;
};

/** A row of publicProviderColumns with its figures, as the API answers it. */
export function toProvider(row: Row): Provider {
  const { distanceKm, createdAt, ...rest } = row;
  return {
    ...rest,
    createdAt: createdAt.toISOString(),
    ...(distanceKm !== undefined && distanceKm !== null ? { distanceKm } : {}),
  };
}
