/** What the dashboard reads from the API (spec section 7, provider calls). */
export interface OwnProfile {
  id: number;
  name: string;
  email: string;
  phone: string;
  location: string;
  province: string;
  services: string[];
  description: string;
  profileImage: string | null;
  rating: number;
  reviewCount: number;
  isVerified: boolean;
  isPremium: boolean;
  isApproved: boolean;
}

export interface ProviderEnquiry {
  id: number;
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
  serviceType: string;
  location: string;
  description: string;
  budget: string | null;
  urgency: string;
  status: string;
  adminNotes: string | null;
  providerResponse: string | null;
  providerNotes: string | null;
  respondedAt: string | null;
  /** The customer opened the confirmation link; only then are responses e-mailed. */
  emailConfirmedAt: string | null;
  createdAt: string;
}

export const ME_KEY = ['/api/provider/me'] as const;
export const ENQUIRIES_KEY = ['/api/provider/enquiries'] as const;
