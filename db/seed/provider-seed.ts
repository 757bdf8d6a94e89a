import type { ServiceId } from '../../src/lib/catalog/categories.ts';
import type { LegalForm } from '../../src/lib/catalog/checks.ts';
import type { Weekday } from '../../src/lib/catalog/enquiry-options.ts';
import type { ProvinceId } from '../../src/lib/catalog/provinces.ts';
import type { CheckPlan } from './check-records.ts';
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
  /** The reviews behind its rating and count (both follow from these rows). */
  reviews: ReviewSeed[];
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
