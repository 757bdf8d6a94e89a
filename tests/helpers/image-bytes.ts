/**
 * Image bytes for the upload tests: bytes that only start as an image does (the upload
 * checks the magic bytes), a text file called an image, and real images (a claim
 * re-encodes every upload).
 */
const SIGNATURES = {
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpeg: [0xff, 0xd8, 0xff, 0xe0],
  gif: Array.from('GIF89a', (c) => c.charCodeAt(0)),
  webp: [
    ...Array.from('RIFF', (c) => c.charCodeAt(0)),
    0x24,
    0,
    0,
    0,
    ...Array.from('WEBP', (c) => c.charCodeAt(0)),
  ],
} as const;

export type ImageKind = keyof typeof SIGNATURES;

let imageSequence = 0;

/**
 * Bytes that start as an image of `kind` does (the server checks the magic bytes only),
 * padded to `size` bytes with content unique to each call.
 */
export function imageBytes(kind: ImageKind, size = 256): Uint8Array<ArrayBuffer> {
  const signature = SIGNATURES[kind];
  const bytes = new Uint8Array(Math.max(size, signature.length + 8));
  bytes.set(signature);
  const marker = new TextEncoder().encode(`test image ${++imageSequence} ${Date.now()}`);
  bytes.set(marker.subarray(0, bytes.length - signature.length), signature.length);
  return bytes;
}

/** A text file that a client could call 'photo.png': not an image by its bytes. */
export function fakeImageBytes(): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode('This is a text file renamed photo.png, not an image.\n');
}

/**
 * A real image of `kind` (decodable: a claim re-encodes every upload), `width`×`height`
 * pixels of one colour unique to each call.
 */
export async function realImageBytes(
  kind: ImageKind,
  { width = 8, height = 8 }: { width?: number; height?: number } = {},
): Promise<Uint8Array<ArrayBuffer>> {
  const { default: sharp } = await import('sharp');
  const n = ++imageSequence;
  const background = { r: (n * 37) % 256, g: (n * 91) % 256, b: (n * 151) % 256 };
  const image = sharp({ create: { width, height, channels: 3, background } });
  const encoded = await (kind === 'jpeg' ? image.jpeg() : image[kind]()).toBuffer();
  return new Uint8Array(encoded);
}
