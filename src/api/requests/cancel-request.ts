import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { customerEnquiries as e, serviceProviders as p } from '../../../db/schema.ts';
import { requestReference } from '../../lib/request-reference.ts';
import { REQUEST_STATUS_MESSAGES, type CancelRequest } from '../../lib/schemas/request-status.ts';
import { AppError } from '../errors.ts';
import { enqueueMail } from '../jobs/enqueue.ts';
import { requestCancelledMessage } from '../mail/messages.ts';
import { CLOSED_STATUSES } from './get-request-status.ts';
import { requestOfToken } from './request-of-token.ts';

/**
 * The customer cancels from the status page, with a reason: the request is closed and
 * its provider is told by e-mail, in the same transaction. A completed or cancelled
 * request cannot be cancelled again (409).
 */
export async function cancelRequest(
  db: Database,
  { token, reason }: CancelRequest,
  { siteUrl }: { siteUrl: string },
): Promise<{ message: string }> {
  const id = await requestOfToken(db, token);
  await db.transaction(async (tx) => {
    const [request] = await tx
      .select({ status: e.status, createdAt: e.createdAt, providerId: e.assignedProviderId })
      .from(e)
      .where(eq(e.id, id))
      .for('update');
    if (!request) throw new AppError('not_found', 'This request no longer exists.');
    if (CLOSED_STATUSES.includes(request.status)) {
      throw new AppError('conflict', REQUEST_STATUS_MESSAGES.closed);
    }
    await tx
      .update(e)
      .set({ status: 'cancelled', cancelReason: reason, updatedAt: sql`now()` })
      .where(eq(e.id, id));
    if (request.providerId === null) return;
    const [provider] = await tx
      .select({ name: p.name, email: p.email })
      .from(p)
      .where(eq(p.id, request.providerId));
    if (!provider) return;
    await enqueueMail(
      tx,
      requestCancelledMessage(provider, {
        reference: requestReference(id, request.createdAt),
        reason,
        dashboardUrl: new URL('/dashboard', siteUrl).href,
      }),
    );
  });
  return { message: 'Your request is cancelled. The provider has been told.' };
}
