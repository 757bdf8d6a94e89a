import type { ServiceId } from '../../src/lib/catalog/categories.ts';
import type { Weekday } from '../../src/lib/catalog/enquiry-options.ts';
import type { ProvinceId } from '../../src/lib/catalog/provinces.ts';
import type { LegalForm } from '../../src/lib/catalog/checks.ts';
import type { CheckPlan } from './check-records.ts';

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
  rating: string;
  reviewCount: number;
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
