import { eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../../db/client.ts';
import { uploadTickets } from '../../../db/schema.ts';
import { UPLOAD_MESSAGES, type DocumentType } from '../../lib/uploads.ts';
import { AppError } from '../errors.ts';
import { enqueueObjectDeletion } from '../jobs/enqueue.ts';
import { isStoreKey, type ObjectStore } from '../storage/object-store.ts';
import { takeTicket } from '../uploads/claim-upload.ts';
import { reEncodeImage } from '../uploads/re-encode-image.ts';
import { checkedDocumentType, privateImageKeyOf, privateKeyOf } from '../uploads/upload-tickets.ts';

export const MESSAGE_FILE_NOT_FOUND = 'The file was not found. Please add it again.';

export interface ClaimedMessageFile {
  objectKey: string;
  contentType: DocumentType;
  size: number;
}

/**
 * A photo or PDF sent with a message, taken once inside the caller's transaction from an
 * upload ticket of the purpose 'message-attachment' (and `owner`'s: another's upload is
 * not found). Checked by its bytes; a photo is re-encoded like a site photo (no metadata,
 * no place it was taken), a PDF kept as it came; both stored under `private/`, which
 * /objects/ never serves.
 */
export async function claimMessageFile(
  tx: Transaction,
  store: ObjectStore,
  { reference, owner, field }: { reference: string; owner: string; field: string },
): Promise<ClaimedMessageFile> {
  const notFound = () =>
    new AppError('bad_request', MESSAGE_FILE_NOT_FOUND, { [field]: MESSAGE_FILE_NOT_FOUND });
  const ticket = await takeTicket(tx, {
    reference,
    purposes: ['message-attachment'],
    owner,
    notFound,
  });
  const received = ticket.objectKey;
  const size = isStoreKey(received) ? await store.size(received) : undefined;
  if (size === undefined) throw notFound();
  let stored: { bytes: Uint8Array; type: DocumentType };
  try {
    if (size > ticket.maxBytes) {
      const message = UPLOAD_MESSAGES.documentTooLarge(ticket.maxBytes);
      throw new AppError('payload_too_large', message, { [field]: message });
    }
    const bytes = (await store.get(received)) ?? new Uint8Array();
    const type = checkedDocumentType(bytes, ticket.maxBytes, field);
    if (type === 'application/pdf') {
      stored = { bytes, type };
    } else {
      // Re-encoded in its own format: a JPEG, PNG or WebP stays one.
      const image = await reEncodeImage(bytes, { field });
      if (image.type === 'image/gif') {
        const message = UPLOAD_MESSAGES.wrongDocumentType;
        throw new AppError('unsupported_media_type', message, { [field]: message });
      }
      stored = { bytes: image.bytes, type: image.type };
    }
  } catch (error) {
    if (error instanceof AppError) await store.delete(received);
    throw error;
  }
  const objectKey =
    stored.type === 'application/pdf'
      ? privateKeyOf(ticket.id, stored.type)
      : privateImageKeyOf(ticket.id, stored.type);
  await store.put(objectKey, stored.bytes, stored.type);
  await tx
    .update(uploadTickets)
    .set({
      uploadedAt: sql`coalesce(${uploadTickets.uploadedAt}, now())`,
      claimedAt: sql`now()`,
      objectKey,
      contentType: stored.type,
      size: stored.bytes.byteLength,
    })
    .where(eq(uploadTickets.id, ticket.id));
  if (received !== objectKey) await enqueueObjectDeletion(tx, received);
  return { objectKey, contentType: stored.type, size: stored.bytes.byteLength };
}
