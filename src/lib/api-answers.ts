/**
 * What the islands read from the API, each type taken from the route that answers it
 * (through the typed client, src/lib/api-client.ts), never written by hand: a field
 * renamed or dropped on the server fails the typecheck of every island that reads it
 * (docs/decisions/0012-typed-api-contract.md).
 */
import type { api, ApiAnswer } from './api-client';

/** One row of a list answer. */
type Row<List> = List extends readonly (infer Item)[] ? Item : never;

type ProviderRoutes = (typeof api.providers)[':id{[0-9]+}'];

// The public site

/** A provider as the public API answers it (spec section 3): nothing secret. */
export type Provider = ApiAnswer<ProviderRoutes['$get']>;
/** A visible review of a provider, newest first. */
export type PublicReview = Row<ApiAnswer<ProviderRoutes['reviews']['$get']>>;
/** An active flash ad of the home page's banner. */
export type FlashAd = Row<ApiAnswer<(typeof api)['flash-ads']['$get']>>;
/** What the review page shows for a review link: the provider and the service. */
export type ReviewInvitation = ApiAnswer<typeof api.reviews.invitation.$get>;

// Signing in (admins and providers alike)

/** The answer to 'forgot password': in development mode on loopback, with the reset token. */
export type PasswordResetRequested = ApiAnswer<
  (typeof api.admin)['forgot-password']['$post'] | (typeof api.provider)['forgot-password']['$post']
>;

// The provider dashboard

export type OwnProfile = ApiAnswer<typeof api.provider.me.$get>;
export type ProviderEnquiry = Row<ApiAnswer<typeof api.provider.enquiries.$get>>;
/** A review of the signed-in provider, with its reply. */
export type OwnReview = Row<ApiAnswer<typeof api.provider.reviews.$get>>;

// The admin dashboard

export type SignedInAdmin = ApiAnswer<typeof api.admin.me.$get>;
export type Application = Row<ApiAnswer<typeof api.admin.applications.$get>>;
export type AdminProvider = Row<ApiAnswer<typeof api.admin.providers.$get>>;
export type AdminFlashAd = Row<ApiAnswer<(typeof api.admin)['flash-ads']['$get']>>;
/** An enquiry on the admin's desk, with the provider it is assigned to. */
export type DeskEnquiry = Row<ApiAnswer<typeof api.admin.enquiries.$get>>;
export type AdminUser = Row<ApiAnswer<typeof api.admin.users.$get>>;
/** A review as the admins moderate it: hidden or held, and why. */
export type ModeratedReview = Row<ApiAnswer<typeof api.admin.reviews.$get>>;
/** One mail of the outbox, without its text (it may hold a reset link). */
export type ListedMail = Row<ApiAnswer<typeof api.admin.mail.$get>>;
