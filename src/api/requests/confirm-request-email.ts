import type { Database } from '../../../db/client.ts';
import { confirmCustomerEmail, type Confirming } from '../enquiries/confirm-enquiry-email.ts';
import { requestOfToken } from './request-of-token.ts';

/**
 * The status page was opened from the mail (POST /api/requests/confirm, sent by the page
 * once it runs, so a mail scanner fetching the link confirms nothing): the customer's
 * address is confirmed, as the confirmation link did before the status page.
 */
export async function confirmRequestEmail(
  db: Database,
  { token, ...confirming }: { token: string } & Confirming,
): Promise<{ confirmed: true }> {
  const id = await requestOfToken(db, token);
  await confirmCustomerEmail(db, id, confirming);
  return { confirmed: true };
}
