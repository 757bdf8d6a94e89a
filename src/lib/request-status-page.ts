/**
 * The customer's status page of a request (`/request?token=...`): its texts and limits,
 * shared by the API and the page, which loads no validator for them (the token's and the
 * cancellation's schemas are in schemas/request-status.ts).
 */

/** Days after a request is completed or cancelled that its status page still opens. */
export const STATUS_PAGE_DAYS_AFTER_CLOSING = 30;

export const REQUEST_STATUS_MESSAGES = {
  invalid: 'This request link is not valid. Please use the link from your e-mail.',
  expired: `This request link has expired: it works until ${STATUS_PAGE_DAYS_AFTER_CLOSING} days after the request was closed.`,
  closed: 'This request is closed already: it cannot be cancelled.',
  reasonRequired: 'Please tell the provider why you are cancelling',
} as const;

export const CANCEL_REASON_MAX = 500;
