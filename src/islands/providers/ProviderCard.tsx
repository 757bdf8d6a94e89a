import { AddToRequestButton } from '../../components/AddToRequestButton';
import type { Provider } from '../../lib/api-answers';
import { serviceName } from '../../lib/catalog/categories';
import { provinceName } from '../../lib/catalog/provinces';
import { formatDistance, formatRand } from '../../lib/format';
import { PRICE_ON_REQUEST } from '../../lib/provider-facts';
import { cardFacts, FRESH_SLOT } from './card-facts';
import { Badge, NotVerified, PaidPlacementLabel } from './ProviderClaims';
import { ProviderLogo } from './ProviderLogo';
import { RatingSummary } from './RatingSummary';
import { ResponsivenessNote } from './ResponsivenessNote';

export const MAX_CARD_CHIPS = 3;

/** The place of the claims a built card leaves out, so that they come without moving it. */
const KEPT_SPACE = '\u00a0';

/**
 * A provider in the list (spec: at most 3 service chips then '+N more'). The card has no
 * handler of its own, so that a built card works before and without hydration: its name
 * is a button marked `data-open-provider`, which the list opens the provider's dialog for
 * (ProviderFinder, by event delegation). The first cards (`first`) load their picture at
 * once: one of them is the page's largest paint, which a lazy image would hold back until
 * layout; the very first (`priority`, the largest paint on a phone) is fetched ahead of
 * the others.
 */
export function ProviderCard({
  provider,
  first = false,
  priority = false,
  asBuilt = false,
}: {
  provider: Provider;
  first?: boolean;
  priority?: boolean;
  /**
   * A card of a built page: no badge and no responsiveness (a check may have lapsed since
   * the build), their space kept in slots (FRESH_SLOT) that the list's island fills from
   * the API's answer; the kept space stays only while it is alone (`not-only:hidden`). The
   * paid placement label shows. It carries the key of what it states (card-facts.ts).
   */
  asBuilt?: boolean;
}) {
  const extra = provider.services.length - MAX_CARD_CHIPS;
  return (
    <article
      className="card h-full border border-base-300 bg-base-100 shadow-sm motion-safe:transition hover:shadow-md has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary"
      data-testid="provider-card"
      {...(asBuilt && { 'data-provider-id': provider.id, 'data-card-facts': cardFacts(provider) })}
    >
      <div className="card-body gap-2 p-4">
        <div className="flex items-start gap-3">
          <ProviderLogo
            provider={provider}
            decorative
            avatar
            {...(!first && { loading: 'lazy' as const })}
            priority={priority}
            className="w-16 shrink-0 rounded-box sm:w-20"
          />
          <div className="min-w-0 flex-1">
            <h2 className="card-title text-base leading-snug sm:text-lg">
              <button
                type="button"
                className="text-left after:absolute after:inset-0 focus-visible:outline-none"
                data-open-provider={provider.id}
              >
                {provider.name}
              </button>
            </h2>
            <p className="text-sm">
              {provider.location}, {provinceName(provider.province)}
              {provider.distanceKm !== undefined && (
                <span className="ml-2 font-semibold">· {formatDistance(provider.distanceKm)}</span>
              )}
            </p>
            <p className="flex items-center gap-2 text-sm">
              <RatingSummary provider={provider} />
            </p>
          </div>
        </div>
        {provider.matchedBecause && provider.matchedBecause.length > 0 && (
          <p className="text-sm font-medium" data-testid="matched-because">
            {provider.matchedBecause.join(' · ')}
          </p>
        )}
        {/* As tall as the button that may come with the fresh answer: the card keeps its
            height when it comes. */}
        <div className="flex min-h-8 flex-wrap items-center gap-1">
          {asBuilt ? (
            <span className="contents" {...{ [FRESH_SLOT]: 'verification' }}>
              <span className="badge invisible w-20 not-only:hidden" aria-hidden="true" />
            </span>
          ) : (
            <>
              <Badge provider={provider} />
              <NotVerified provider={provider} />
            </>
          )}
          {/* Premium does not depend on the day: the built card says it too, and keeps
              its place when the badge comes. */}
          <PaidPlacementLabel provider={provider} />
          {/* Only verified providers can be asked (decision 0050): a built card gets the
              button with the fresh answer, as its badge (decision 0029). */}
          {!asBuilt && provider.isVerified && (
            <AddToRequestButton provider={provider} className="relative z-[1] ml-auto" />
          )}
        </div>
        {asBuilt ? (
          <div {...{ [FRESH_SLOT]: 'responsiveness' }}>
            <div className="text-sm not-only:hidden" aria-hidden="true">
              <p>{KEPT_SPACE}</p>
              {provider.responsiveness.withinDayPercent !== null && <p>{KEPT_SPACE}</p>}
            </div>
          </div>
        ) : (
          <ResponsivenessNote provider={provider} />
        )}
        <ul className="flex flex-wrap gap-1" aria-label="Services">
          {provider.services.slice(0, MAX_CARD_CHIPS).map((service) => (
            <li key={service} className="badge badge-outline badge-sm">
              {serviceName(service)}
            </li>
          ))}
          {extra > 0 && <li className="badge badge-ghost badge-sm">+{extra} more</li>}
        </ul>
        {provider.startingPrice === null ? (
          <p className="mt-auto text-sm font-semibold">{PRICE_ON_REQUEST}</p>
        ) : (
          <p className="mt-auto text-sm">
            From{' '}
            <span className="text-lg font-bold text-primary">
              {formatRand(provider.startingPrice)}
            </span>
          </p>
        )}
      </div>
    </article>
  );
}
