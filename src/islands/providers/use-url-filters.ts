import { useCallback, useEffect, useState } from 'react';
import {
  filtersFromSearch,
  searchFromFilters,
  type ProviderFilters,
} from '../../lib/provider-filters';

/**
 * The filters live in the URL: shareable, and the back button returns to the previous
 * filters. Any filter change goes back to page 1 (spec section 4); paging keeps them.
 */
export function useUrlFilters(locked: Partial<ProviderFilters> = {}) {
  const read = () => ({ ...filtersFromSearch(window.location.search), ...locked });
  const [filters, setFilters] = useState<ProviderFilters>(() =>
    typeof window === 'undefined' ? { ...filtersFromSearch(''), ...locked } : read(),
  );

  useEffect(() => {
    const onPopState = () => setFilters(read());
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  const update = useCallback((change: Partial<ProviderFilters>) => {
    setFilters((current) => {
      const next = { ...current, ...change, ...locked };
      if (!('page' in change)) next.page = 1;
      const url = `${window.location.pathname}${searchFromFilters({ ...next, ...resetLocked(locked) })}`;
      if (url !== `${window.location.pathname}${window.location.search}`) {
        window.history.pushState(null, '', url);
      }
      return next;
    });
  }, []);

  return [filters, update] as const;
}

/** Locked filters (a category page's service) are part of the page's path, not its query. */
function resetLocked(locked: Partial<ProviderFilters>): Partial<ProviderFilters> {
  return Object.fromEntries(Object.keys(locked).map((key) => [key, key === 'page' ? 1 : 'all']));
}
