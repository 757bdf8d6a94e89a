/**
 * Uploaded images in an S3-compatible bucket (AWS S3, Cloudflare R2, Ceph radosgw, ...).
 * The browser PUTs each upload straight to the bucket with a presigned URL (under
 * `incoming/`); the server checks its size and bytes when the upload is claimed and only
 * then stores it under `uploads/` with its true type (claim-upload.ts).
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
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { contentDisposition } from './content-disposition.ts';
import { isStoreKey, PRIVATE_KEY, type ObjectStore } from './object-store.ts';

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
    directUploadUrl(key, expiresInSeconds) {
      // The type cannot be signed: the upload address is asked for before the file is
      // chosen (spec: no body). The bytes decide the type when the upload is claimed.
      return getSignedUrl(client, new PutObjectCommand({ Bucket, Key: checked(key) }), {
        expiresIn: expiresInSeconds,
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
