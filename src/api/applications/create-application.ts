import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { adminUsers, providerApplications } from '../../../db/schema.ts';
import type { Application } from '../../lib/schemas/provider-application.ts';
import { AppError } from '../errors.ts';
import { enqueueMail } from '../jobs/enqueue.ts';
import { applicationReceivedMessage, newApplicationMessage } from '../mail/messages.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { claimUpload } from '../uploads/claim-upload.ts';
import { isUniqueViolation } from '../../../db/errors.ts';

/**
 * Stores an application as pending (with its uploaded picture, taken once), then tells
 * the applicant and every active admin. One pending application per e-mail address.
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
      const [inserted] = await tx
        .insert(providerApplications)
        .values({ ...application, profileImage: null, status: 'pending' })
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
