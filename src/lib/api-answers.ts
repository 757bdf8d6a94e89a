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

/** A provider as the public API lists it (spec section 3): nothing secret. */
export type Provider = Row<ApiAnswer<typeof api.providers.$get>>;
/** One provider with its Verification section (GET /api/providers/{id}). */
export type ProviderDetail = ApiAnswer<ProviderRoutes['$get']>;
/** The checks behind a provider's badge, as the public sees them. */
export type PublicVerification = ProviderDetail['verification'];
export type PublicCheck = PublicVerification['checks'][number];
/** A visible review of a provider, newest first. */
export type PublicReview = Row<ApiAnswer<ProviderRoutes['reviews']['$get']>>;
/** An active flash ad of the home page's banner. */
export type FlashAd = Row<ApiAnswer<(typeof api)['flash-ads']['$get']>>;
/** What the review page shows for a review link: the provider and the service. */
export type ReviewInvitation = ApiAnswer<typeof api.reviews.invitation.$get>;
/** A review just written: shown at once, or held for a check and why. */
export type WrittenReview = ApiAnswer<typeof api.reviews.$post>;

// Signing in (admins and providers alike)

/** The answer to 'forgot password': in development mode on loopback, with the reset token. */
export type PasswordResetRequested = ApiAnswer<
  (typeof api.admin)['forgot-password']['$post'] | (typeof api.provider)['forgot-password']['$post']
>;

// The provider dashboard

export type OwnProfile = ApiAnswer<typeof api.provider.me.$get>;
/** The "Complete your profile" list: each fact, whether given, and when confirmed. */
export type ProfileChecklist = ApiAnswer<typeof api.provider.profile.checklist.$get>;
/** The signed-in provider's own checks and their expiry. */
export type OwnChecks = ApiAnswer<typeof api.provider.checks.$get>;
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
/** Who may take over a request left waiting (verified, the service, near the customer). */
export type ReassignCandidates = ApiAnswer<
  (typeof api.admin.enquiries)[':id']['candidates']['$get']
>;
export type AdminUser = Row<ApiAnswer<typeof api.admin.users.$get>>;
/** A review as the admins moderate it: hidden or held, and why. */
export type ModeratedReview = Row<ApiAnswer<typeof api.admin.reviews.$get>>;
/** One mail of the outbox, without its text (it may hold a reset link). */
export type ListedMail = Row<ApiAnswer<typeof api.admin.mail.$get>>;

// Verification (admin)

/** A provider's checks on the admin's Verification screen, notes included. */
export type AdminChecks = ApiAnswer<(typeof api.admin.providers)[':id']['checks']['$get']>;
export type AdminCheck = AdminChecks['checks'][number];
/** One row of a verification queue: expiring, expired or waiting for review. */
export type VerificationQueueRow = Row<ApiAnswer<typeof api.admin.verification.$get>>;
