import type { DocumentType, ImageType } from '../../lib/uploads.ts';

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

/** The image type told by the file's first bytes (not its name or the client's word). */
export function detectImageType(bytes: Uint8Array): ImageType | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return undefined;
}

/** An evidence document's type by its bytes: a PDF, or a JPEG, PNG or WebP image. */
export function detectDocumentType(bytes: Uint8Array): DocumentType | undefined {
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  const image = detectImageType(bytes);
  return image === 'image/gif' ? undefined : image;
}

export const DOCUMENT_EXTENSIONS: Record<DocumentType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

export const EXTENSIONS: Record<ImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

export function contentTypeOfKey(key: string): ImageType | undefined {
  const extension = key.split('.').at(-1);
  return (Object.entries(EXTENSIONS) as [ImageType, string][]).find(
    ([, ext]) => ext === extension,
  )?.[0];
}
