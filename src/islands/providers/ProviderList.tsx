import { memo } from 'react';
import type { Provider } from '../../lib/api-answers';
import { ProviderCard } from './ProviderCard';

/** The cards of the widest grid's first row: their pictures load at once (ProviderCard). */
const FIRST_ROW_CARDS = 3;

/**
 * The cards of the list. The pages render it into their built HTML (`asBuilt`, no
 * JavaScript); the list's island renders it once the list has changed (ProviderResults,
 * loaded then). Memoised: the list's other state (filters being typed, the sheet)
 * re-renders no card whose items did not change.
 */
export const ProviderList = memo(function ProviderList({
  items,
  dimmed = false,
  busy = dimmed,
  asBuilt = false,
}: {
  items: readonly Provider[];
  /** The cards of the list before its change, while the change loads (or failed). */
  dimmed?: boolean;
  /** The change is on its way (not when it failed): a screen reader waits for it. */
  busy?: boolean;
  asBuilt?: boolean;
}) {
  return (
    <ul
      className={`mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3 ${dimmed ? 'opacity-60' : ''}`}
      aria-busy={busy || undefined}
    >
      {items.map((provider, index) => (
        <li key={provider.id} className="relative">
          <ProviderCard
            provider={provider}
            first={index < FIRST_ROW_CARDS}
            priority={index === 0}
            asBuilt={asBuilt}
          />
        </li>
      ))}
    </ul>
  );
});
