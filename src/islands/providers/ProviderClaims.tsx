import { ORDERING_PAGE, PAID_PLACEMENT_LABEL } from '../../lib/paid-placement';
import { providerBadge } from '../../lib/provider-image';

/** The Verified badge, while every required check is in date. */
export function Badge({ provider }: { provider: { isVerified: boolean } }) {
  const badge = providerBadge(provider);
  if (!badge) return null;
  return <span className="badge badge-success">{badge}</span>;
}

/**
 * Said outright on a card whose provider is not verified today (checks pending or lapsed):
 * a missing badge alone reads as nothing, and a paid placement could pass for a check.
 */
export function NotVerified({ provider }: { provider: { isVerified: boolean } }) {
  if (provider.isVerified) return null;
  return <span className="badge badge-ghost badge-sm whitespace-nowrap">Not verified</span>;
}

/**
 * Said on every Premium provider's card, dialog and page, beside the Verified badge and
 * never in its place: Premium is paid for and moves the provider up the list (decision
 * 0039). It links to the page that says how (above a card's own link, which covers the
 * card).
 */
export function PaidPlacementLabel({ provider }: { provider: { isPremium: boolean } }) {
  if (!provider.isPremium) return null;
  return (
    <a
      href={ORDERING_PAGE}
      className="badge relative z-[1] border-base-content/40 bg-base-100 whitespace-nowrap text-base-content underline-offset-2 hover:underline"
      data-testid="paid-placement"
    >
      {PAID_PLACEMENT_LABEL}
      <span className="sr-only"> (how we order the list)</span>
    </a>
  );
}
