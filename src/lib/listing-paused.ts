/**
 * What a provider taken off the listing reads: it may sign in and see its dashboard, but
 * the server refuses what reaches a customer (src/api/auth/require-provider.ts).
 */
export const LISTING_PAUSED =
  'Your listing is paused, so you cannot answer requests or see customers’ contact details until an administrator lists it again.';

/** What a provider who closed its own account reads instead (its "Your Data" tab says when the data goes). */
export const ACCOUNT_CLOSED =
  'You closed this account: it is not listed, and you cannot answer requests or see customers’ contact details. The Your Data tab says when its data is erased.';

/** In place of a customer's e-mail and phone while the listing is paused. */
export const CONTACT_WITHHELD = 'Hidden while your listing is paused';
