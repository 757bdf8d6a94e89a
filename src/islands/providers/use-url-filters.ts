import { useCallback, useMemo, useSyncExternalStore } from 'react';
import {
  DEFAULT_FILTERS,
  filtersFromSearch,
  searchFromFilters,
  type ProviderFilters,
} from '../../lib/provider-filters';

/** Said on the window when the filters push a new URL (pushState fires no popstate). */
const FILTERS_CHANGED = 'provider-filters-changed';

function subscribe(onChange: () => void) {
  window.addEventListener('popstate', onChange);
  window.addEventListener(FILTERS_CHANGED, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(FILTERS_CHANGED, onChange);
  };
}

const urlSearch = () => window.location.search;
/**
 * The server renders the page's default list (its first page may be in the HTML), so the
 * hydrating render must read no URL either; React then renders again with the URL's.
 */
const noSearch = () => '';

/**
 * The filters live in the URL: shareable, and the back button returns to the previous
 * filters. Any filter change goes back to page 1 (spec section 4); paging keeps them.
 * Locked filters (a category or town page's own) are part of the page's path, not its query.
 */
export function useUrlFilters(locked: Partial<ProviderFilters> = {}) {
  const search = useSyncExternalStore(subscribe, urlSearch, noSearch);
  const filters = useMemo<ProviderFilters>(
    () => ({ ...filtersFromSearch(search), ...locked }),
    [search, locked],
  );

  const update = useCallback(
    (change: Partial<ProviderFilters>) => {
      const url = `${window.location.pathname}${searchAfter(
        { ...filtersFromSearch(window.location.search), ...locked },
        change,
        locked,
      )}`;
      if (url !== `${window.location.pathname}${window.location.search}`) {
        window.history.pushState(null, '', url);
        window.dispatchEvent(new Event(FILTERS_CHANGED));
      }
    },
    [locked],
  );

  /**
   * The link to the page these filters give after `change`, relative to this page ('?page=2';
   * '?' for its defaults): it works before React has hydrated, and in a new tab.
   */
  const hrefFor = useCallback(
    (change: Partial<ProviderFilters>) => searchAfter(filters, change, locked) || '?',
    [filters, locked],
  );

  return [filters, update, hrefFor] as const;
}

/** The URL query after `change` (any change but the page's goes back to page 1). */
function searchAfter(
  current: ProviderFilters,
  change: Partial<ProviderFilters>,
  locked: Partial<ProviderFilters>,
): string {
  const next = { ...current, ...change, ...locked };
  if (!('page' in change)) next.page = 1;
  return searchFromFilters({ ...next, ...unlocked(locked) });
}

/** The defaults in place of the locked filters, so that none of them reaches the query. */
function unlocked(locked: Partial<ProviderFilters>): Partial<ProviderFilters> {
  return Object.fromEntries(
    Object.keys(locked).map((key) => [key, DEFAULT_FILTERS[key as keyof ProviderFilters]]),
  );
}
