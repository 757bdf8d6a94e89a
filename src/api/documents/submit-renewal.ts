import type { Database } from '../../../db/client.ts';
import { evidenceDocuments, providerChecks } from '../../../db/schema.ts';
import { saToday } from '../../lib/calendar-days.ts';
import {
  checkApplies,
  keepsDocuments,
  renewsByCertificate,
  type CheckType,
} from '../../lib/catalog/checks.ts';
import { RENEWAL_MESSAGES, type Renewal } from '../../lib/schemas/verification.ts';
import { AppError, fieldRefusal } from '../errors.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { claimDocument } from '../uploads/claim-document.ts';
import { providerCheckFacts } from '../verification/provider-check-facts.ts';

const refuse = (field: string, message: string) => fieldRefusal('bad_request', message, field);

/**
 * A provider sends a renewed certificate for one of its checks: the document (its own
 * upload only) with the expiry and reference it states. It waits for an admin in the
 * "waiting for review" queue; the check's current record is left as it is, so a pass
 * still in date counts until it expires.
 */
export async function submitRenewal(
  db: Database,
  store: ObjectStore,
  {
    providerId,
    type,
    renewal,
    today = saToday(),
  }: {
    providerId: number;
    type: CheckType;
    renewal: Renewal;
    today?: string;
  },
) {
  const provider = await providerCheckFacts(db, providerId);
  if (!keepsDocuments(type)) throw refuse('document', RENEWAL_MESSAGES.noDocuments);
  if (!renewsByCertificate(type)) throw new AppError('bad_request', RENEWAL_MESSAGES.byOurTeam);
  if (!checkApplies(type, provider.services, provider.legalForm)) {
    throw new AppError('bad_request', RENEWAL_MESSAGES.notYours);
  }
  if (renewal.validUntil < today) throw refuse('validUntil', RENEWAL_MESSAGES.expired);
  return db.transaction(async (tx) => {
    const claimed = await claimDocument(tx, store, {
      reference: renewal.document.upload,
      owner: `provider:${providerId}`,
      field: 'document.upload',
    });
    const [document] = await tx
      .insert(evidenceDocuments)
      .values({
        providerId,
        checkType: type,
        fileName: renewal.document.fileName,
        uploadedBy: 'provider',
        statedReference: renewal.reference ?? null,
        statedValidUntil: renewal.validUntil,
        ...claimed,
      })
      .returning({ id: evidenceDocuments.id, submittedAt: evidenceDocuments.createdAt });
    // A check without a record yet gets a pending one, so the queue shows it.
    await tx
      .insert(providerChecks)
      .values({ providerId, checkType: type, status: 'pending' })
      .onConflictDoNothing();
    if (!document) throw new Error('The renewal was not stored');
    return {
      id: document.id,
      type,
      submittedAt: document.submittedAt,
      validUntil: renewal.validUntil,
    };
  });
}
