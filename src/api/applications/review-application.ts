import { eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { providerApplications, serviceProviders } from '../../../db/schema.ts';
import { canApply, type ApplicationAction } from '../../lib/application-actions.ts';
import type { ApplicationStatus } from '../../lib/catalog/enquiry-options.ts';
import { DEFAULT_RESET_NOTE } from '../../lib/schemas/admin.ts';
import { AppError } from '../errors.ts';
import { cancelQueuedTopic, enqueueMail } from '../jobs/enqueue.ts';
import { applicationRejectedMessage } from '../mail/messages.ts';
import {
  decisionTopic,
  lockApplication,
  refuse,
  type ApplicationRow,
} from './application-decision.ts';

/**
 * A rejection may still be reversed (approving a rejected application is allowed): its
 * mail waits two minutes, and an approval or a reset in that time cancels it, so the
 * applicant never gets both answers. An approval cannot be reversed by a rejection (409).
 */
export const REJECTION_MAIL_DELAY_SECONDS = 120;
const cancelQueuedDecisionMail = (tx: Transaction, applicationId: number) =>
  cancelQueuedTopic(tx, decisionTopic(applicationId));

/**
 * The review action: reject a pending application (with notes; mailed to the applicant
 * once the address is confirmed), or reset an approved or rejected one to pending.
 * Approval has its own action (it creates the provider).
 */
export async function reviewApplication(
  db: Database,
  {
    id,
    adminId,
    status,
    adminNotes,
  }: {
    id: number;
    adminId: number;
    status: ApplicationStatus;
    adminNotes: string | undefined;
  },
): Promise<ApplicationRow> {
  if (status === 'approved') {
    throw new AppError('conflict', 'Use the approve action to approve an application.');
  }
  const action: ApplicationAction = status === 'rejected' ? 'reject' : 'reset';
  const updated = await db
    .transaction(async (tx) => {
      const application = await lockApplication(tx, id);
      if (!canApply(application.status, action)) refuse(application.status, action);
      // A listed provider goes back under review with its application.
      if (action === 'reset' && application.providerId !== null) {
        await tx
          .update(serviceProviders)
          .set({ isApproved: false })
          .where(eq(serviceProviders.id, application.providerId));
      }
      const [row] = await tx
        .update(providerApplications)
        .set({
          status,
          adminNotes: adminNotes ?? (action === 'reset' ? DEFAULT_RESET_NOTE : null),
          reviewedBy: adminId,
          reviewedAt: sql`now()`,
        })
        .where(eq(providerApplications.id, id))
        .returning();
      if (!row) throw new AppError('not_found', 'Application not found');
      // A decision cancels an earlier decision's mail that has not gone out yet, so an
      // approval racing a rejection mails only the decision that stands. An address
      // nobody confirmed gets no rejection: it may be a stranger's, typed into the join
      // form with someone else's words (docs/decisions/0046).
      if (action === 'reject' && row.emailConfirmedAt !== null) {
        await enqueueMail(tx, applicationRejectedMessage(row, row.adminNotes), {
          topic: decisionTopic(id),
          delaySeconds: REJECTION_MAIL_DELAY_SECONDS,
        });
      } else {
        await cancelQueuedDecisionMail(tx, id);
      }
      return row;
    })
    .catch((error: unknown) => {
      // The same person applied again meanwhile: only one application may be pending.
      if (isUniqueViolation(error, 'provider_applications_pending_email_key')) {
        throw new AppError(
          'conflict',
          'Another application for this e-mail address is already pending.',
        );
      }
      throw error;
    });
  return updated;
}
