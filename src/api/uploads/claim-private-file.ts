import { eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../../db/client.ts';
import { uploadTickets } from '../../../db/schema.ts';
import { UPLOAD_MESSAGES, type DocumentType, type UploadPurpose } from '../../lib/uploads.ts';
import { AppError, fieldRefusal } from '../errors.ts';
import { enqueueObjectDeletion } from '../jobs/enqueue.ts';
import { isStoreKey, type ObjectStore } from '../storage/object-store.ts';
import { takeTicket } from './claim-upload.ts';
import { checkedDocumentType, privateKeyOf } from './upload-tickets.ts';

/** A private file as claimed: where it is stored, its type by its bytes, its size. */
export interface ClaimedFile {
  objectKey: string;
  contentType: DocumentType;
  size: number;
}

/** The bytes to store and where, from the bytes received and their checked type. */
export type KeepFile = (
  received: { bytes: Uint8Array; type: DocumentType },
  ticketId: string,
) => Promise<{ bytes: Uint8Array; type: DocumentType; objectKey: string }>;

/** Stored as it came, under `private/`. */
const asItCame: KeepFile = ({ bytes, type }, ticketId) =>
  Promise.resolve({ bytes, type, objectKey: privateKeyOf(ticketId, type) });

/**
 * A PDF or photo uploaded through `reference` for `purpose`, taken once inside the
 * caller's transaction: with `owner`, only that owner's uploads count (another's is not
 * found, 400 naming `field`); checked for size and type by its bytes (PDF, JPEG, PNG or
 * WebP); kept as `keep` says (by default as it came) under `private/`, which nothing
 * serves publicly. A refused upload is deleted; the one received is deleted later when
 * it was kept under another key.
 */
export async function claimPrivateFile(
  tx: Transaction,
  store: ObjectStore,
  {
    reference,
    owner,
    field,
    purpose,
    notFoundMessage,
    keep = asItCame,
  }: {
    reference: string;
    owner?: string | undefined;
    field: string;
    purpose: UploadPurpose;
    notFoundMessage: string;
    keep?: KeepFile;
  },
): Promise<ClaimedFile> {
  const notFound = () => fieldRefusal('bad_request', notFoundMessage, field);
  const ticket = await takeTicket(tx, { reference, purposes: [purpose], owner, notFound });
  const received = ticket.objectKey;
  const size = isStoreKey(received) ? await store.size(received) : undefined;
  if (size === undefined) throw notFound();
  let stored: Awaited<ReturnType<KeepFile>>;
  try {
    if (size > ticket.maxBytes) {
      const message = UPLOAD_MESSAGES.documentTooLarge(ticket.maxBytes);
      throw fieldRefusal('payload_too_large', message, field);
    }
    const bytes = (await store.get(received)) ?? new Uint8Array();
    const type = checkedDocumentType(bytes, ticket.maxBytes, field);
    stored = await keep({ bytes, type }, ticket.id);
  } catch (error) {
    if (error instanceof AppError) await store.delete(received);
    throw error;
  }
  const { objectKey, bytes, type: contentType } = stored;
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
