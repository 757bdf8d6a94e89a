/** The listing's chips, sorts and town suggestions. */
import { describe, expect, it } from 'vitest';
import {
  NEAREST_TOWN_COUNT,
  locationSuggestions,
} from '../../src/islands/providers/listing/location-suggestions.ts';
import { foldPlaceText, matchMajorTowns, placeOption } from '../../src/islands/ui/place-sources.ts';
import { filtersFromSearch } from '../../src/lib/provider-filters-in-url.ts';
import {
  DEFAULT_FILTERS,
  activeFilterChips,
  effectiveSort,
  placeName,
  providersApiQuery,
  searchFromFilters,
  withoutFilters,
} from '../../src/lib/provider-filters.ts';
import { ProviderQuerySchema } from '../../src/lib/schemas/provider-query.ts';

const CAPE_TOWN = { latitude: -33.9249, longitude: 18.4241 };

describe('activeFilterChips', () => {
  it('has no chip for the defaults', () => {
    expect(activeFilterChips(DEFAULT_FILTERS)).toEqual([]);
  });

  it('gives one chip per active filter, in the order of the controls, in words', () => {
    const filters = filtersFromSearch(
      '?rating=4&search=%20fibre%20&verification=premium&location=port-elizabeth&serviceType=cctv&sort=rated&page=2',
    );
    expect(activeFilterChips(filters)).toEqual([
      { filter: 'serviceType', label: 'CCTV & Security' },
      { filter: 'location', label: 'Port Elizabeth' },
      { filter: 'verification', label: 'Verified, paid placement' },
      { filter: 'search', label: '“fibre”' },
      { filter: 'rating', label: 'Rated 4 or more' },
    ]);
  });

  it('counts neither the sort nor the page', () => {
    expect(activeFilterChips({ ...DEFAULT_FILTERS, sort: 'quickest', page: 3 })).toEqual([]);
  });

  it('gives no chip for a filter the page fixes (a category page’s service)', () => {
    const filters = {
      ...DEFAULT_FILTERS,
      serviceType: 'ndi' as const,
      verification: 'verified' as const,
    };
    expect(activeFilterChips(filters, { serviceType: 'ndi' })).toEqual([
      { filter: 'verification', label: 'Verified Only' },
    ]);
  });

  it('names a place the picker has seen, then a catalog town, then the value in words', () => {
    const seen = new Map([['hout-bay', 'Hout Bay']]);
    expect(placeName('hout-bay', seen)).toBe('Hout Bay');
    expect(placeName('cape-town', seen)).toBe('Cape Town');
    expect(placeName('port-alfred')).toBe('Port Alfred');
    expect(activeFilterChips({ ...DEFAULT_FILTERS, location: 'hout-bay' }, {}, seen)).toEqual([
      { filter: 'location', label: 'Hout Bay' },
    ]);
  });

  it('a whitespace-only search is no filter', () => {
    expect(activeFilterChips({ ...DEFAULT_FILTERS, search: '   ' })).toEqual([]);
  });
});

describe('withoutFilters', () => {
  it('puts each filter back to its default', () => {
    expect(withoutFilters('location', 'search', 'rating')).toEqual({
      location: 'all',
      search: '',
      rating: 'all',
    });
    const filters = { ...DEFAULT_FILTERS, serviceType: 'cctv' as const, location: 'durban' };
    const left = { ...filters, ...withoutFilters('serviceType') };
    expect(activeFilterChips(left)).toEqual([{ filter: 'location', label: 'Durban' }]);
  });
});

