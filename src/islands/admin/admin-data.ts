/** What the admin tabs read from the API, their query keys, and shared helpers. */
import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client';

export interface AdminProvider {
  id: number;
  name: string;
  contactName: string | null;
  description: string;
  location: string;
  province: string;
  services: string[];
  profileImage: string | null;
  rating: string;
  reviewCount: number;
  isVerified: boolean;
  isPremium: boolean;
  isApproved: boolean;
  startingPrice: number;
  phone: string;
  email: string;
  website: string | null;
  yearsExperience: number;
  teamSize: number | null;
  establishedYear: number | null;
  completedJobs: number | null;
  responseTime: string | null;
  insurance: string | null;
  businessLicense: string | null;
  emergencyService: boolean;
  createdAt: string;
}

export interface AdminFlashAd {
  id: number;
  title: string;
  subtitle: string;
  imageUrl: string | null;
  isActive: boolean;
  priority: number;
  displayDuration: number;
  createdAt: string;
}

export interface DeskEnquiry {
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
  assignedProviderId: number | null;
  assignedProviderName: string | null;
  adminNotes: string | null;
  providerResponse: string | null;
  providerNotes: string | null;
  respondedAt: string | null;
  createdAt: string;
}

/** GET /api/admin/stats (spec section 3, plus the reviews held for moderation). */
export interface AdminStats {
  totalApplications: number;
  pendingApplications: number;
  totalProviders: number;
  verifiedProviders: number;
  totalEnquiries: number;
  newEnquiries: number;
  premiumProviders: number;
  /** Reviews waiting for an admin's decision (issue 11). */
  heldReviews: number;
}

export interface AdminUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  isActive: boolean;
  lastLogin: string | null;
  createdAt: string;
}

export const ADMIN_KEYS = {
  providers: ['/api/admin/providers'],
  flashAds: ['/api/admin/flash-ads'],
  enquiries: ['/api/admin/enquiries'],
  users: ['/api/admin/users'],
  stats: ['/api/admin/stats'],
  mail: ['/api/admin/mail'],
} as const;

/** The spec's failure toasts: the server's message, else the fallback. */
export const failure = (error: unknown, fallback: string) =>
  error instanceof ApiError ? (error.serverMessage ?? fallback) : fallback;

/**
 * After a change to providers: the admin lists and stats, and every public list the page
 * may hold (spec: the public listing and stats follow every change).
 */
export const refreshProviders = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.providers }),
    queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.stats }),
    queryClient.invalidateQueries({ queryKey: ['/api/providers'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/stats'] }),
  ]);

export const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-ZA', { dateStyle: 'medium', timeStyle: 'short' });
