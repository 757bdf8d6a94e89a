import type { Transaction } from '../../../db/client.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { claimPrivateFile, type ClaimedFile } from './claim-private-file.ts';

export const DOCUMENT_NOT_FOUND = 'The uploaded document was not found. Please upload it again.';

export type ClaimedDocument = ClaimedFile;

/**
 * An evidence document uploaded through `reference`, taken once inside the caller's
 * transaction: checked for size and type by its bytes (PDF, JPEG, PNG or WebP) and
 * stored as it came under `private/`, which nothing serves publicly. With `owner`, only
 * that owner's uploads count: another provider's upload is not found (400).
 */
export function claimDocument(
  tx: Transaction,
  store: ObjectStore,
  { reference, owner, field }: { reference: string; owner?: string | undefined; field: string },
): Promise<ClaimedDocument> {
  return claimPrivateFile(tx, store, {
    reference,
    owner,
    field,
    purpose: 'evidence-document',
    notFoundMessage: DOCUMENT_NOT_FOUND,
  });
}
