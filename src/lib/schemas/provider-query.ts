/**
 * Query of GET /api/providers (spec section 7). Shared by the API, which validates with
 * it, and the provider list, which builds its URLs from the same names.
 * 'all' or an empty value means no filter.
 */
// zod/mini, the same zod with functions instead of methods: the provider list reads its
// URL with this schema in the browser, and the classic build would add 25 KB to the page.
import * as z from 'zod/mini';
import { SERVICE_IDS } from '../catalog/categories.ts';
import {
  MAX_PROVIDER_PAGE_SIZE,
  MAX_SEARCH_LENGTH,
  PROVIDER_PAGE_SIZE,
} from '../listing-limits.ts';

export { MAX_PROVIDER_PAGE_SIZE, MAX_SEARCH_LENGTH, PROVIDER_PAGE_SIZE };

/** A preprocessing step: `prepare` runs on the raw value, then `schema` checks it. */
const after = <T extends z.core.$ZodType>(prepare: (value: unknown) => unknown, schema: T) =>
  z.pipe<z.ZodMiniTransform, T>(z.transform(prepare), schema);

const noFilter = (value: unknown) =>
  typeof value === 'string' && (value.trim() === '' || value.trim() === 'all') ? undefined : value;

const numberOrUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? Number(value) : undefined;

const numberBetween = (min: number, max: number, message: string) =>
  after(
    numberOrUndefined,
    z.optional(z.number({ error: message }).check(z.gte(min, message), z.lte(max, message))),
  );

const integerParam = (name: string, min: number, max: number, fallback: number) =>
  after(
    numberOrUndefined,
    z._default(
      z
        .number({ error: `${name} must be a whole number` })
        .check(
          z.int({ error: `${name} must be a whole number` }),
          z.gte(min, `${name} must be at least ${min}`),
          z.lte(max, `${name} must be at most ${max}`),
        ),
      fallback,
    ),
  );

const TOWN_VALUE_MESSAGE = 'location must be a town value such as cape-town';

/**
 * The listing's orders: 'recommended' (verified today, premium, rating, name),
 * 'nearest' (needs the visitor's position: userLat and userLng), 'rated' (rating, then
 * review count, then the recommended order) and 'quickest' ('Quickest to respond':
 * providers with figures by median time to first response, then the new ones).
 */
export const PROVIDER_SORTS = ['recommended', 'nearest', 'rated', 'quickest'] as const;
export type ProviderSort = (typeof PROVIDER_SORTS)[number];

export const ProviderQuerySchema = z
  .object({
    serviceType: after(
      noFilter,
      z.optional(
        z.enum(SERVICE_IDS, {
          error: `serviceType must be one of: all, ${SERVICE_IDS.join(', ')}`,
        }),
      ),
    ),
    location: after(
      noFilter,
      z.optional(
        z
          .string()
          .check(
            z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, TOWN_VALUE_MESSAGE),
            z.maxLength(60, TOWN_VALUE_MESSAGE),
          ),
      ),
    ),
    rating: after(noFilter, numberBetween(0, 5, 'rating must be a number from 0 to 5')),
    verification: after(
      noFilter,
      z.optional(
        z.enum(['verified', 'premium'], {
          error: 'verification must be one of: all, verified, premium',
        }),
      ),
    ),
    search: after(
      (value) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined),
      z.optional(
        z
          .string()
          .check(
            z.maxLength(
              MAX_SEARCH_LENGTH,
              `search must be at most ${MAX_SEARCH_LENGTH} characters`,
            ),
          ),
      ),
    ),
    sort: after(
      noFilter,
      z.optional(
        z.enum(PROVIDER_SORTS, { error: `sort must be one of: ${PROVIDER_SORTS.join(', ')}` }),
      ),
    ),
    userLat: numberBetween(-90, 90, 'userLat must be a latitude from -90 to 90'),
    userLng: numberBetween(-180, 180, 'userLng must be a longitude from -180 to 180'),
    limit: integerParam('limit', 1, MAX_PROVIDER_PAGE_SIZE, PROVIDER_PAGE_SIZE),
    offset: integerParam('offset', 0, 1_000_000, 0),
  })
  .check(
    z.refine((q) => (q.userLat === undefined) === (q.userLng === undefined), {
      message: 'userLat and userLng must be given together',
      path: ['userLat'],
    }),
    z.refine((q) => q.sort !== 'nearest' || q.userLat !== undefined, {
      message: 'sort=nearest needs userLat and userLng',
      path: ['sort'],
    }),
  );

export type ProviderQueryInput = z.input<typeof ProviderQuerySchema>;
export type ProviderQuery = z.output<typeof ProviderQuerySchema>;

/** GET /api/search/reading: the search box's text, as the listing sends it. */
export const SearchReadingQuerySchema = z.object({
  search: z
    .string('search is required')
    .check(
      z.trim(),
      z.minLength(1, 'search is required'),
      z.maxLength(MAX_SEARCH_LENGTH, `search must be at most ${MAX_SEARCH_LENGTH} characters`),
    ),
});
