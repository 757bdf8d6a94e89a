/**
 * Upload addresses: made for one purpose (its size limit), good for 15 minutes and one
 * PUT; the stored object is then taken once by the operation that uses it.
 *
 * Two ways in, both to `incoming/{ticket}`. Local disk: the browser PUTs to our own
 * /api/uploads/{ticket}, checked for size and type on arrival. S3: the browser PUTs to a
 * presigned URL. When the upload is claimed, it is checked (again), re-encoded and only
 * then stored under `uploads/`, the one place images are served from (issue 11: nobody
 * can host a file on our domain by uploading it and never using it). Unclaimed uploads
 * are deleted a day after their ticket expired (jobs/clean-up-uploads.ts).
 */
import { IMAGE_TYPES, UPLOAD_MESSAGES, type ImageType } from '../../lib/uploads.ts';
import { AppError } from '../errors.ts';
import { detectImageType, EXTENSIONS } from '../storage/image-type.ts';
import { isStoreKey } from '../storage/object-store.ts';

/** The image type of an upload within `maxBytes`, or the error answer (400, 413, 415). */
export function checkedImageType(bytes: Uint8Array, maxBytes: number, field?: string) {
  const refuse = (
    code: 'bad_request' | 'payload_too_large' | 'unsupported_media_type',
    message: string,
  ) => new AppError(code, message, field ? { [field]: message } : undefined);
  if (bytes.byteLength === 0) throw refuse('bad_request', UPLOAD_MESSAGES.empty);
  if (bytes.byteLength > maxBytes) {
    throw refuse('payload_too_large', UPLOAD_MESSAGES.tooLarge(maxBytes));
  }
  const type = detectImageType(bytes);
  if (!type) throw refuse('unsupported_media_type', UPLOAD_MESSAGES.wrongType);
  return type;
}

/** Where an upload waits for its claim, as it came: never served. */
export const incomingKeyOf = (ticketId: string) => `incoming/${ticketId}`;

/** Where a claimed upload is stored and served from. */
export const storedKeyOf = (ticketId: string, type: ImageType) =>
  `uploads/${ticketId}.${EXTENSIONS[type]}`;

/** Every key an upload of this ticket may have been stored under, for the clean-up. */
export function uploadKeysOf(ticket: { id: string; objectKey: string }): string[] {
  const keys = [
    ticket.objectKey,
    incomingKeyOf(ticket.id),
    ...IMAGE_TYPES.map((type) => storedKeyOf(ticket.id, type)),
  ];
  return [...new Set(keys)].filter(isStoreKey);
}

/**
 * The ticket id in an upload reference: '/api/uploads/<id>' (absolute or not), a
 * presigned '.../incoming/<id>?X-Amz-...' or the object path '/objects/uploads/<id>.<ext>'.
 */
export function ticketIdOf(reference: string): string | undefined {
  const path = reference.replace(/^https?:\/\/[^/]+/, '').replace(/\?.*$/, '');
  const match =
    /^\/api\/uploads\/([A-Za-z0-9_-]{16,64})$/.exec(path) ??
    /\/incoming\/([A-Za-z0-9_-]{16,64})$/.exec(path) ??
    /^\/objects\/uploads\/([A-Za-z0-9_-]{16,64})\.(?:jpg|png|gif|webp)$/.exec(path);
  return match?.[1];
}
