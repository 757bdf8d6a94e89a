import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  DEFAULT_FILTERS,
  searchFromFilters,
  type ProviderFilters,
} from '../../lib/provider-filters';
import { OPEN_PROVIDER_PARAM } from './use-open-provider';

/** The filters' part of a URL query: without the open provider's parameter, in one order. */
function filtersQuery(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(OPEN_PROVIDER_PARAM);
  params.sort();
  return params.toString();
}

/** Filters and the URL query they were read from or written to. */
interface Known {
  query: string;
  filters: ProviderFilters;
}

/**
 * The server renders the page's default list (its first page may be in the HTML), so the
 * hydrating render reads no URL either: it starts from the defaults.
 */
const HYDRATING: Known = { query: '', filters: DEFAULT_FILTERS };

/**
 * The filters live in the URL: shareable, and the back button returns to the previous
 * filters. Any filter change goes back to page 1 (spec section 4); paging keeps them.
 * Locked filters (a category or town page's own) are part of the page's path, not its query.
 *
 * A change made here is known as it is written to the URL; a URL that comes from outside
 * (a shared link, Back, Forward) is read with the API's query schema, which loads then
 * (provider-filters-in-url.ts): the list's JavaScript at load carries no zod
 * (docs/decisions/0049). `settled` is false while such a URL is being read.
 */
export function useUrlFilters(locked: Partial<ProviderFilters> = {}) {
  const [known, setKnownState] = useState<Known>(HYDRATING);
  // The latest filters at once, for changes made twice before React renders again (a
  // search applied as the filter sheet closes, and the sheet's own change).
  const latest = useRef(known);
  const setKnown = useCallback((next: Known) => {
    latest.current = next;
    setKnownState(next);
  }, []);
  const [urlQuery, setUrlQuery] = useState('');

  useEffect(() => {
    const sync = () => setUrlQuery(filtersQuery(window.location.search));
    sync();
    window.addEventListener('popstate', sync);
    return () => window.removeEventListener('popstate', sync);
  }, []);

  useEffect(() => {
    if (urlQuery === known.query) return;
    let current = true;
    void import('../../lib/provider-filters-in-url').then(({ filtersFromSearch }) => {
      if (current) setKnown({ query: urlQuery, filters: filtersFromSearch(urlQuery) });
    });
    return () => {
      current = false;
    };
  }, [urlQuery, known.query, setKnown]);

  const filters = useMemo<ProviderFilters>(
    () => ({ ...known.filters, ...locked }),
    [known.filters, locked],
  );

  const update = useCallback(
    (change: Partial<ProviderFilters>) => {
      const next = filtersAfter(latest.current.filters, change, locked);
      const search = searchFromFilters(next);
      if (filtersQuery(search) === filtersQuery(window.location.search)) return;
      window.history.pushState(null, '', `${window.location.pathname}${search}`);
      const query = filtersQuery(search);
      setKnown({ query, filters: next });
      setUrlQuery(query);
    },
    [locked, setKnown],
  );

  /**
   * The link to the page these filters give after `change`, relative to this page ('?page=2';
   * '?' for its defaults): it works before React has hydrated, and in a new tab.
   */
  const hrefFor = useCallback(
    (change: Partial<ProviderFilters>) =>
      searchFromFilters(filtersAfter(known.filters, change, locked)) || '?',
    [known.filters, locked],
  );

  return [filters, update, hrefFor, urlQuery === known.query] as const;
}

/**
 * The filters of the URL after `change` (any change but the page's goes back to page 1),
 * with the defaults in place of the locked ones, so that none of them reaches the query.
 */
function filtersAfter(
  current: ProviderFilters,
  change: Partial<ProviderFilters>,
  locked: Partial<ProviderFilters>,
): ProviderFilters {
  const next = { ...current, ...change };
  if (!('page' in change)) next.page = 1;
  return { ...next, ...unlocked(locked) };
}

function unlocked(locked: Partial<ProviderFilters>): Partial<ProviderFilters> {
  return Object.fromEntries(
    Object.keys(locked).map((key) => [key, DEFAULT_FILTERS[key as keyof ProviderFilters]]),
  );
}
