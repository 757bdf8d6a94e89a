import { asc, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { customerEnquiries as e } from '../../../db/schema.ts';
import { REQUEST_STATUS_MESSAGES, type CancelRequest } from '../../lib/schemas/request-status.ts';
import { AppError } from '../errors.ts';
import { CLOSED_STATUSES } from './get-request-status.ts';
import { groupReference } from './request-group.ts';
import { copiesOfToken } from './request-of-token.ts';
import { tellProviderOfCancellation } from './tell-provider-of-cancellation.ts';

/**
 * The customer cancels from the status page, with a reason: the request is closed and
 * its provider is told by e-mail, in the same transaction. A completed or cancelled
 * request cannot be cancelled again (409). A request sent to several providers is
 * cancelled with each of them still open, and each is told.
 */
export async function cancelRequest(
  db: Database,
  { token, reason }: CancelRequest,
  { siteUrl }: { siteUrl: string },
): Promise<{ message: string }> {
  const ids = await copiesOfToken(db, token);
  await db.transaction(async (tx) => {
    const copies = await tx
      .select({
        id: e.id,
        groupId: e.groupId,
        status: e.status,
        createdAt: e.createdAt,
        providerId: e.assignedProviderId,
      })
      .from(e)
      .where(inArray(e.id, ids))
      .orderBy(asc(e.id))
      .for('update');
    if (copies.length === 0) throw new AppError('not_found', 'This request no longer exists.');
    const open = copies.filter((copy) => !CLOSED_STATUSES.includes(copy.status));
    if (open.length === 0) throw new AppError('conflict', REQUEST_STATUS_MESSAGES.closed);
    await tx
      .update(e)
      .set({ status: 'cancelled', cancelReason: reason, updatedAt: sql`now()` })
      .where(
        inArray(
          e.id,
          open.map((copy) => copy.id),
        ),
      );
    for (const copy of open) {
      await tellProviderOfCancellation(tx, {
        providerId: copy.providerId,
        reference: groupReference(copy),
        reason,
        siteUrl,
      });
    }
  });
  return {
    message:
      ids.length > 1
        ? 'Your request is cancelled. The providers have been told.'
        : 'Your request is cancelled. The provider has been told.',
  };
}
