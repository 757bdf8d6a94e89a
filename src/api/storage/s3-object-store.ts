/**
 * Uploaded images in an S3-compatible bucket that takes form (POST) uploads: AWS S3, Ceph
 * radosgw, MinIO, ... (not Cloudflare R2, whose presigned URLs cannot POST: decision 0045).
 * The browser POSTs each upload straight to the bucket with a presigned POST policy
 * (under `incoming/`), which holds it to the ticket's size; the server checks its size and
 * bytes again when the upload is claimed and only then stores it under `uploads/` with its
 * true type (claim-upload.ts).
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NotFound,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { contentDisposition } from './content-disposition.ts';
import { isStoreKey, PRIVATE_KEY, type ObjectStore } from './object-store.ts';

/** The type an upload is kept with until its claim, whatever the file is. */
const INCOMING_CONTENT_TYPE = 'application/octet-stream';

export interface S3Config {
  bucket: string;
  region: string;
  /** For S3-compatible services; AWS S3 itself needs none. */
  endpoint?: string | undefined;
  /** Bucket in the path (`endpoint/bucket/key`) rather than the host name. */
  forcePathStyle: boolean;
  /** Without them the SDK's default chain (environment, instance role) is used. */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
}

export function s3Client(config: S3Config) {
  return new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint && { endpoint: config.endpoint }),
    ...(config.credentials && { credentials: config.credentials }),
    // Otherwise a checksum of an empty body lands in presigned URLs and every PUT fails.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const isMissing = (error: unknown) =>
  error instanceof NoSuchKey ||
  error instanceof NotFound ||
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

export function s3ObjectStore(config: S3Config, client = s3Client(config)): ObjectStore {
  const Bucket = config.bucket;
  const checked = (key: string) => {
    if (!isStoreKey(key)) throw new Error(`Invalid object key: ${key}`);
    return key;
  };
  return {
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checked(key),
          Body: bytes,
          ContentType: contentType,
          CacheControl: PRIVATE_KEY.test(key)
            ? 'private, no-store'
            : 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(key) {
      if (!isStoreKey(key)) return undefined;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return answer.Body ? new Uint8Array(await answer.Body.transformToByteArray()) : undefined;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async size(key) {
      if (!isStoreKey(key)) return undefined;
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return answer.ContentLength;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checked(key) }));
    },
    directUploadForm(key, { maxBytes, expiresInSeconds }) {
      // The bucket refuses a body of more than maxBytes (EntityTooLarge), another key
      // (createPresignedPost signs the key it is given) or another type. The file's type is
      // unknown when the ticket is made (spec: no body), so the form sends one fixed type:
      // the bucket never serves an unchecked upload as a page, and the claim goes by the
      // bytes anyway.
      return createPresignedPost(client, {
        Bucket,
        Key: checked(key),
        Fields: { 'Content-Type': INCOMING_CONTENT_TYPE },
        Conditions: [
          ['content-length-range', 1, maxBytes],
          { 'Content-Type': INCOMING_CONTENT_TYPE },
        ],
        Expires: expiresInSeconds,
      });
    },
    privateDownloadUrl(key, expiresInSeconds, file) {
      if (!PRIVATE_KEY.test(key)) throw new Error(`Not a private object key: ${key}`);
      return getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket,
          Key: key,
          ResponseContentType: file.contentType,
          ResponseContentDisposition: contentDisposition(file.name),
          ResponseCacheControl: 'private, no-store',
        }),
        { expiresIn: expiresInSeconds },
      );
    },
  };
}
