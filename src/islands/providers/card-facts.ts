/**
 * What a built card states, as one short key: the built listing keeps its cards as the
 * build wrote them until the list changes (docs/decisions/0049), so the refresh compares
 * each card's key, as written into the built HTML, with the key of the API's fresh answer.
 * Equal keys: the card is still true, and only the claims a build never states (the badge
 * and the responsiveness, decision 0029) are filled in. Any difference (a new rating, a
 * provider gone, another order, "New" no longer so): the list is rendered afresh.
 *
 * The key covers every fact ProviderCard reads of a built card; tests/unit/card-facts.test.ts
 * fails when the card shows another field without its key changing with it.
 */
import type { Provider } from '../../lib/api-answers';
import { isNewProvider } from '../../lib/responsiveness';

/** The facts of a provider a built card shows, `now` deciding whether it is still "New". */
export function cardFactsOf(provider: Provider, now = new Date()) {
  return [
    provider.id,
    provider.name,
    provider.location,
    provider.province,
    provider.distanceKm ?? null,
    provider.rating,
    provider.reviewCount,
    provider.reviewCount === 0 && isNewProvider(provider.createdAt, now),
    provider.matchedBecause ?? null,
    provider.isPremium,
    provider.services,
    provider.startingPrice,
    provider.profileImage,
    // The lines the responsiveness will take, kept free on a built card.
    provider.responsiveness.withinDayPercent !== null,
  ];
}

/** The facts as a short key (FNV-1a, 32 bits, in base 36): what `data-card-facts` holds. */
export function cardFacts(provider: Provider, now = new Date()): string {
  const text = JSON.stringify(cardFactsOf(provider, now));
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/**
 * The slots of a built card that its fresh claims go into (ProviderCard, FreshFacts):
 * the badge or "Not verified", and the responsiveness.
 */
export const FRESH_SLOT = 'data-fresh';
export type FreshSlot = 'verification' | 'responsiveness';

/**
 * Whether the built cards in `root` still state what the API's fresh answer `items` says,
 * card for card, in the same order (the keys the build wrote, `data-card-facts`).
 */
export function stillAsBuilt(root: ParentNode, items: readonly Provider[], now = new Date()) {
  const cards = root.querySelectorAll('[data-card-facts]');
  return (
    cards.length === items.length &&
    items.every(
      (provider, index) =>
        cards[index]?.getAttribute('data-card-facts') === cardFacts(provider, now),
    )
  );
}
