import * as z from 'zod/mini';
import { preprocess } from '../../lib/schemas/fields';
import { ReviewSchema } from '../../lib/schemas/reviews';

/**
 * The review form's rules: the API's own (ReviewSchema) without what the link and the
 * invitation give. Loaded at the form's first submit (docs/decisions/0049).
 */
export const ReviewFormSchema = z.extend(z.omit(ReviewSchema, { token: true, providerId: true }), {
  // Radio buttons give their value as text: '5' is read as 5.
  rating: preprocess(
    (v) => (typeof v === 'string' && v !== '' ? Number(v) : v),
    ReviewSchema.shape.rating,
  ),
});
