/**
 * Signed links about one enquiry (its review, the confirmation of its e-mail): a JWT
 * (HS256, the session key) whose subject is the enquiry id and whose purpose claim keeps
 * one kind of link from being used as another. Single use, where it matters, comes from
 * the database (one review per enquiry; a confirmed address stays confirmed).
 */
import { errors, jwtVerify, SignJWT } from 'jose';
import {
  CONFIRMATION_LINK_DAYS,
  EXPIRED_CONFIRMATION_LINK,
  INVALID_CONFIRMATION_LINK,
} from '../../lib/schemas/enquiry-confirmation.ts';
import { REVIEW_LINK_DAYS } from '../../lib/schemas/reviews.ts';
import { AppError } from '../errors.ts';

/** One kind of link: its purpose claim, how long it works, the page it opens, its errors. */
export interface EnquiryLinkKind {
  purpose: string;
  days: number;
  path: string;
  /** 400: a tampered token, or one of another kind. */
  invalid: string;
  /** 410: the link is older than its days. */
  expired: string;
}

/** The link e-mailed to a completed enquiry's customer to review the provider. */
export const reviewLinks: EnquiryLinkKind = {
  purpose: 'review',
  days: REVIEW_LINK_DAYS,
  path: '/review',
  invalid: 'This review link is not valid. Please use the link from your e-mail.',
  expired: 'This review link has expired: links work for 30 days.',
};

/** The link that confirms a request's customer e-mail. */
export const confirmationLinks: EnquiryLinkKind = {
  purpose: 'confirm-email',
  days: CONFIRMATION_LINK_DAYS,
  path: '/request/confirm',
  invalid: INVALID_CONFIRMATION_LINK,
  expired: EXPIRED_CONFIRMATION_LINK,
};

/** The address of a new link of this kind for the enquiry. */
export async function enquiryLink(
  secret: Uint8Array,
  kind: EnquiryLinkKind,
  { enquiryId, siteUrl }: { enquiryId: number; siteUrl: string },
): Promise<string> {
  const token = await new SignJWT({ purpose: kind.purpose })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(enquiryId))
    .setIssuedAt()
    .setExpirationTime(`${kind.days}d`)
    .sign(secret);
  const link = new URL(kind.path, siteUrl);
  link.searchParams.set('token', token);
  return link.href;
}

/** The enquiry id of a valid token; 400 for a tampered or foreign one, 410 once expired. */
export async function enquiryOfToken(
  secret: Uint8Array,
  kind: EnquiryLinkKind,
  token: string,
): Promise<number> {
  let payload;
  try {
    ({ payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] }));
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new AppError('gone', kind.expired);
    throw new AppError('bad_request', kind.invalid);
  }
  const enquiryId = Number(payload.sub);
  if (payload.purpose !== kind.purpose || !Number.isSafeInteger(enquiryId) || enquiryId < 1) {
    throw new AppError('bad_request', kind.invalid);
  }
  return enquiryId;
}
