/**
 * `npm run s3:setup`: prepares the bucket named by S3_BUCKET for the site. Creates it if
 * it is missing, lets the site's pages POST uploads to it (CORS for SITE_URL: the upload
 * ticket's form, decision 0045), and expires unclaimed uploads under incoming/ after a
 * day. Safe to run again.
 */
import {
  CreateBucketCommand,
  HeadBucketCommand,
  PutBucketCorsCommand,
  PutBucketLifecycleConfigurationCommand,
} from '@aws-sdk/client-s3';
import { parseEnv } from '../src/api/env.ts';
import { s3ConfigOf } from '../src/api/storage/choose-object-store.ts';
import { s3Client } from '../src/api/storage/s3-object-store.ts';

const env = parseEnv();
const config = s3ConfigOf(env);
if (!config) {
  console.error('S3_BUCKET is not set: uploads are stored in DATA_DIR; nothing to set up.');
  process.exit(1);
}
if (!env.SITE_URL) {
  console.error('SITE_URL is not set: it names the origin whose pages upload to the bucket.');
  process.exit(1);
}
const Bucket = config.bucket;
const client = s3Client(config);

const exists = await client.send(new HeadBucketCommand({ Bucket })).then(
  () => true,
  () => false,
);
if (!exists) {
  await client.send(new CreateBucketCommand({ Bucket }));
  console.log(`Created the bucket ${Bucket}.`);
}

await client.send(
  new PutBucketCorsCommand({
    Bucket,
    CORSConfiguration: {
      CORSRules: [
        {
          AllowedOrigins: [new URL(env.SITE_URL).origin],
          AllowedMethods: ['POST'],
          AllowedHeaders: ['content-type'],
          MaxAgeSeconds: 3600,
        },
      ],
    },
  }),
);
await client.send(
  new PutBucketLifecycleConfigurationCommand({
    Bucket,
    LifecycleConfiguration: {
      Rules: [
        {
          ID: 'unclaimed-uploads',
          Status: 'Enabled',
          Filter: { Prefix: 'incoming/' },
          Expiration: { Days: 1 },
        },
      ],
    },
  }),
);
console.log(
  `The bucket ${Bucket} takes uploads from ${new URL(env.SITE_URL).origin}; unclaimed ones expire after a day.`,
);
