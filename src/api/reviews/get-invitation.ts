import type { Database } from '../../../db/client.ts';
import { invitationOf } from './review-invitation.ts';

/** GET /api/reviews/invitation: what the review page shows before the customer writes. */
export async function getInvitation(db: Database, secret: Uint8Array, token: string) {
  const invitation = await invitationOf(db, secret, token);
  return {
    providerId: invitation.providerId,
    providerName: invitation.providerName,
    serviceType: invitation.serviceType,
    customerName: invitation.customerName,
  };
}
