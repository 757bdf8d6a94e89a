/**
 * Review links: a JWT (HS256, the session key) naming the completed enquiry, valid for
 * 30 days. Single use comes from the database: one review per enquiry.
 */
import { errors, jwtVerify, SignJWT } from 'jose';
import { REVIEW_LINK_DAYS } from '../../lib/schemas/reviews.ts';
import { AppError } from '../errors.ts';

const PURPOSE = 'review';

export async function signReviewToken(secret: Uint8Array, enquiryId: number): Promise<string> {
  return new SignJWT({ purpose: PURPOSE })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(enquiryId))
    .setIssuedAt()
    .setExpirationTime(`${REVIEW_LINK_DAYS}d`)
    .sign(secret);
}

export const INVALID_REVIEW_LINK =
  'This review link is not valid. Please use the link from your e-mail.';
export const EXPIRED_REVIEW_LINK = 'This review link has expired: links work for 30 days.';

/** The enquiry id of a valid link; 400 for a tampered or foreign one, 410 once expired. */
export async function enquiryOfReviewToken(secret: Uint8Array, token: string): Promise<number> {
  let payload;
  try {
    ({ payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] }));
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new AppError('gone', EXPIRED_REVIEW_LINK);
    throw new AppError('bad_request', INVALID_REVIEW_LINK);
  }
  const enquiryId = Number(payload.sub);
  if (payload.purpose !== PURPOSE || !Number.isSafeInteger(enquiryId) || enquiryId < 1) {
    throw new AppError('bad_request', INVALID_REVIEW_LINK);
  }
  return enquiryId;
}

export function reviewLink(siteUrl: string, token: string): string {
  const link = new URL('/review', siteUrl);
  link.searchParams.set('token', token);
  return link.href;
}
