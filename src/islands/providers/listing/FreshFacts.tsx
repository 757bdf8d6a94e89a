import { useLayoutEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { AddToRequestButton } from '../../../components/AddToRequestButton';
import type { Provider } from '../../../lib/api-answers';
import { FRESH_SLOT, type FreshSlot } from '../card-facts';
import { Badge, NotVerified } from '../ProviderClaims';
import { ResponsivenessNote } from '../ResponsivenessNote';

interface Slot {
  element: Element;
  id: number;
  kind: FreshSlot;
}

/**
 * The claims a build never states (the badge or "Not verified", and the responsiveness:
 * decision 0029), rendered from the API's answer into the slots of the built cards in
 * `root`, which stay the build's HTML otherwise (docs/decisions/0049). A few small
 * portals: React renders no card.
 */
export function FreshFacts({ root, items }: { root: HTMLElement; items: readonly Provider[] }) {
  const [slots, setSlots] = useState<Slot[]>([]);
  // Before the browser paints: the claims come in the same frame as the answer.
  useLayoutEffect(() => {
    setSlots(
      [...root.querySelectorAll(`[${FRESH_SLOT}]`)].flatMap((element) => {
        const card = element.closest('[data-provider-id]');
        const kind = element.getAttribute(FRESH_SLOT);
        return card && (kind === 'verification' || kind === 'responsiveness')
          ? [{ element, id: Number(card.getAttribute('data-provider-id')), kind }]
          : [];
      }),
    );
  }, [root]);
  const byId = new Map(items.map((provider) => [provider.id, provider]));
  return slots.map(({ element, id, kind }) => {
    const provider = byId.get(id);
    if (!provider) return null;
    return createPortal(
      kind === 'verification' ? (
        <>
          <Badge provider={provider} />
          <NotVerified provider={provider} />
          {provider.isVerified && (
            <AddToRequestButton provider={provider} className="relative z-[1] ml-auto" />
          )}
        </>
      ) : (
        <ResponsivenessNote provider={provider} />
      ),
      element,
      `${kind}-${id}`,
    );
  });
}
