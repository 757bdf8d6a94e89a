/** The admins' moderation of reviews: which reviews the list shows. */
import * as z from 'zod/mini';
import { AdminPageQuerySchema } from './admin-lists.ts';
import { preprocess } from './fields.ts';

/** GET /api/admin/reviews: one page of every review, or (held=true) of the held ones. */
export const AdminReviewQuerySchema = z.extend(AdminPageQuerySchema, {
  held: preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.optional(
      z.pipe(
        z.enum(['true', 'false'], { error: 'held must be true or false' }),
        z.transform((value) => value === 'true'),
      ),
    ),
  ),
});
