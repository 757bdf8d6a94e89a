/** Verified reviews: only a customer whose enquiry was completed reviews, once. */
import * as z from 'zod/mini';
import { REVIEW_COMMENT_MAX } from '../review-limits.ts';
import { requiredText } from './fields.ts';
import { recordId } from './record-id.ts';

export const REVIEW_LINK_DAYS = 30;

export const ReviewSchema = z.object({
  token: z
    .string('This review link is not valid.')
    .check(z.minLength(20, 'This review link is not valid.'), z.maxLength(2000)),
  rating: z
    .number('Please choose a rating from 1 to 5 stars')
    .check(
      z.int('Please choose a rating from 1 to 5 stars'),
      z.gte(1, 'Please choose a rating from 1 to 5 stars'),
      z.lte(5, 'Please choose a rating from 1 to 5 stars'),
    ),
  comment: requiredText('Please tell others about the work', REVIEW_COMMENT_MAX, {
    min: 10,
    tooShort: 'Please write at least 10 characters',
  }),
  /** Optional: when sent, it must be the provider of the enquiry. */
  providerId: z.optional(recordId()),
});

/**
 * GET /api/reviews/invitation: the review link's token as the page has it, any text. It
 * is checked as a link (its signature and expiry, src/api/reviews/review-invitation.ts)
 * rather than by its shape, so a wrong or missing one answers as an invalid link does.
 */
export const ReviewInvitationQuerySchema = z.object({ token: z._default(z.string(), '') });

export const ReviewReplySchema = z.object({
  reply: requiredText('Please write a reply', REVIEW_COMMENT_MAX),
});

export const HideReviewSchema = z.object({
  reason: requiredText('Please give the reason', 500, { min: 3 }),
});

export const ReviewPageQuerySchema = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000)), 1),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(50)), 10),
});

/** 'Thandi Nkosi' is shown as 'Thandi N.' */
export function shortName(fullName: string): string {
  const [first = '', ...rest] = fullName.trim().split(/\s+/);
  const last = rest.at(-1);
  return last ? `${first} ${last[0]?.toUpperCase()}.` : first;
}
