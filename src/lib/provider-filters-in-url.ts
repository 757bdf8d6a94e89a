/**
 * Reading the provider list's filters from a page URL, with the API's own query schema
 * (zod). Apart from provider-filters.ts so that the listing loads zod only when it has a
 * URL to read (a shared link, Back or Forward): the filters it sets itself it knows
 * without reading them back (docs/decisions/0049).
 */
import { safeParse, type core, type output } from 'zod/mini';
import { DEFAULT_FILTERS, type ProviderFilters } from './provider-filters';
import { ProviderQuerySchema } from './schemas/provider-query';

const API_FIELDS = ProviderQuerySchema.shape;

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
