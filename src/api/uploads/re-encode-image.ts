/**
 * Public images are re-encoded before anyone sees them (DESIGN.md, Modes, side effects):
 * decoding to pixels and encoding afresh drops all metadata (EXIF with the GPS location
 * of the phone that took the photo) and anything appended to or smuggled inside the file
 * (an HTML page or a ZIP archive that makes a JPEG a polyglot). The pixel limit refuses a
 * decompression bomb (a small PNG that declares 20000×20000 pixels) before it is decoded.
 */
import sharp, { type Sharp } from 'sharp';
import type { ImageType } from '../../lib/uploads.ts';
import { AppError, fieldRefusal } from '../errors.ts';

/** 40 megapixels: above any phone camera's default photo, far below a bomb. */
export const MAX_IMAGE_PIXELS = 40_000_000;

export const RE_ENCODE_MESSAGES = {
  tooManyPixels: `The image is too large: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`,
  unreadable: 'The image could not be read. Please upload a JPEG, PNG, GIF or WebP image.',
} as const;

/** Each accepted format is written again in the same format, so its key and type stay true. */
const ENCODERS = {
  jpeg: (image: Sharp) => image.jpeg({ quality: 85, mozjpeg: true }),
  png: (image: Sharp) => image.png({ compressionLevel: 9 }),
  webp: (image: Sharp) => image.webp({ quality: 85 }),
  gif: (image: Sharp) => image.gif(),
} as const;

const TYPES: Record<keyof typeof ENCODERS, ImageType> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};

const isEncodable = (format: string | undefined): format is keyof typeof ENCODERS =>
  format !== undefined && Object.hasOwn(ENCODERS, format);

/**
 * The image decoded (at most MAX_IMAGE_PIXELS), turned upright by its EXIF orientation and
 * encoded again without metadata; the bytes' own format decides the output's. A file that
 * is not such an image answers 415, one with too many pixels 413 (errors with `field`).
 */
export async function reEncodeImage(
  bytes: Uint8Array,
  { field }: { field?: string | undefined } = {},
): Promise<{ bytes: Uint8Array; type: ImageType }> {
  const refuse = (code: 'payload_too_large' | 'unsupported_media_type', message: string) =>
    fieldRefusal(code, message, field);
  // Every frame of an animated GIF or WebP; the pixel limit counts them all.
  const options = { limitInputPixels: MAX_IMAGE_PIXELS, animated: true, failOn: 'error' } as const;
  try {
    const { format } = await sharp(bytes, options).metadata();
    if (!isEncodable(format)) throw refuse('unsupported_media_type', RE_ENCODE_MESSAGES.unreadable);
    const image = ENCODERS[format](sharp(bytes, options).autoOrient()).timeout({ seconds: 20 });
    const { data, info } = await image.toBuffer({ resolveWithObject: true });
    const written: string = info.format;
    if (!isEncodable(written)) throw new Error(`Encoded as ${written}`);
    return { bytes: new Uint8Array(data), type: TYPES[written] };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw refuse('payload_too_large', RE_ENCODE_MESSAGES.tooManyPixels);
    }
    // libvips' word on a broken or disguised file ("unsupported image format", "premature
    // end of JPEG file", ...): the upload is refused, not the server's fault.
    throw refuse('unsupported_media_type', RE_ENCODE_MESSAGES.unreadable);
  }
}

/** The type an upload of `type` is stored as once re-encoded (the same: see ENCODERS). */
export const storedTypeOf = (type: ImageType): ImageType => type;
