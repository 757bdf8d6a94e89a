import type { Env } from '../env.ts';
import { localObjectStore, type ObjectStore } from './object-store.ts';
import { s3ObjectStore, type S3Config } from './s3-object-store.ts';

/** The bucket named by S3_* in the environment, if any. */
export function s3ConfigOf(env: Env): S3Config | undefined {
  if (!env.S3_BUCKET) return undefined;
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}

/** S3 when S3_BUCKET is set, otherwise local disk under DATA_DIR. */
export function chooseObjectStore(env: Env): ObjectStore {
  const s3 = s3ConfigOf(env);
  return s3 ? s3ObjectStore(s3) : localObjectStore(env.DATA_DIR);
}
