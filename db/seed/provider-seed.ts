import type { ServiceId } from '../../src/lib/catalog/categories.ts';
import type { LegalForm } from '../../src/lib/catalog/checks.ts';
import type { Weekday } from '../../src/lib/catalog/enquiry-options.ts';
import type { ProvinceId } from '../../src/lib/catalog/provinces.ts';
import type { CheckPlan } from './check-records.ts';
import { MAX_REQUEST_DAYS_BEFORE_REVIEW } from './sample-requests.ts';
import type { ReviewSeed } from './sample-reviews.ts';

export type { Weekday };

/** A provider as the seed writes it (sample and generated providers alike). */
export interface ProviderSeed {
  name: string;
  description: string;
  location: string;
  province: ProvinceId;
  latitude: string;
  longitude: string;
  services: ServiceId[];
  specialties: string[];
  coverageAreas: string[];
  businessHours: Record<Weekday, string>;
  startingPrice: number;
  /**
   * The reviews behind its rating and count (both follow from these rows), each written
   * after a completed request the seed adds with it (sample-requests.ts).
   */
  reviews: ReviewSeed[];
  /**
   * How long before the seed ran the provider was listed: before its first request
   * (listedBefore), and what decides whether it is new on the platform.
   */
  listedDaysAgo: number;
  /** The check records seeded with it: the badge follows from them. */
  checks: CheckPlan;
  legalForm?: LegalForm;
  isPremium: boolean;
  isApproved: boolean;
  phone: string;
  email: string;
  website?: string;
  yearsExperience: number;
  profileImage?: string;
}

/**
 * A provider's reviews with its listing date: listed before the request of its oldest
 * review, `extraDays` more before that.
 */
export function reviewedAndListed(
  reviews: ReviewSeed[],
  extraDays: number,
): Pick<ProviderSeed, 'reviews' | 'listedDaysAgo'> {
  const oldest = Math.max(0, ...reviews.map((review) => review.daysAgo));
  return { reviews, listedDaysAgo: oldest + MAX_REQUEST_DAYS_BEFORE_REVIEW + 1 + extraDays };
}
