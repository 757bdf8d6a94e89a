/**
 * The provider list's filters (spec sections 2 and 9) as they live in the page URL,
 * and the API query they become. 'all' is the default of every select.
 */
import { safeParse, type core, type output } from 'zod/mini';
import type { ServiceId } from './catalog/categories';
import { ProviderQuerySchema, type ProviderSort } from './schemas/provider-query';
import { PROVIDER_PAGE_SIZE } from './listing-limits';
import type { LatLng } from './geo';
import type { api, ApiInput } from './api-client';

export type Verification = 'all' | 'verified' | 'premium';

export interface ProviderFilters {
  serviceType: ServiceId | 'all';
  location: string;
  verification: Verification;
  search: string;
  /** In the state, no control (spec: rating exists in the filter state but has no control). */
  rating: string;
  /** 'recommended' (the default order) or 'quickest' ('Quickest to respond'). */
  sort: ProviderSort;
  page: number;
}

const API_FIELDS = ProviderQuerySchema.shape;

export const DEFAULT_FILTERS: ProviderFilters = {
  serviceType: 'all',
  location: 'all',
  verification: 'all',
  search: '',
  rating: 'all',
  sort: 'recommended',
  page: 1,
};

/**
 * The filters in a page URL, read with the API's own query schema field by field: a value
 * the API would refuse falls back to that filter's default instead of failing the page.
 */
export function filtersFromSearch(search: string): ProviderFilters {
  const params = new URLSearchParams(search);
  const field = <S extends core.$ZodType>(schema: S, key: string): output<S> | undefined => {
    const parsed = safeParse(schema, params.get(key) ?? undefined);
    return parsed.success ? parsed.data : undefined;
  };
  const rating = field(API_FIELDS.rating, 'rating');
  const page = Number(params.get('page') ?? '1');
  return {
    serviceType: field(API_FIELDS.serviceType, 'serviceType') ?? DEFAULT_FILTERS.serviceType,
    location: field(API_FIELDS.location, 'location') ?? DEFAULT_FILTERS.location,
    verification: field(API_FIELDS.verification, 'verification') ?? DEFAULT_FILTERS.verification,
    search: field(API_FIELDS.search, 'search') ?? DEFAULT_FILTERS.search,
    rating: rating === undefined ? DEFAULT_FILTERS.rating : String(rating),
    sort: field(API_FIELDS.sort, 'sort') ?? DEFAULT_FILTERS.sort,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The page URL's query for these filters: only what differs from the defaults. */
export function searchFromFilters(filters: ProviderFilters): string {
  const params = new URLSearchParams();
  if (filters.serviceType !== 'all') params.set('serviceType', filters.serviceType);
  if (filters.location !== 'all') params.set('location', filters.location);
  if (filters.verification !== 'all') params.set('verification', filters.verification);
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.rating !== 'all') params.set('rating', filters.rating);
  if (filters.sort !== DEFAULT_FILTERS.sort) params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * The query of GET /api/providers for these filters (spec section 7: each only when not
 * 'all' or empty; an undefined one is left out of the URL).
 */
export function providersApiQuery(
  filters: ProviderFilters,
  position?: LatLng,
  pageSize = PROVIDER_PAGE_SIZE,
): ApiInput<typeof api.providers.$get>['query'] {
  const search = filters.search.trim();
  return {
    serviceType: filters.serviceType === 'all' ? undefined : filters.serviceType,
    location: filters.location === 'all' ? undefined : filters.location,
    rating: filters.rating === 'all' || filters.rating === '' ? undefined : filters.rating,
    verification: filters.verification === 'all' ? undefined : filters.verification,
    search: search || undefined,
    sort: filters.sort === DEFAULT_FILTERS.sort ? undefined : filters.sort,
    userLat: position?.latitude.toFixed(4),
    userLng: position?.longitude.toFixed(4),
    limit: String(pageSize),
    offset: filters.page > 1 ? String((filters.page - 1) * pageSize) : undefined,
  };
}
