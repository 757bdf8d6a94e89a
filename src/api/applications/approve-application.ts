import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { providerApplications, serviceProviders } from '../../../db/schema.ts';
import { canApply } from '../../lib/application-actions.ts';
import { passwordLink } from '../accounts/account-kind.ts';
import { providerAccounts } from '../accounts/account-kinds.ts';
import { createPasswordToken } from '../auth/password-tokens.ts';
import { legalFormOf } from '../documents/application-checklist.ts';
import { handOverApplicationChecks } from '../documents/hand-over-application-checks.ts';
import { AppError } from '../errors.ts';
import { enqueueMail } from '../jobs/enqueue.ts';
import { applicationApprovedMessage } from '../mail/messages.ts';
import { coordinatesOf } from '../providers/coordinates.ts';
import {
  decisionTopic,
  lockApplication,
  refuse,
  type ApplicationRow,
} from './application-decision.ts';

export const SET_PASSWORD_HOURS = 72;

/**
 * Approves a pending or rejected application, in one transaction: creates its approved
 * provider (or lists again the one an earlier approval created) with the checks recorded
 * so far (hand-over-application-checks.ts), records who and when, and e-mails the new
 * provider a link to choose a password.
 */
export async function approveApplication(
  db: Database,
  { id, adminId, siteUrl }: { id: number; adminId: number; siteUrl: string },
): Promise<{ application: ApplicationRow; providerId: number }> {
  const result = await db
    .transaction(async (tx) => {
      const application = await lockApplication(tx, id);
      if (!canApply(application.status, 'approve')) refuse(application.status, 'approve');

      let providerId = application.providerId;
      if (providerId !== null) {
        await tx
          .update(serviceProviders)
          .set({ isApproved: true })
          .where(eq(serviceProviders.id, providerId));
      } else {
        // Only what the applicant gave (docs/decisions/0041): no starting price, hours or
        // specialties, and its own description or none. The public pages say "Price on
        // request" and "Hours not given", and the dashboard asks the provider for them.
        const [provider] = await tx
          .insert(serviceProviders)
          .values({
            name: application.businessName,
            description: application.description ?? '',
            location: application.location,
            province: application.province,
            ...coordinatesOf(application.location),
            services: application.services,
            // The town the applicant named as its city/area.
            coverageAreas: [application.location],
            profileImage: application.profileImage,
            isApproved: true,
            phone: application.phone,
            email: application.email,
            website: application.website,
            yearsExperience: application.yearsExperience,
            contactName: application.contactName,
            businessLicense: application.businessLicense,
            insurance: application.insurance,
            legalForm: legalFormOf(application),
          })
          .returning({ id: serviceProviders.id });
        if (!provider) throw new Error('The provider was not created');
        providerId = provider.id;
      }
      await handOverApplicationChecks(tx, application, providerId);
      const [row] = await tx
        .update(providerApplications)
        .set({ status: 'approved', providerId, reviewedBy: adminId, reviewedAt: sql`now()` })
        .where(eq(providerApplications.id, id))
        .returning();
      if (!row) throw new AppError('not_found', 'Application not found');
      const token = await createPasswordToken(tx, {
        owner: providerAccounts.tokenOwner(providerId),
        purpose: 'set-password',
        validMinutes: SET_PASSWORD_HOURS * 60,
      });
      const link = passwordLink(providerAccounts, siteUrl, token);
      await enqueueMail(tx, applicationApprovedMessage(row, link, SET_PASSWORD_HOURS), {
        topic: decisionTopic(id),
      });
      return { application: row, providerId };
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error, 'service_providers_email_lower_key')) {
        throw new AppError('conflict', 'A provider with this e-mail address exists already.');
      }
      throw error;
    });

  return result;
}
