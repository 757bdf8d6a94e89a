import type { Transaction } from '../../../db/client.ts';
import { UPLOAD_MESSAGES } from '../../lib/uploads.ts';
import { fieldRefusal } from '../errors.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import {
  claimPrivateFile,
  type ClaimedFile,
  type KeepFile,
} from '../uploads/claim-private-file.ts';
import { reEncodeImage } from '../uploads/re-encode-image.ts';
import { privateImageKeyOf, privateKeyOf } from '../uploads/upload-tickets.ts';

export const MESSAGE_FILE_NOT_FOUND = 'The file was not found. Please add it again.';

export type ClaimedMessageFile = ClaimedFile;

/** A PDF kept as it came; a photo re-encoded in its own format (a JPEG, PNG or WebP stays one). */
const keepMessageFile =
  (field: string): KeepFile =>
  async ({ bytes, type }, ticketId) => {
    if (type === 'application/pdf') return { bytes, type, objectKey: privateKeyOf(ticketId, type) };
    const image = await reEncodeImage(bytes, { field });
    if (image.type === 'image/gif') {
      const message = UPLOAD_MESSAGES.wrongDocumentType;
      throw fieldRefusal('unsupported_media_type', message, field);
    }
    return {
      bytes: image.bytes,
      type: image.type,
      objectKey: privateImageKeyOf(ticketId, image.type),
    };
  };

/**
 * A photo or PDF sent with a message, taken once inside the caller's transaction from an
 * upload ticket of the purpose 'message-attachment' (and `owner`'s: another's upload is
 * not found). Checked by its bytes; a photo is re-encoded like a site photo (no metadata,
 * no place it was taken), a PDF kept as it came; both stored under `private/`, which
 * /objects/ never serves.
 */
export function claimMessageFile(
  tx: Transaction,
  store: ObjectStore,
  { reference, owner, field }: { reference: string; owner: string; field: string },
): Promise<ClaimedMessageFile> {
  return claimPrivateFile(tx, store, {
    reference,
    owner,
    field,
    purpose: 'message-attachment',
    notFoundMessage: MESSAGE_FILE_NOT_FOUND,
    keep: keepMessageFile(field),
  });
}
