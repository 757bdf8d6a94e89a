/**
 * What the admin tabs share: their query keys, the refresh after a change to providers,
 * the failure toast, and how dates with times read. The rows they show are
 * typed from the API's routes (src/lib/api-answers.ts).
 */
import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client';
import { refreshQueries } from '../../lib/refresh-queries';
import { toast } from '../../lib/toast';

export const ADMIN_KEYS = {
  providers: ['/api/admin/providers'],
  flashAds: ['/api/admin/flash-ads'],
  enquiries: ['/api/admin/enquiries'],
  users: ['/api/admin/users'],
  stats: ['/api/admin/stats'],
  mail: ['/api/admin/mail'],
  /** The three verification queues, each `[...verification, queue]`. */
  verification: ['/api/admin/verification'],
} as const;

/** One provider's checks on its Verification screen. */
export const providerChecksKey = (providerId: number) =>
  ['/api/admin/providers/:id/checks', providerId] as const;

/** What the checks need of one application: stated facts, documents, consent. */
export const applicationChecklistKey = (applicationId: number) =>
  ['/api/admin/applications/:id/checklist', applicationId] as const;

/** The spec's failure toasts: the server's message, else the fallback. */
export const failure = (error: unknown, fallback: string) =>
  error instanceof ApiError ? (error.serverMessage ?? fallback) : fallback;

/** A failure toast: its title, and the server's message or the fallback (`failure`). */
export const toastFailure = (title: string, error: unknown, fallback: string) =>
  toast({ title, description: failure(error, fallback), variant: 'destructive' });

/**
 * After a change to providers or their checks: the admin lists, stats and verification
 * queues, and every public list the page may hold (spec: the public listing and stats
 * follow every change).
 */
export const refreshProviders = (queryClient: QueryClient) =>
  refreshQueries(
    queryClient,
    ADMIN_KEYS.providers,
    ADMIN_KEYS.stats,
    ADMIN_KEYS.verification,
    ['/api/providers'],
    ['/api/stats'],
  );

/** After a change on the enquiry desk: its list and the overview's counts. */
export const refreshEnquiryDesk = (queryClient: QueryClient) =>
  refreshQueries(queryClient, ADMIN_KEYS.enquiries, ADMIN_KEYS.stats);

export const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-ZA', { dateStyle: 'medium', timeStyle: 'short' });
