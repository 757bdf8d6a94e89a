/**
 * Paging of the admin's lists: providers, applications, the enquiry
 * desk, reviews and mail answer one page at a time, with the total in X-Total-Count.
 * Shared by the API, which validates with these schemas, and the admin tabs, which build
 * their URLs from the same names and sizes.
 */
import * as z from 'zod/mini';
import { SERVICE_IDS } from '../catalog/categories.ts';
import { EnquiryListQuerySchema } from './admin-operations.ts';
import { preprocess } from './fields.ts';

export const ADMIN_PAGE_SIZE = 25;
export const MAX_ADMIN_PAGE_SIZE = 100;
/** 100,000 pages: every row of a big table at the smallest page size. */
export const MAX_ADMIN_PAGE = 100_000;

/**
 * A whole number from the query string; absent or empty is the default. Digits only:
 * Number() would also take '1e2', '0x10' or ' 2.0'.
 */
const wholeParam = (name: string, max: number, fallback: number) =>
  preprocess(
    (value) => {
      if (value === undefined || (typeof value === 'string' && value.trim() === '')) {
        return undefined;
      }
      return typeof value === 'string' && /^-?\d{1,9}$/.test(value.trim())
        ? Number(value)
        : Number.NaN;
    },
    z._default(
      z
        .number({ error: `${name} must be a whole number` })
        .check(
          z.int(`${name} must be a whole number`),
          z.gte(1, `${name} must be at least 1`),
          z.lte(max, `${name} must be at most ${max}`),
        ),
      fallback,
    ),
  );

export const AdminPageQuerySchema = z.object({
  page: wholeParam('page', MAX_ADMIN_PAGE, 1),
  limit: wholeParam('limit', MAX_ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZE),
});

export type AdminPageQuery = z.output<typeof AdminPageQuerySchema>;

/** Rows to skip for a page. */
export const pageOffset = ({ page, limit }: AdminPageQuery) => (page - 1) * limit;

/** 'true' or 'false'; absent or empty is no filter. */
export const booleanFilter = (name: string) =>
  preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.optional(
      z.pipe(
        z.enum(['true', 'false'], { error: `${name} must be true or false` }),
        z.transform((value) => value === 'true'),
      ),
    ),
  );

/** GET /api/admin/providers: every provider, or those that match the filters. */
export const AdminProviderListQuerySchema = z.extend(AdminPageQuerySchema, {
  search: z.optional(
    z.string().check(z.trim(), z.maxLength(100, 'search must be at most 100 characters')),
  ),
  serviceType: z.optional(
    z.enum(SERVICE_IDS, { error: `serviceType must be one of: ${SERVICE_IDS.join(', ')}` }),
  ),
  approved: booleanFilter('approved'),
});

/**
 * GET /api/admin/enquiries: the desk's filters and search, one page. `needsAttention=true`
 * lists the requests not seen within 4 business hours or not answered within 1 business
 * day; `false` the others.
 */
export const EnquiryDeskQuerySchema = z.extend(EnquiryListQuerySchema, {
  ...AdminPageQuerySchema.shape,
  needsAttention: booleanFilter('needsAttention'),
});

/** The admin's list answers: one page of rows and how many match in all. */
export interface AdminPage<T> {
  items: T[];
  total: number;
}
