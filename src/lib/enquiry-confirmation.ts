/**
 * The confirmation of a service request's e-mail address (reviews only from real
 * customers; no mail cannon): the mailed link's texts, shared by the API and the page the
 * link opens (/request/confirm), which loads no validator for them (the token's schema is
 * in schemas/enquiry-confirmation.ts).
 */

/** How long the mailed link works. */
export const CONFIRMATION_LINK_DAYS = 30;

export const INVALID_CONFIRMATION_LINK =
  'This confirmation link is not valid. Please use the link from your e-mail.';
export const EXPIRED_CONFIRMATION_LINK = `This confirmation link has expired: links work for ${CONFIRMATION_LINK_DAYS} days. Please send your request again.`;
