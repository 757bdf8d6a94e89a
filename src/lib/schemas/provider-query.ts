/**
 * Query of GET /api/providers (spec section 7). Shared by the API, which validates with
 * it, and the provider list, which builds its URLs from the same names.
 * 'all' or an empty value means no filter.
 */
import { z } from 'zod';
import { SERVICE_IDS } from '../catalog/categories.ts';
import {
  MAX_PROVIDER_PAGE_SIZE,
  MAX_SEARCH_LENGTH,
  PROVIDER_PAGE_SIZE,
} from '../listing-limits.ts';

export { MAX_PROVIDER_PAGE_SIZE, MAX_SEARCH_LENGTH, PROVIDER_PAGE_SIZE };

const noFilter = (value: unknown) =>
  typeof value === 'string' && (value.trim() === '' || value.trim() === 'all') ? undefined : value;

const optionalNumber = (message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : undefined),
    z.number({ error: message }).optional(),
  );

const integerParam = (name: string, min: number, max: number, fallback: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : undefined),
    z
      .number({ error: `${name} must be a whole number` })
      .int(`${name} must be a whole number`)
      .min(min, `${name} must be at least ${min}`)
      .max(max, `${name} must be at most ${max}`)
      .default(fallback),
  );

export const ProviderQuerySchema = z
  .object({
    serviceType: z.preprocess(
      noFilter,
      z
        .enum(SERVICE_IDS, { error: `serviceType must be one of: all, ${SERVICE_IDS.join(', ')}` })
        .optional(),
    ),
    location: z.preprocess(
      noFilter,
      z
        .string()
        .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'location must be a town value such as cape-town')
        .max(60, 'location must be a town value such as cape-town')
        .optional(),
    ),
    rating: z.preprocess(
      noFilter,
      optionalNumber('rating must be a number from 0 to 5').pipe(
        z
          .number()
          .min(0, 'rating must be a number from 0 to 5')
          .max(5, 'rating must be a number from 0 to 5')
          .optional(),
      ),
    ),
    verification: z.preprocess(
      noFilter,
      z
        .enum(['verified', 'premium'], {
          error: 'verification must be one of: all, verified, premium',
        })
        .optional(),
    ),
    search: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined),
      z
        .string()
        .max(MAX_SEARCH_LENGTH, `search must be at most ${MAX_SEARCH_LENGTH} characters`)
        .optional(),
    ),
    userLat: optionalNumber('userLat must be a latitude from -90 to 90').pipe(
      z
        .number()
        .min(-90, 'userLat must be a latitude from -90 to 90')
        .max(90, 'userLat must be a latitude from -90 to 90')
        .optional(),
    ),
    userLng: optionalNumber('userLng must be a longitude from -180 to 180').pipe(
      z
        .number()
        .min(-180, 'userLng must be a longitude from -180 to 180')
        .max(180, 'userLng must be a longitude from -180 to 180')
        .optional(),
    ),
    limit: integerParam('limit', 1, MAX_PROVIDER_PAGE_SIZE, PROVIDER_PAGE_SIZE),
    offset: integerParam('offset', 0, 1_000_000, 0),
  })
  .refine((q) => (q.userLat === undefined) === (q.userLng === undefined), {
    message: 'userLat and userLng must be given together',
    path: ['userLat'],
  });

export type ProviderQueryInput = z.input<typeof ProviderQuerySchema>;
export type ProviderQuery = z.output<typeof ProviderQuerySchema>;
