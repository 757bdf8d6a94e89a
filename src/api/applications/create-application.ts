import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { evidenceDocuments, providerApplications } from '../../../db/schema.ts';
import { PENDING_APPLICATION_MESSAGES } from '../../lib/application-confirmation.ts';
import type { Application } from '../../lib/schemas/provider-application.ts';
import { AppError } from '../errors.ts';
import { mailboxOf } from '../mail/mailbox.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { claimDocument } from '../uploads/claim-document.ts';
import { claimUpload } from '../uploads/claim-upload.ts';
import { mailConfirmationLink } from './confirmation-links.ts';

/**
 * Stores an application as pending (with its uploaded picture and evidence documents,
 * each taken once, and the consent to the checks with its time and wording version),
 * and mails the address only a link to confirm it (docs/decisions/0046): the receipt
 * follows the confirmation, and the admins hear of it in their hourly digest. One
 * pending application per mailbox (mailbox_of: bob+x@ is bob@).
 */
export async function createApplication(
  db: Database,
  {
    application,
    objects,
    siteUrl,
  }: {
    application: Application;
    objects: ObjectStore;
    siteUrl: string;
  },
): Promise<{ id: number }> {
  let row: { id: number } | undefined;
  try {
    row = await db.transaction(async (tx) => {
      // Insert first: a second pending application fails here (409) before the picture
      // is taken; a picture that cannot be taken rolls the insert back.
      const { documents, consentVersion, ...fields } = application;
      const [inserted] = await tx
        .insert(providerApplications)
        .values({
          ...fields,
          profileImage: null,
          status: 'pending',
          consentVersion,
          consentedAt: sql`now()`,
        })
        .returning({ id: providerApplications.id });
      if (inserted && application.profileImage) {
        const profileImage = await claimUpload(tx, objects, {
          reference: application.profileImage,
          purposes: ['application-image'],
          field: 'profileImage',
        });
        await tx
          .update(providerApplications)
          .set({ profileImage })
          .where(eq(providerApplications.id, inserted.id));
      }
      if (!inserted) throw new Error('The application was not stored');
      for (const [index, document] of documents.entries()) {
        const claimed = await claimDocument(tx, objects, {
          reference: document.upload,
          owner: 'public',
          field: `documents.${index}.upload`,
        });
        await tx.insert(evidenceDocuments).values({
          applicationId: inserted.id,
          checkType: document.checkType,
          fileName: document.fileName,
          uploadedBy: 'applicant',
          ...claimed,
        });
      }
      await mailConfirmationLink(tx, {
        applicationId: inserted.id,
        email: application.email,
        siteUrl,
      });
      return inserted;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'provider_applications_pending_email_key')) {
      const message = await pendingApplicationMessage(db, application.email);
      throw new AppError('conflict', message, { email: message });
    }
    throw error;
  }
  return row;
}

/**
 * Why the mailbox cannot have another application: the pending one is with the review
 * team, or still waits for its address to be confirmed.
 */
async function pendingApplicationMessage(db: Database, email: string): Promise<string> {
  const [pending] = await db
    .select({ confirmedAt: providerApplications.emailConfirmedAt })
    .from(providerApplications)
    .where(
      and(
        eq(providerApplications.status, 'pending'),
        sql`${mailboxOf(providerApplications.email)} = ${mailboxOf(email)}`,
      ),
    );
  return pending && !pending.confirmedAt
    ? PENDING_APPLICATION_MESSAGES.unconfirmed
    : PENDING_APPLICATION_MESSAGES.reviewing;
}
