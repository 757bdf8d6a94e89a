/**
 * Paid placement: Premium is paid for, and puts a provider first only among equally
 * relevant, equally verified providers (docs/decisions/0039-paid-placement.md). Wherever
 * it shows, it says so in these words, beside the Verified badge and never in its place,
 * and links to the page that says how the list is ordered.
 */

/** The label on a Premium provider's card, dialog and page. */
export const PAID_PLACEMENT_LABEL = 'Paid placement';

/** The page that says how the list is ordered, what Premium is and what it costs. */
export const ORDERING_PAGE = '/how-we-order';
