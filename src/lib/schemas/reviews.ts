/** Verified reviews: only a customer whose enquiry was completed reviews, once. */
import * as z from 'zod/mini';
import { REVIEW_COMMENT_MAX } from '../review-limits.ts';
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
  comment: z
    .string('Please tell others about the work')
    .check(
      z.trim(),
      z.minLength(10, 'Please write at least 10 characters'),
      z.maxLength(REVIEW_COMMENT_MAX, `At most ${REVIEW_COMMENT_MAX} characters`),
    ),
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
  reply: z
    .string('Please write a reply')
    .check(
      z.trim(),
      z.minLength(1, 'Please write a reply'),
      z.maxLength(REVIEW_COMMENT_MAX, `At most ${REVIEW_COMMENT_MAX} characters`),
    ),
});

export const HideReviewSchema = z.object({
  reason: z
    .string('Please give the reason')
    .check(
      z.trim(),
      z.minLength(3, 'Please give the reason'),
      z.maxLength(500, 'At most 500 characters'),
    ),
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
