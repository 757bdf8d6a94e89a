import { and, eq, isNull } from 'drizzle-orm';
import type { Transaction } from '../../../db/client.ts';
import { evidenceDocuments, providerChecks } from '../../../db/schema.ts';
import { CHECKS, checkApplies, requiredChecks } from '../../lib/catalog/checks.ts';
import type { ApplicationRow } from '../applications/application-decision.ts';
import { legalFormOf, statedFacts } from './application-checklist.ts';

export const STATED_IN_APPLICATION = 'Stated in the application; not yet checked.';

/**
 * At approval, the checks recorded so far go to the provider: its documents, and one
 * pending check for every check it must pass (and optional ones it sent documents for),
 * carrying what the applicant stated. They wait in the admin's "waiting for review"
 * queue; nothing counts towards the badge until an admin records a pass.
 */
export async function handOverApplicationChecks(
  tx: Transaction,
  application: ApplicationRow,
  providerId: number,
): Promise<void> {
  const documents = await tx
    .update(evidenceDocuments)
    .set({ providerId })
    .where(
      and(
        eq(evidenceDocuments.applicationId, application.id),
        isNull(evidenceDocuments.providerId),
      ),
    )
    .returning({ checkType: evidenceDocuments.checkType });
  const legalForm = legalFormOf(application);
  const required = new Set(requiredChecks(application.services, legalForm));
  const checks = CHECKS.filter(
    ({ type }) =>
      required.has(type) ||
      (checkApplies(type, application.services, legalForm) &&
        documents.some((document) => document.checkType === type)),
  ).map(({ type }) => {
    const stated = statedFacts(application, type);
    return {
      providerId,
      checkType: type,
      status: 'pending' as const,
      reference: stated?.reference ?? null,
      insurer: stated?.insurer ?? null,
      coverAmount: stated?.coverAmount ?? null,
      validUntil: stated?.validUntil ?? null,
      notes: stated ? STATED_IN_APPLICATION : null,
    };
  });
  if (checks.length > 0) await tx.insert(providerChecks).values(checks).onConflictDoNothing();
}
