/** Image uploads (spec sections 5 and 9): purposes and their size limits, shared by forms and API. */
export const MB = 1024 * 1024;

export const UPLOAD_PURPOSES = {
  /** The join form's profile picture. */
  'application-image': { maxBytes: 5 * MB },
  /** A provider's own profile photo. */
  'profile-image': { maxBytes: 5 * MB },
  /** An admin's upload for a provider (Add Provider). */
  'admin-image': { maxBytes: 5 * MB },
  'flash-ad-image': { maxBytes: 10 * MB },
} as const;

export type UploadPurpose = keyof typeof UPLOAD_PURPOSES;

/** An upload reference (our upload URL, or a presigned S3 URL with its signature) fits here. */
export const UPLOAD_REFERENCE_MAX_LENGTH = 2048;

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

export const UPLOAD_MESSAGES = {
  tooLarge: (maxBytes: number) =>
    `The image is too large: at most ${Math.round(maxBytes / MB)} MB.`,
  tooLargeForAny: 'The image is too large.',
  wrongType: 'Only JPEG, PNG, GIF or WebP images can be uploaded.',
  empty: 'The file is empty.',
} as const;
