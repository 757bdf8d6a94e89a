/** The admins' moderation of reviews: which reviews the list shows. */
import { z } from 'zod';
import { AdminPageQuerySchema } from './admin-lists.ts';

/** GET /api/admin/reviews: one page of every review, or (held=true) of the held ones. */
export const AdminReviewQuerySchema = AdminPageQuerySchema.extend({
  held: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .enum(['true', 'false'], { error: 'held must be true or false' })
      .transform((value) => value === 'true')
      .optional(),
  ),
});
