/** What the admin's decisions on an application share (spec sections 2 and 4). */
import { eq } from 'drizzle-orm';
import type { Transaction } from '../../../db/client.ts';
import { providerApplications } from '../../../db/schema.ts';
import type { ApplicationAction } from '../../lib/application-actions.ts';
import type { ApplicationStatus } from '../../lib/catalog/enquiry-options.ts';
import { AppError } from '../errors.ts';

export type ApplicationRow = typeof providerApplications.$inferSelect;

/** The application, locked for the decision; 404 when there is none. */
export async function lockApplication(tx: Transaction, id: number): Promise<ApplicationRow> {
  const [application] = await tx
    .select()
    .from(providerApplications)
    .where(eq(providerApplications.id, id))
    .for('update');
  if (!application) throw new AppError('not_found', 'Application not found');
  return application;
}

/**
 * The topic of an application's decision mail: a later decision cancels or replaces a
 * mail of an earlier one that has not gone out yet.
 */
export const decisionTopic = (applicationId: number) => `application-decision:${applicationId}`;

/** 409 for an action the application's status does not allow. */
export function refuse(status: ApplicationStatus, action: ApplicationAction): never {
  const verbs = { approve: 'approved', reject: 'rejected', reset: 'reset to pending' } as const;
  throw new AppError('conflict', `An application that is ${status} cannot be ${verbs[action]}.`);
}
