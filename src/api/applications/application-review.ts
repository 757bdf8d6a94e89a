/** The admin's review of applications (spec sections 2 and 4). */
import { coordinatesOf } from '../providers/coordinates.ts';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { providerApplications, serviceProviders } from '../../../db/schema.ts';
import { canApply, type ApplicationAction } from '../../lib/application-actions.ts';
import { categoryById, isServiceId } from '../../lib/catalog/categories.ts';
import {
  DEFAULT_BUSINESS_HOURS,
  DEFAULT_STARTING_PRICE,
  type ApplicationStatus,
} from '../../lib/catalog/enquiry-options.ts';
import { DEFAULT_RESET_NOTE } from '../../lib/schemas/admin.ts';
import { pageOffset, type AdminPage, type AdminPageQuery } from '../../lib/schemas/admin-lists.ts';
import { createPasswordToken } from '../auth/password-tokens.ts';
import { AppError } from '../errors.ts';
import { cancelQueuedTopic, enqueueMail } from '../jobs/enqueue.ts';
import { applicationApprovedMessage, applicationRejectedMessage } from '../mail/messages.ts';

export type ApplicationRow = typeof providerApplications.$inferSelect;

export const SET_PASSWORD_HOURS = 72;

/** One page of applications, newest first (the id keeps pages stable), and how many there are. */
export async function listApplications(
  db: Database,
  query: AdminPageQuery,
): Promise<AdminPage<ApplicationRow>> {
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(providerApplications)
      .orderBy(desc(providerApplications.createdAt), desc(providerApplications.id))
      .limit(query.limit)
      .offset(pageOffset(query)),
    db.select({ total: count() }).from(providerApplications),
  ]);
  return { items, total: total?.total ?? 0 };
}

async function lockApplication(tx: Transaction, id: number): Promise<ApplicationRow> {
  const [application] = await tx
    .select()
    .from(providerApplications)
    .where(eq(providerApplications.id, id))
    .for('update');
  if (!application) throw new AppError('not_found', 'Application not found');
  return application;
}

/**
 * A rejection may still be reversed (approving a rejected application is allowed): its
 * mail waits two minutes, and an approval or a reset in that time cancels it, so the
 * applicant never gets both answers. An approval cannot be reversed by a rejection (409).
 */
export const REJECTION_MAIL_DELAY_SECONDS = 120;
const decisionTopic = (applicationId: number) => `application-decision:${applicationId}`;
const cancelQueuedDecisionMail = (tx: Transaction, applicationId: number) =>
  cancelQueuedTopic(tx, decisionTopic(applicationId));

function refuse(status: ApplicationStatus, action: ApplicationAction): never {
  const verbs = { approve: 'approved', reject: 'rejected', reset: 'reset to pending' } as const;
  throw new AppError('conflict', `An application that is ${status} cannot be ${verbs[action]}.`);
}

/**
 * The review action: reject a pending application (with notes), or reset an approved or
 * rejected one to pending. Approval has its own action (it creates the provider).
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
      if (!canApply(application.status as ApplicationStatus, action))
        refuse(application.status as ApplicationStatus, action);
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
      // approval racing a rejection mails only the decision that stands.
      if (action === 'reject') {
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

/**
 * Approves a pending or rejected application, in one transaction: creates its approved
 * provider (or lists again the one an earlier approval created), records who and when,
 * and e-mails the new provider a link to choose a password.
 */
export async function approveApplication(
  db: Database,
  { id, adminId, siteUrl }: { id: number; adminId: number; siteUrl: string },
): Promise<{ application: ApplicationRow; providerId: number }> {
  const result = await db
    .transaction(async (tx) => {
      const application = await lockApplication(tx, id);
      if (!canApply(application.status as ApplicationStatus, 'approve'))
        refuse(application.status as ApplicationStatus, 'approve');

      let providerId = application.providerId;
      if (providerId !== null) {
        await tx
          .update(serviceProviders)
          .set({ isApproved: true })
          .where(eq(serviceProviders.id, providerId));
      } else {
        const serviceNames = application.services.map((s) =>
          isServiceId(s) ? categoryById(s).name : s,
        );
        const [provider] = await tx
          .insert(serviceProviders)
          .values({
            name: application.businessName,
            description: `${application.businessName} provides ${serviceNames.join(', ').toLowerCase()} in ${application.location} and surrounds, with ${application.yearsExperience} years of experience.`,
            location: application.location,
            province: application.province,
            ...coordinatesOf(application.location),
            services: application.services,
            specialties: serviceNames,
            coverageAreas: [application.location],
            profileImage: application.profileImage,
            isApproved: true,
            startingPrice: DEFAULT_STARTING_PRICE,
            phone: application.phone,
            email: application.email,
            website: application.website,
            yearsExperience: application.yearsExperience,
            businessHours: { ...DEFAULT_BUSINESS_HOURS },
            contactName: application.contactName,
            businessLicense: application.businessLicense,
            insurance: application.insurance,
          })
          .returning({ id: serviceProviders.id });
        if (!provider) throw new Error('The provider was not created');
        providerId = provider.id;
      }
      const [row] = await tx
        .update(providerApplications)
        .set({ status: 'approved', providerId, reviewedBy: adminId, reviewedAt: sql`now()` })
        .where(eq(providerApplications.id, id))
        .returning();
      if (!row) throw new AppError('not_found', 'Application not found');
      const token = await createPasswordToken(tx, {
        owner: { providerId },
        purpose: 'set-password',
        validMinutes: SET_PASSWORD_HOURS * 60,
      });
      const link = new URL('/dashboard/set-password', siteUrl);
      link.searchParams.set('token', token);
      await enqueueMail(tx, applicationApprovedMessage(row, link.href, SET_PASSWORD_HOURS), {
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
