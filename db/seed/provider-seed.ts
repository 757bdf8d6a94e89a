import type { ServiceId } from '../../src/lib/catalog/categories.ts';
import type { Weekday } from '../../src/lib/catalog/enquiry-options.ts';
import type { ProvinceId } from '../../src/lib/catalog/provinces.ts';

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
  isVerified: boolean;
  isPremium: boolean;
  isApproved: boolean;
  phone: string;
  email: string;
  website?: string;
  yearsExperience: number;
  profileImage?: string;
}
