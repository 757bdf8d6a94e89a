import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  applicationConfirmationLinks as l,
  providerApplications as a,
} from '../../../db/schema.ts';
import { APPLICATION_CONFIRMATION_MESSAGES as MESSAGES } from '../../lib/application-confirmation.ts';
import { legalFormOf } from '../documents/application-checklist.ts';
import { AppError } from '../errors.ts';
import { enqueueMail } from '../jobs/enqueue.ts';
import { applicationReceivedMessage } from '../mail/messages.ts';
import { confirmationTokenHash } from './confirmation-links.ts';

/**
 * POST /api/provider-applications/confirm, sent by /join/confirm once it runs (so a mail
 * scanner fetching the link confirms nothing): the address of a pending application is
 * confirmed and its receipt written, the first time only. Opened again, the link answers
 * that the address is confirmed already (200, nothing written); 400 for a token no link
 * has, 410 for an expired link of an unconfirmed application, 409 once the application
 * has been decided.
 */
export async function confirmApplicationEmail(
  db: Database,
  { token }: { token: string },
): Promise<{ confirmed: true; alreadyConfirmed: boolean; message: string }> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({
        id: a.id,
        email: a.email,
        services: a.services,
        legalForm: a.legalForm,
        status: a.status,
        confirmedAt: a.emailConfirmedAt,
        expired: sql<boolean>`${l.expiresAt} <= now()`,
      })
      .from(l)
      .innerJoin(a, eq(a.id, l.applicationId))
      .where(eq(l.tokenHash, confirmationTokenHash(token)))
      // Two clicks at once: the second waits, then sees the first's confirmation.
      .for('update', { of: a });
    if (!found) throw new AppError('bad_request', MESSAGES.invalid);
    if (found.status !== 'pending') throw new AppError('conflict', MESSAGES.decided);
    if (found.confirmedAt) {
      return { confirmed: true, alreadyConfirmed: true, message: MESSAGES.alreadyConfirmed };
    }
    if (found.expired) throw new AppError('gone', MESSAGES.expired);
    await tx
      .update(a)
      .set({ emailConfirmedAt: sql`now()` })
      .where(eq(a.id, found.id));
    const receipt = applicationReceivedMessage({ ...found, legalForm: legalFormOf(found) });
    await enqueueMail(tx, receipt, {
      onceKey: `application-receipt:${found.id}`,
    });
    return { confirmed: true, alreadyConfirmed: false, message: MESSAGES.confirmed };
  });
}
