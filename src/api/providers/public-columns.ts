import { serviceProviders as p } from '../../../db/schema.ts';

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
  profileImage: p.profileImage,
  rating: p.rating,
  reviewCount: p.reviewCount,
  isVerified: p.isVerified,
  isPremium: p.isPremium,
  isApproved: p.isApproved,
  startingPrice: p.startingPrice,
  phone: p.phone,
  email: p.email,
  website: p.website,
  coverageAreas: p.coverageAreas,
  specialties: p.specialties,
  yearsExperience: p.yearsExperience,
  businessHours: p.businessHours,
  createdAt: p.createdAt,
};
