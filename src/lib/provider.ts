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
  startingPrice: number;
  phone: string;
  email: string;
  website: string | null;
  coverageAreas: string[];
  specialties: string[];
  yearsExperience: number;
  businessHours: Record<string, string>;
  createdAt: string;
  /** Great-circle distance from the visitor, when the visitor's position was given. */
  distanceKm?: number;
}
