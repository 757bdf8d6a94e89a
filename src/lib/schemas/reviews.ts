/** Verified reviews: only a customer whose enquiry was completed reviews, once. */
import { z } from 'zod';
import { recordId } from './record-id.ts';

export const REVIEW_COMMENT_MAX = 2000;
export const REVIEW_LINK_DAYS = 30;

export const ReviewSchema = z.object({
  token: z
    .string('This review link is not valid.')
    .min(20, 'This review link is not valid.')
    .max(2000),
  rating: z
    .number('Please choose a rating from 1 to 5 stars')
    .int('Please choose a rating from 1 to 5 stars')
    .min(1, 'Please choose a rating from 1 to 5 stars')
    .max(5, 'Please choose a rating from 1 to 5 stars'),
  comment: z
    .string('Please tell others about the work')
    .trim()
    .min(10, 'Please write at least 10 characters')
    .max(REVIEW_COMMENT_MAX, `At most ${REVIEW_COMMENT_MAX} characters`),
  /** Optional: when sent, it must be the provider of the enquiry. */
  providerId: recordId().optional(),
});

/**
 * GET /api/reviews/invitation: the review link's token as the page has it, any text. It
 * is checked as a link (its signature and expiry, src/api/reviews/review-invitation.ts)
 * rather than by its shape, so a wrong or missing one answers as an invalid link does.
 */
export const ReviewInvitationQuerySchema = z.object({ token: z.string().default('') });

export const ReviewReplySchema = z.object({
  reply: z
    .string('Please write a reply')
    .trim()
    .min(1, 'Please write a reply')
    .max(REVIEW_COMMENT_MAX, `At most ${REVIEW_COMMENT_MAX} characters`),
});

export const HideReviewSchema = z.object({
  reason: z
    .string('Please give the reason')
    .trim()
    .min(3, 'Please give the reason')
    .max(500, 'At most 500 characters'),
});

export const ReviewPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

/** 'Thandi Nkosi' is shown as 'Thandi N.' */
export function shortName(fullName: string): string {
  const [first = '', ...rest] = fullName.trim().split(/\s+/);
  const last = rest.at(-1);
  return last ? `${first} ${last[0]?.toUpperCase()}.` : first;
}
