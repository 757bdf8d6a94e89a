/**
 * Review links: a JWT (HS256, the session key) naming the completed enquiry, valid for
 * 30 days. Single use comes from the database: one review per enquiry.
 */
import { REVIEW_LINK_DAYS } from '../../lib/schemas/reviews.ts';
import { enquiryOfToken, signEnquiryToken } from '../enquiries/enquiry-tokens.ts';

const PURPOSE = 'review';

export function signReviewToken(secret: Uint8Array, enquiryId: number): Promise<string> {
  return signEnquiryToken(secret, { purpose: PURPOSE, enquiryId, days: REVIEW_LINK_DAYS });
}

export const INVALID_REVIEW_LINK =
  'This review link is not valid. Please use the link from your e-mail.';
export const EXPIRED_REVIEW_LINK = 'This review link has expired: links work for 30 days.';

/** The enquiry id of a valid link; 400 for a tampered or foreign one, 410 once expired. */
export function enquiryOfReviewToken(secret: Uint8Array, token: string): Promise<number> {
  return enquiryOfToken(secret, token, {
    purpose: PURPOSE,
    invalid: INVALID_REVIEW_LINK,
    expired: EXPIRED_REVIEW_LINK,
  });
}

export function reviewLink(siteUrl: string, token: string): string {
  const link = new URL('/review', siteUrl);
  link.searchParams.set('token', token);
  return link.href;
}
