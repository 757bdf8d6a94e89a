/**
 * Upload addresses: made for one purpose (its size limit), good for 15 minutes and one
 * PUT; the stored object is then taken once by the operation that uses it.
 *
 * Two ways in, both to `incoming/{ticket}`. Our own /api/uploads/{ticket} (the spec's
 * PUT), checked for size and type on arrival. With S3 the browser POSTs the ticket's form
 * straight to the bucket instead, which refuses a body over the ticket's size (decision
 * 0045). When the upload is claimed, it is checked (again), re-encoded and only
 * then stored under `uploads/`, the one place images are served from (nobody
 * can host a file on our domain by uploading it and never using it). Unclaimed uploads
 * are deleted an hour after their ticket expired (jobs/clean-up-uploads.ts).
 */
import {
  DOCUMENT_TYPES,
  IMAGE_TYPES,
  isDocumentPurpose,
  UPLOAD_MESSAGES,
  type DocumentType,
  type ImageType,
  type UploadPurpose,
} from '../../lib/uploads.ts';
import { fieldRefusal } from '../errors.ts';
import {
  detectDocumentType,
  detectImageType,
  DOCUMENT_EXTENSIONS,
  EXTENSIONS,
} from '../storage/image-type.ts';
import { isStoreKey } from '../storage/object-store.ts';

/** What an upload of one kind must be: how its type is told, and what a refusal says. */
interface UploadKind<T> {
  detect: (bytes: Uint8Array) => T | undefined;
  tooLarge: (maxBytes: number) => string;
  wrongType: string;
}

const IMAGE_UPLOAD: UploadKind<ImageType> = {
  detect: detectImageType,
  tooLarge: UPLOAD_MESSAGES.tooLarge,
  wrongType: UPLOAD_MESSAGES.wrongType,
};

const DOCUMENT_UPLOAD: UploadKind<DocumentType> = {
  detect: detectDocumentType,
  tooLarge: UPLOAD_MESSAGES.documentTooLarge,
  wrongType: UPLOAD_MESSAGES.wrongDocumentType,
};

/** The type of an upload of `kind` within `maxBytes`, or the error answer (400, 413, 415). */
function checkedType<T>(
  bytes: Uint8Array,
  maxBytes: number,
  field: string | undefined,
  kind: UploadKind<T>,
): T {
  if (bytes.byteLength === 0) throw fieldRefusal('bad_request', UPLOAD_MESSAGES.empty, field);
  if (bytes.byteLength > maxBytes) {
    throw fieldRefusal('payload_too_large', kind.tooLarge(maxBytes), field);
  }
  const type = kind.detect(bytes);
  if (!type) throw fieldRefusal('unsupported_media_type', kind.wrongType, field);
  return type;
}

/** The image type of an upload within `maxBytes`, or the error answer (400, 413, 415). */
export const checkedImageType = (bytes: Uint8Array, maxBytes: number, field?: string) =>
  checkedType(bytes, maxBytes, field, IMAGE_UPLOAD);

/** The document type of an evidence upload within `maxBytes`, or the error answer. */
export const checkedDocumentType = (bytes: Uint8Array, maxBytes: number, field?: string) =>
  checkedType(bytes, maxBytes, field, DOCUMENT_UPLOAD);

/** An upload checked by what its ticket's purpose accepts. */
export const checkedUploadType = (
  bytes: Uint8Array,
  ticket: { purpose: string; maxBytes: number },
  field?: string,
): ImageType | DocumentType =>
  isDocumentPurpose(ticket.purpose as UploadPurpose)
    ? checkedDocumentType(bytes, ticket.maxBytes, field)
    : checkedImageType(bytes, ticket.maxBytes, field);

/** Where an upload waits for its claim, as it came: never served. */
export const incomingKeyOf = (ticketId: string) => `incoming/${ticketId}`;

/** Where a claimed upload is stored and served from. */
export const storedKeyOf = (ticketId: string, type: ImageType) =>
  `uploads/${ticketId}.${EXTENSIONS[type]}`;

/** Where a claimed evidence document is stored: private, never served at /objects/. */
export const privateKeyOf = (ticketId: string, type: DocumentType) =>
  `private/${ticketId}.${DOCUMENT_EXTENSIONS[type]}`;

/** Where a claimed private image (a site photo of a request) is stored: never served at /objects/. */
export const privateImageKeyOf = (ticketId: string, type: ImageType) =>
  `private/${ticketId}.${EXTENSIONS[type]}`;

/** Every key an upload of this ticket may have been stored under, for the clean-up. */
export function uploadKeysOf(ticket: { id: string; objectKey: string }): string[] {
  const keys = [
    ticket.objectKey,
    incomingKeyOf(ticket.id),
    ...IMAGE_TYPES.map((type) => storedKeyOf(ticket.id, type)),
    ...DOCUMENT_TYPES.map((type) => privateKeyOf(ticket.id, type)),
    ...IMAGE_TYPES.map((type) => privateImageKeyOf(ticket.id, type)),
  ];
  return [...new Set(keys)].filter(isStoreKey);
}

/**
 * The ticket id in an upload reference: '/api/uploads/<id>' (absolute or not), the object
 * path '/objects/uploads/<id>.<ext>', or a presigned '.../incoming/<id>?X-Amz-...' (the
 * address S3 tickets gave before decision 0045).
 */
export function ticketIdOf(reference: string): string | undefined {
  const path = reference.replace(/^https?:\/\/[^/]+/, '').replace(/\?.*$/, '');
  const match =
    /^\/api\/uploads\/([A-Za-z0-9_-]{16,64})$/.exec(path) ??
    /\/incoming\/([A-Za-z0-9_-]{16,64})$/.exec(path) ??
    /^\/objects\/uploads\/([A-Za-z0-9_-]{16,64})\.(?:jpg|png|gif|webp)$/.exec(path);
  return match?.[1];
}
