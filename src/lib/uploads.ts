/**
 * Uploads (spec sections 5 and 9): purposes, what each accepts and its size
 * limit, shared by forms and API. Images are public once claimed (re-encoded); evidence
 * documents are private (kept as they came, shown to admins only).
 */
export const MB = 1024 * 1024;

export const UPLOAD_PURPOSES = {
  /** The join form's profile picture. */
  'application-image': { maxBytes: 5 * MB },
  /** A provider's own profile photo. */
  'profile-image': { maxBytes: 5 * MB },
  /** An admin's upload for a provider (Add Provider). */
  'admin-image': { maxBytes: 5 * MB },
  'flash-ad-image': { maxBytes: 10 * MB },
  /** A photo of a provider's past work, public on its page (at most 8). */
  'work-photo': { maxBytes: 5 * MB },
  /** A photo of the site with a service request: private to the customer, provider and desk. */
  'site-photo': { maxBytes: 5 * MB },
  /** Evidence for a check (a certificate, a registration): PDF or an image, private. */
  'evidence-document': { maxBytes: 10 * MB },
  /** A photo or PDF sent in a request's conversation: private to its two sides and the desk. */
  'message-attachment': { maxBytes: 10 * MB },
} as const;

export type UploadPurpose = keyof typeof UPLOAD_PURPOSES;

/**
 * An upload reference (our upload URL; before decision 0045 with S3 a presigned URL with
 * its signature) fits here.
 */
export const UPLOAD_REFERENCE_MAX_LENGTH = 2048;

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** What an evidence document may be, told by its bytes. */
export const DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
/** For the file picker; the server decides by the bytes. */
export const DOCUMENT_ACCEPT =
  '.pdf,.jpg,.jpeg,.png,.webp,application/pdf,image/jpeg,image/png,image/webp';

export const isDocumentPurpose = (purpose: UploadPurpose) =>
  purpose === 'evidence-document' || purpose === 'message-attachment';

/** Uploads kept under `private/`, never served at /objects/: evidence, site photos, messages' files. */
export const isPrivatePurpose = (purpose: UploadPurpose) =>
  isDocumentPurpose(purpose) || purpose === 'site-photo';

export const UPLOAD_MESSAGES = {
  tooLarge: (maxBytes: number) =>
    `The image is too large: at most ${Math.round(maxBytes / MB)} MB.`,
  tooLargeForAny: 'The file is too large.',
  wrongType: 'Only JPEG, PNG, GIF or WebP images can be uploaded.',
  empty: 'The file is empty.',
  documentTooLarge: (maxBytes: number) =>
    `The document is too large: at most ${Math.round(maxBytes / MB)} MB.`,
  wrongDocumentType: 'Only PDF, JPEG, PNG or WebP documents can be uploaded.',
} as const;

/** A document's file name as the admin sees it: the name the browser gave, cut to size. */
export const DOCUMENT_NAME_MAX_LENGTH = 200;

/** How many photos of past work a provider may show. */
export const WORK_PHOTO_LIMIT = 8;

/**
 * Why a PDF or photo cannot be uploaded, checked in the browser before it is sent (the
 * server checks its bytes again), or undefined when it can. Some systems give no type
 * for a PDF: a file without one is left to the server.
 */
export function documentRefusal(
  file: { type: string; size: number },
  maxBytes: number,
): string | undefined {
  if (file.type && !(DOCUMENT_TYPES as readonly string[]).includes(file.type)) {
    return UPLOAD_MESSAGES.wrongDocumentType;
  }
  if (file.size > maxBytes) return UPLOAD_MESSAGES.documentTooLarge(maxBytes);
  return undefined;
}
