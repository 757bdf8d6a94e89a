/**
 * The confirmation of a service request's e-mail address (reviews only from
 * real customers; no mail cannon): the link mailed to the customer, and what it answers.
 */
import * as z from 'zod/mini';

/** How long the mailed link works. */
export const CONFIRMATION_LINK_DAYS = 30;

export const INVALID_CONFIRMATION_LINK =
  'This confirmation link is not valid. Please use the link from your e-mail.';
export const EXPIRED_CONFIRMATION_LINK = `This confirmation link has expired: links work for ${CONFIRMATION_LINK_DAYS} days. Please send your request again.`;

export const ConfirmEnquiryEmailSchema = z.object({
  token: z
    .string(INVALID_CONFIRMATION_LINK)
    .check(
      z.minLength(20, INVALID_CONFIRMATION_LINK),
      z.maxLength(2000, INVALID_CONFIRMATION_LINK),
    ),
});
