import { eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../../db/client.ts';
import { uploadTickets } from '../../../db/schema.ts';
import { UPLOAD_MESSAGES, type DocumentType } from '../../lib/uploads.ts';
import { AppError } from '../errors.ts';
import { enqueueObjectDeletion } from '../jobs/enqueue.ts';
import { isStoreKey, type ObjectStore } from '../storage/object-store.ts';
import { takeTicket } from './claim-upload.ts';
import { checkedDocumentType, privateKeyOf } from './upload-tickets.ts';

export const DOCUMENT_NOT_FOUND = 'The uploaded document was not found. Please upload it again.';

export interface ClaimedDocument {
  objectKey: string;
  contentType: DocumentType;
  size: number;
}

/**
 * An evidence document uploaded through `reference`, taken once inside the caller's
 * transaction: checked for size and type by its bytes (PDF, JPEG, PNG or WebP) and
 * stored as it came under `private/`, which nothing serves publicly. With `owner`, only
 * that owner's uploads count: another provider's upload is not found (400).
 */
export async function claimDocument(
  tx: Transaction,
  store: ObjectStore,
  { reference, owner, field }: { reference: string; owner?: string | undefined; field: string },
): Promise<ClaimedDocument> {
  const notFound = () =>
    new AppError('bad_request', DOCUMENT_NOT_FOUND, { [field]: DOCUMENT_NOT_FOUND });
  const ticket = await takeTicket(tx, {
    reference,
    purposes: ['evidence-document'],
    owner,
    notFound,
  });
  const received = ticket.objectKey;
  const size = isStoreKey(received) ? await store.size(received) : undefined;
  if (size === undefined) throw notFound();
  let bytes: Uint8Array;
  let contentType: DocumentType;
  try {
    if (size > ticket.maxBytes) {
      const message = UPLOAD_MESSAGES.documentTooLarge(ticket.maxBytes);
      throw new AppError('payload_too_large', message, { [field]: message });
    }
    bytes = (await store.get(received)) ?? new Uint8Array();
    contentType = checkedDocumentType(bytes, ticket.maxBytes, field);
  } catch (error) {
    if (error instanceof AppError) await store.delete(received);
    throw error;
  }
  const objectKey = privateKeyOf(ticket.id, contentType);
  await store.put(objectKey, bytes, contentType);
  await tx
    .update(uploadTickets)
    .set({
      uploadedAt: sql`coalesce(${uploadTickets.uploadedAt}, now())`,
      claimedAt: sql`now()`,
      objectKey,
      contentType,
      size: bytes.byteLength,
    })
    .where(eq(uploadTickets.id, ticket.id));
  if (received !== objectKey) await enqueueObjectDeletion(tx, received);
  return { objectKey, contentType, size: bytes.byteLength };
}
