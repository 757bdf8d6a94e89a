import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { adminUsers, evidenceDocuments, providerApplications } from '../../../db/schema.ts';
import type { Application } from '../../lib/schemas/provider-application.ts';
import { AppError } from '../errors.ts';
import { enqueueMail } from '../jobs/enqueue.ts';
import { applicationReceivedMessage, newApplicationMessage } from '../mail/messages.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { claimDocument } from '../uploads/claim-document.ts';
import { claimUpload } from '../uploads/claim-upload.ts';

/**
 * Stores an application as pending (with its uploaded picture and evidence documents,
 * each taken once, and the consent to the checks with its time and wording version),
 * then tells the applicant and every active admin. One pending application per e-mail
 * address.
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
      // Mail goes with the application: both are stored, or neither.
      const admins = await tx
        .select({ email: adminUsers.email })
        .from(adminUsers)
        .where(eq(adminUsers.isActive, true));
      await enqueueMail(tx, applicationReceivedMessage(application));
      for (const admin of admins) {
        await enqueueMail(
          tx,
          newApplicationMessage(admin.email, application, new URL('/admin', siteUrl).href),
        );
      }
      return inserted;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'provider_applications_pending_email_key')) {
      throw new AppError(
        'conflict',
        'An application for this e-mail address is already being reviewed.',
        {
          email: 'An application for this e-mail address is already being reviewed.',
        },
      );
    }
    throw error;
  }
  return row;
}
