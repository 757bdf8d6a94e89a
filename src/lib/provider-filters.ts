/**
 * The provider list's filters (spec sections 2 and 9) as they live in the page URL,
 * and the API query they become. 'all' is the default of every select.
 */
import { isServiceId, type ServiceId } from './catalog/categories';
import { PROVIDER_PAGE_SIZE } from './listing-limits';
import type { LatLng } from './geo';

export type Verification = 'all' | 'verified' | 'premium';

export interface ProviderFilters {
  serviceType: ServiceId | 'all';
  location: string;
  verification: Verification;
  search: string;
  /** In the state, no control (spec: rating exists in the filter state but has no control). */
  rating: string;
  page: number;
}

export const DEFAULT_FILTERS: ProviderFilters = {
  serviceType: 'all',
  location: 'all',
  verification: 'all',
  search: '',
  rating: 'all',
  page: 1,
};

export function filtersFromSearch(search: string): ProviderFilters {
  const params = new URLSearchParams(search);
  const serviceType = params.get('serviceType') ?? 'all';
  const verification = params.get('verification') ?? 'all';
  const page = Number(params.get('page') ?? '1');
  return {
    serviceType: isServiceId(serviceType) ? serviceType : 'all',
    location: /^[a-z0-9-]{1,60}$/.test(params.get('location') ?? '')
      ? (params.get('location') ?? 'all')
      : 'all',
    verification: verification === 'verified' || verification === 'premium' ? verification : 'all',
    search: (params.get('search') ?? '').slice(0, 100),
    rating: params.get('rating') ?? 'all',
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
  if (filters.page > 1) params.set('page', String(filters.page));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** GET /api/providers for these filters (spec section 7: each only when not 'all' or empty). */
export function providersApiPath(
  filters: ProviderFilters,
  position?: LatLng,
  pageSize = PROVIDER_PAGE_SIZE,
): string {
  const params = new URLSearchParams();
  if (filters.serviceType !== 'all') params.set('serviceType', filters.serviceType);
  if (filters.location !== 'all') params.set('location', filters.location);
  if (filters.rating !== 'all' && filters.rating !== '') params.set('rating', filters.rating);
  if (filters.verification !== 'all') params.set('verification', filters.verification);
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (position) {
    params.set('userLat', position.latitude.toFixed(4));
    params.set('userLng', position.longitude.toFixed(4));
  }
  params.set('limit', String(pageSize));
  if (filters.page > 1) params.set('offset', String((filters.page - 1) * pageSize));
  return `/api/providers?${params}`;
}
