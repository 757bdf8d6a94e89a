/**
 * One page of an admin list: the page number, the rows and the total
 * from X-Total-Count. A change of filters starts again at page 1; when the rows of the
 * last page are gone (deleted, or moved away by a change), it steps back to the new last
 * page. The previous page stays on screen while the next one loads.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ChangeEvent } from 'react';
import { ADMIN_PAGE_SIZE } from '../../lib/schemas/admin-lists';

export type ListFilters = Record<string, string | undefined>;

const REFRESH_MS = 10_000;

/** The query of one page: `filter=...&page=...&limit=...`, leaving out empty filters. */
export function pageQuery(filters: ListFilters, page: number, limit: number) {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) {
    const text = value?.trim();
    if (text) query[key] = text;
  }
  return { ...query, page: String(page), limit: String(limit) };
}

/**
 * Reads one page of a list with `answerPage` (src/lib/api-client.ts), e.g.
 * `(query) => answerPage(api.admin.mail.$get({ query }))`.
 */
type ReadPage<T> = (query: ReturnType<typeof pageQuery>) => Promise<{ items: T[]; total: number }>;

export function useAdminPage<T>(
  queryKey: readonly unknown[],
  readPage: ReadPage<T>,
  filters: ListFilters = {},
  {
    limit = ADMIN_PAGE_SIZE,
    refreshWhile,
  }: {
    limit?: number;
    /** Fetches the page again every REFRESH_MS while its rows say so (work under way). */
    refreshWhile?: (items: T[]) => boolean;
  } = {},
) {
  const filtersKey = JSON.stringify(filters);
  const [current, setCurrent] = useState({ filtersKey, page: 1 });
  const page = current.filtersKey === filtersKey ? current.page : 1;
  const setPage = (next: number) => setCurrent({ filtersKey, page: Math.max(1, next) });

  const query = useQuery({
    queryKey: [...queryKey, { ...filters, page, limit }],
    queryFn: () => readPage(pageQuery(filters, page, limit)),
    placeholderData: keepPreviousData,
    refetchInterval: (current) => {
      const items = current.state.data?.items;
      return refreshWhile && items && refreshWhile(items) ? REFRESH_MS : false;
    },
  });

  const { data } = query;
  const lastPage = data ? Math.max(1, Math.ceil(data.total / limit)) : 1;
  useEffect(() => {
    if (data && !query.isPlaceholderData && data.items.length === 0 && page > lastPage) {
      setCurrent({ filtersKey, page: lastPage });
    }
  }, [data, query.isPlaceholderData, page, lastPage, filtersKey]);

  return { ...query, page, setPage, limit };
}

/** The value once it has stopped changing for `ms` (a search box asks once, not per key). */
export function useSettledValue<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The filters above an admin list, each a text (an empty one filters nothing): their
 * values, and `field(key)`, the value and change handler of the input or select that
 * holds one.
 */
export function useListFilters<F extends { [K in keyof F]: string }>(initial: F) {
  const [filters, setFilters] = useState<F>(initial);
  const field = (key: keyof F) => ({
    value: filters[key],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      setFilters((current) => ({ ...current, [key]: e.target.value })),
  });
  return { filters, setFilters, field };
}
