/**
 * The confirmation of an application's e-mail address (docs/decisions/0046): anyone can
 * type a stranger's address into the join form, so the address gets only a link with
 * fixed wording until its owner opens it; then the receipt follows. The link, the page it
 * opens (/join/confirm?token=...) and what the API answers share these texts (the token's
 * schema is in schemas/application-confirmation.ts).
 */

/** How long a mailed link works (as long as a service request's). */
export const APPLICATION_LINK_DAYS = 30;

export const APPLICATION_CONFIRMATION_MESSAGES = {
  invalid: 'This confirmation link is not valid. Please use the link from your e-mail.',
  expired: `This confirmation link has expired: links work for ${APPLICATION_LINK_DAYS} days. Ask for a new link below.`,
  /** The same answer whether or not an application waits for the address. */
  newLinkSent: `If an application for this address is waiting for its confirmation, we have e-mailed a new link to it. The link works for ${APPLICATION_LINK_DAYS} days.`,
  confirmed:
    'Thank you: your e-mail address is confirmed. Your application is with our review team, and we have e-mailed you a receipt.',
  alreadyConfirmed:
    'Your e-mail address is already confirmed: your application is with our review team.',
  decided:
    'This application has been decided already, so its link confirms nothing any more. If you have not heard from us, please write to us through the contact page.',
} as const;

/** What the join form's success screen adds: the link is in the mail, and why it matters. */
export const CONFIRM_YOUR_ADDRESS =
  'We have e-mailed you a link to confirm your address: please open it. Once your address is confirmed, we send you a receipt and tell our review team about your application.';

/** The 409 of a second pending application for one mailbox. */
export const PENDING_APPLICATION_MESSAGES = {
  /** The pending one's address is confirmed: it is with the review team. */
  reviewing: 'An application for this e-mail address is already being reviewed.',
  /** The pending one waits for its address to be confirmed. */
  unconfirmed:
    'An application for this e-mail address is waiting for the address to be confirmed: please open the link we e-mailed to it. If it is lost or has expired, you can ask for a new one.',
} as const;
