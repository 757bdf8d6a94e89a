/**
 * The provider list's filters (spec sections 2 and 9) as they live in the page URL,
 * and the API query they become. 'all' is the default of every select.
 */
import type { api, ApiInput } from './api-client';
import { SERVICE_CATEGORIES, type ServiceId } from './catalog/categories';
import { MAJOR_TOWNS } from './catalog/major-towns';
import type { LatLng } from './geo';
import { PROVIDER_PAGE_SIZE } from './listing-limits';
import type { ProviderSort } from './schemas/provider-query';

export type Verification = 'all' | 'verified' | 'premium';

/** The verification filter's choices, in the select's order. */
export const VERIFICATIONS: readonly Verification[] = ['all', 'verified', 'premium'];

export interface ProviderFilters {
  serviceType: ServiceId | 'all';
  location: string;
  verification: Verification;
  search: string;
  /** In the state, no control (spec: rating exists in the filter state but has no control). */
  rating: string;
  /**
   * 'recommended' (the default order), 'nearest' (only with the visitor's position, see
   * effectiveSort), 'rated' ('Highest rated') or 'quickest' ('Quickest to respond').
   */
  sort: ProviderSort;
  page: number;
}

export const DEFAULT_FILTERS: ProviderFilters = {
  serviceType: 'all',
  location: 'all',
  verification: 'all',
  search: '',
  rating: 'all',
  sort: 'recommended',
  page: 1,
};

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
  const sort = effectiveSort(filters.sort, position !== undefined);
  return {
    serviceType: filters.serviceType === 'all' ? undefined : filters.serviceType,
    location: filters.location === 'all' ? undefined : filters.location,
    rating: filters.rating === 'all' || filters.rating === '' ? undefined : filters.rating,
    verification: filters.verification === 'all' ? undefined : filters.verification,
    search: search || undefined,
    // With a position the API lists nearest first unless told otherwise: the order is said.
    sort: sort === DEFAULT_FILTERS.sort && !position ? undefined : sort,
    userLat: position?.latitude.toFixed(4),
    userLng: position?.longitude.toFixed(4),
    limit: String(pageSize),
    offset: filters.page > 1 ? String((filters.page - 1) * pageSize) : undefined,
  };
}

/**
 * The order the list is in: 'nearest' needs the visitor's position (the API refuses it
 * without), so a shared link with sort=nearest lists in the recommended order until the
 * visitor turns Near me on.
 */
export function effectiveSort(sort: ProviderSort, positionKnown: boolean): ProviderSort {
  return sort === 'nearest' && !positionKnown ? DEFAULT_FILTERS.sort : sort;
}

/** The filters a chip can show and remove: every one with a control, and the rating. */
export type ChipFilter = 'serviceType' | 'location' | 'verification' | 'search' | 'rating';

export interface FilterChip {
  filter: ChipFilter;
  /** What the chip says ("CCTV & Security", "Cape Town", "“fibre”"). */
  label: string;
}

/**
 * What each verification filter shows, in the select and on its chip. 'premium' keeps the
 * spec's value, but reads for what it does: verified providers who pay for placement.
 */
export const VERIFICATION_LABELS: Record<Verification, string> = {
  all: 'All Providers',
  verified: 'Verified Only',
  premium: 'Verified, paid placement',
};

/**
 * The name of a place value: from `known` (names the town picker has seen), then the
 * major towns, else the value's words capitalised ("port-alfred" → "Port Alfred"), so a
 * shared link to another place reads as a name until its own is known.
 */
export function placeName(value: string, known?: ReadonlyMap<string, string>): string {
  return (
    known?.get(value) ??
    MAJOR_TOWNS.find((town) => town.value === value)?.name ??
    value
      .split('-')
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' ')
  );
}

/**
 * The active filters as removable chips, in the order of the controls; `locked` ones
 * (a category page's service) are part of the page, not a choice, and get none. Their
 * number is the count on the phone's "Filters (n)" button.
 */
export function activeFilterChips(
  filters: ProviderFilters,
  locked: Partial<ProviderFilters> = {},
  knownPlaces?: ReadonlyMap<string, string>,
): FilterChip[] {
  const chips: FilterChip[] = [];
  const open = (filter: ChipFilter) => !(filter in locked);
  if (open('serviceType') && filters.serviceType !== 'all') {
    const category = SERVICE_CATEGORIES.find((c) => c.id === filters.serviceType);
    chips.push({ filter: 'serviceType', label: category?.filterLabel ?? filters.serviceType });
  }
  if (open('location') && filters.location !== 'all') {
    chips.push({ filter: 'location', label: placeName(filters.location, knownPlaces) });
  }
  if (open('verification') && filters.verification !== 'all') {
    chips.push({ filter: 'verification', label: VERIFICATION_LABELS[filters.verification] });
  }
  const search = filters.search.trim();
  if (open('search') && search) chips.push({ filter: 'search', label: `“${search}”` });
  if (open('rating') && filters.rating !== 'all' && filters.rating !== '') {
    chips.push({ filter: 'rating', label: `Rated ${filters.rating} or more` });
  }
  return chips;
}

/** The change that removes these filters (each back to its default). */
export function withoutFilters(...filters: ChipFilter[]): Partial<ProviderFilters> {
  return Object.fromEntries(filters.map((filter) => [filter, DEFAULT_FILTERS[filter]]));
}
