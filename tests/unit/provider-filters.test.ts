import { describe, expect, it } from 'vitest';
import { filtersFromSearch } from '../../src/lib/provider-filters-in-url.ts';
import {
  DEFAULT_FILTERS,
  providersApiQuery,
  searchFromFilters,
} from '../../src/lib/provider-filters.ts';
import { ProviderQuerySchema } from '../../src/lib/schemas/provider-query.ts';

describe('filtersFromSearch: the /providers URL read with the API query schema', () => {
  it('reads every filter the API accepts', () => {
    expect(
      filtersFromSearch(
        '?serviceType=cctv&location=cape-town&verification=premium&search=%20fibre%20&rating=4.5&sort=quickest&page=3',
      ),
    ).toEqual({
      serviceType: 'cctv',
      location: 'cape-town',
      verification: 'premium',
      search: 'fibre',
      rating: '4.5',
      sort: 'quickest',
      page: 3,
    });
  });

  it('gives the defaults for an empty query', () => {
    expect(filtersFromSearch('')).toEqual(DEFAULT_FILTERS);
  });

  it.each([
    ['serviceType', 'plumbing'],
    ['location', 'Cape Town!'],
    ['verification', 'gold'],
    ['rating', 'seven'],
    ['rating', '9'],
    ['search', 'x'.repeat(101)],
    ['sort', 'fastest'],
  ] as const)('falls back to the default where the API would refuse %s=%s', (key, value) => {
    expect(ProviderQuerySchema.shape[key].safeParse(value).success).toBe(false);
    const filters = filtersFromSearch(`?${new URLSearchParams({ [key]: value })}`);
    expect(filters[key]).toBe(DEFAULT_FILTERS[key]);
  });

  it('round-trips through the URL it writes', () => {
    const filters = { ...DEFAULT_FILTERS, serviceType: 'wifi' as const, search: 'mesh', page: 2 };
    expect(filtersFromSearch(searchFromFilters(filters))).toEqual(filters);
  });

  it("keeps 'Quickest to respond' in the URL, and the default order out of it", () => {
    expect(searchFromFilters({ ...DEFAULT_FILTERS, sort: 'quickest' })).toBe('?sort=quickest');
    expect(searchFromFilters(DEFAULT_FILTERS)).toBe('');
    expect(providersApiQuery({ ...DEFAULT_FILTERS, sort: 'quickest' }).sort).toBe('quickest');
    expect(providersApiQuery(DEFAULT_FILTERS).sort).toBeUndefined();
  });
});