describe('sorts', () => {
  it('reads every sort from the URL and writes all but the default', () => {
    for (const sort of ['nearest', 'rated', 'quickest'] as const) {
      expect(filtersFromSearch(`?sort=${sort}`).sort).toBe(sort);
      expect(searchFromFilters({ ...DEFAULT_FILTERS, sort })).toBe(`?sort=${sort}`);
    }
    expect(searchFromFilters(DEFAULT_FILTERS)).toBe('');
  });

  it('asks for nearest only with the position, which the API requires', () => {
    const nearest = { ...DEFAULT_FILTERS, sort: 'nearest' as const };
    expect(effectiveSort('nearest', false)).toBe('recommended');
    expect(effectiveSort('nearest', true)).toBe('nearest');
    expect(effectiveSort('rated', false)).toBe('rated');

    const without = providersApiQuery(nearest);
    expect(without.sort).toBeUndefined();
    expect(ProviderQuerySchema.safeParse(without).success).toBe(true);
    expect(ProviderQuerySchema.safeParse({ sort: 'nearest' }).success).toBe(false);

    const withPosition = providersApiQuery(nearest, CAPE_TOWN);
    expect(withPosition).toMatchObject({
      sort: 'nearest',
      userLat: '-33.9249',
      userLng: '18.4241',
    });
    expect(ProviderQuerySchema.safeParse(withPosition).success).toBe(true);
  });

  it('sends the position with the other sorts too (cards show distances)', () => {
    expect(providersApiQuery({ ...DEFAULT_FILTERS, sort: 'rated' }, CAPE_TOWN)).toMatchObject({
      sort: 'rated',
      userLat: '-33.9249',
    });
  });
});

describe('the town picker’s major-towns source', () => {
  it('folds case, accents and punctuation', () => {
    expect(foldPlaceText('  Mbómbela ')).toBe('mbombela');
    expect(foldPlaceText("King William's Town")).toBe('king william s town');
  });

  it('finds towns by the start of any word, those starting with the query first', () => {
    expect(matchMajorTowns('dur', 8).map((p) => p.name)).toEqual(['Durban']);
    const town = matchMajorTowns('town', 20).map((p) => p.name);
    expect(town).toContain('Cape Town');
    expect(town.every((name) => /\btown/i.test(name))).toBe(true);
    expect(matchMajorTowns('PORT', 8)[0]).toEqual({
      value: 'port-elizabeth',
      name: 'Port Elizabeth',
      detail: 'Eastern Cape',
    });
  });

  it('finds nothing for no query or a name of no town, and keeps to the limit', () => {
    expect(matchMajorTowns('  ', 8)).toEqual([]);
    expect(matchMajorTowns('atlantis', 8)).toEqual([]);
    expect(matchMajorTowns('p', 3)).toHaveLength(3);
  });
});

describe('placeOption: a place of GET /api/places in the picker', () => {
  it('tells places apart by their town and province, and says which other name matched', () => {
    expect(
      placeOption({
        value: 'khayelitsha',
        name: 'Khayelitsha',
        province: 'western-cape',
        parent: { name: 'Cape Town' },
      }),
    ).toEqual({ value: 'khayelitsha', name: 'Khayelitsha', detail: 'Cape Town, Western Cape' });
    expect(
      placeOption({
        value: 'port-elizabeth',
        name: 'Port Elizabeth',
        province: 'eastern-cape',
        otherName: 'Gqeberha',
      }).detail,
    ).toBe('Gqeberha · Eastern Cape');
  });
});

describe('locationSuggestions', () => {
  it('offers the six default towns without a position, in the spec’s order', () => {
    const { label, places } = locationSuggestions(undefined);
    expect(label).toBe('Main cities');
    expect(places.map((p) => p.name)).toEqual([
      'Johannesburg',
      'Cape Town',
      'Durban',
      'Pretoria',
      'Port Elizabeth',
      'Bloemfontein',
    ]);
  });

  it('offers the 12 nearest towns, nearest first, with a position', () => {
    const { label, places } = locationSuggestions(CAPE_TOWN);
    expect(label).toBe('Towns near you');
    expect(places).toHaveLength(NEAREST_TOWN_COUNT);
    expect(places[0]?.name).toBe('Cape Town');
  });

  it('offers the places table’s nearest towns once they are known', () => {
    const nearby = [{ value: 'bellville', name: 'Bellville' }];
    expect(locationSuggestions(CAPE_TOWN, nearby).places).toBe(nearby);
    expect(locationSuggestions(undefined, nearby).label).toBe('Main cities');
  });
});
