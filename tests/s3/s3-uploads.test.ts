/**
 * Uploads through a real S3-compatible server (Ceph radosgw, started by
 * scripts/s3-test-server.sh; its address in S3_TEST_ENDPOINT). The browser's PUT goes to
 * the presigned URL, which leaves the bytes as they came at `incoming/<ticket>`, never
 * served. The claim checks size and type, re-encodes the image and stores it at
 * `uploads/<ticket>.<ext>`; the outbox (`api.runJobs()`) then deletes the `incoming/` object.
 */
import {
  CreateBucketCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  type S3Client,
} from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  documentViews,
  evidenceDocuments,
  providerApplications,
  uploadTickets,
} from '../../db/schema.ts';
import { s3ConfigOf } from '../../src/api/storage/choose-object-store.ts';
import { s3Client, s3ObjectStore } from '../../src/api/storage/s3-object-store.ts';
import { MB, UPLOAD_MESSAGES } from '../../src/lib/uploads.ts';
import { createTestAdmin } from '../helpers/admin-fixtures.ts';
import { bearer, signIn } from '../helpers/auth-fixtures.ts';
import { validApplicationBody } from '../helpers/builders.ts';
import { fakeImageBytes, imageBytes, realImageBytes } from '../helpers/image-bytes.ts';
import { startTestApi, type TestApi } from '../helpers/test-api.ts';

const endpoint = process.env.S3_TEST_ENDPOINT;
if (!endpoint) throw new Error('S3_TEST_ENDPOINT is not set (scripts/s3-test-server.sh)');
const bucket = `vp-test-${Date.now()}`;

let api: TestApi;
let client: S3Client;
beforeAll(async () => {
  api = await startTestApi({
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: process.env.S3_TEST_ACCESS_KEY_ID ?? '',
    S3_SECRET_ACCESS_KEY: process.env.S3_TEST_SECRET_ACCESS_KEY ?? '',
  });
  const config = s3ConfigOf(api.env);
  if (!config) throw new Error('The test API is not configured for S3');
  client = s3Client(config);
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
});
afterAll(() => api.close());
beforeEach(async () => {
  await api.database.reset();
  const keys = await keysInBucket();
  if (keys.length > 0) {
    await client.send(
      new DeleteObjectsCommand({
        Bucket: bucket,
        Delete: { Objects: keys.map((Key) => ({ Key })) },
      }),
    );
  }
});

interface ErrorAnswer {
  message: string;
  errors?: Record<string, string>;
}

async function presignedUrl(path = '/api/public/objects/upload', token?: string) {
  const response = await api.request(path, {
    method: 'POST',
    headers: token ? bearer(token) : {},
  });
  expect(response.status).toBe(200);
  const { uploadURL } = (await response.json()) as { uploadURL: string };
  return uploadURL;
}

/** The browser's PUT, straight to the bucket. */
function put(uploadURL: string, bytes: Uint8Array<ArrayBuffer>, contentType = 'image/png') {
  return fetch(uploadURL, { method: 'PUT', headers: { 'content-type': contentType }, body: bytes });
}

function apply(profileImage: string, email = 'thandi@securehome.example.co.za') {
  return api.request('/api/provider-applications', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(validApplicationBody({ profileImage, email })),
  });
}

async function keysInBucket(): Promise<string[]> {
  const listing = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
  return (listing.Contents ?? []).map((object) => object.Key ?? '').sort();
}

/** The bytes of the object at `key` in the bucket. */
async function objectBytes(key: string): Promise<Uint8Array> {
  const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  if (!object.Body) throw new Error(`No body for ${key}`);
  return object.Body.transformToByteArray();
}

/** The format sharp decodes `bytes` as ('png', 'webp', ...): a stored image must decode. */
async function decodedFormat(bytes: Uint8Array): Promise<string | undefined> {
  return (await sharp(bytes).metadata()).format;
}

/**
 * A real PNG of about `bytes` bytes: one colour, stored without compression, so it is as
 * large in bytes as it is in pixels (and far below the 40 MP limit).
 */
function largeRealPng(bytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(bytes / 3));
  const background = { r: 200, g: 120, b: 40 };
  return sharp({ create: { width: side, height: side, channels: 3, background } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

const ticketIdIn = (uploadURL: string) =>
  /\/incoming\/([A-Za-z0-9_-]{16,64})\?/.exec(uploadURL)?.[1] ?? '';

async function applicationCount() {
  return (await api.database.db.select().from(providerApplications)).length;
}

describe('upload addresses with S3', () => {
  it('are presigned PUT URLs on the bucket, under incoming/, valid for 15 minutes', async () => {
    const url = new URL(await presignedUrl());
    expect(url.origin).toBe(new URL(endpoint).origin);
    expect(url.pathname).toMatch(new RegExp(`^/${bucket}/incoming/[A-Za-z0-9_-]{16,64}$`));
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    // No checksum of an empty body in the address (it would fail every real upload).
    expect([...url.searchParams.keys()].some((key) => /checksum/i.test(key))).toBe(false);
  });

  it('take the bytes from the browser, then the application stores the checked image', async () => {
    const uploadURL = await presignedUrl();
    const bytes = await realImageBytes('png', { width: 32, height: 32 });
    expect((await put(uploadURL, bytes)).status).toBe(200);

    const response = await apply(uploadURL);
    expect(response.status).toBe(201);
    const [stored] = await api.database.db.select().from(providerApplications);
    const id = ticketIdIn(uploadURL);
    expect(stored?.profileImage).toBe(`/objects/uploads/${id}.png`);

    // Checked, re-encoded and stored; once the outbox has run, only the final object is
    // left (the bytes as they came are deleted), with its true type.
    await api.runJobs();
    expect(await keysInBucket()).toEqual([`uploads/${id}.png`]);
    const head = await client.send(
      new HeadObjectCommand({ Bucket: bucket, Key: `uploads/${id}.png` }),
    );
    expect(head.ContentType).toBe('image/png');
    expect(head.ContentLength).toBeGreaterThan(0);
    const storedBytes = await objectBytes(`uploads/${id}.png`);
    expect(await decodedFormat(storedBytes)).toBe('png');

    // Served by the API from the bucket, as with local storage.
    const served = await api.get(`/objects/uploads/${id}.png`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(storedBytes);
  });

  it('judge the type by the bytes, not by the type the browser sent', async () => {
    const uploadURL = await presignedUrl();
    expect((await put(uploadURL, await realImageBytes('webp'), 'image/png')).status).toBe(200);
    expect((await apply(uploadURL)).status).toBe(201);
    await api.runJobs();
    const key = `uploads/${ticketIdIn(uploadURL)}.webp`;
    expect(await keysInBucket()).toEqual([key]);
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    expect(head.ContentType).toBe('image/webp');
    const storedBytes = await objectBytes(key);
    expect(storedBytes.byteLength).toBeGreaterThan(0);
    expect(await decodedFormat(storedBytes)).toBe('webp');
  });

  it('refuse an oversized file at the claim (413), deleting it and storing nothing', async () => {
    const uploadURL = await presignedUrl();
    expect((await put(uploadURL, imageBytes('png', 5 * MB + 1))).status).toBe(200);

    const response = await apply(uploadURL);
    expect(response.status).toBe(413);
    const body = (await response.json()) as ErrorAnswer;
    expect(body.message).toBe(UPLOAD_MESSAGES.tooLarge(5 * MB));
    expect(body.errors?.profileImage).toBe(UPLOAD_MESSAGES.tooLarge(5 * MB));
    expect(await applicationCount()).toBe(0);
    expect(await keysInBucket()).toEqual([]);
  });

  it('refuse a non-image renamed .png (415), deleting it and storing nothing', async () => {
    const uploadURL = await presignedUrl();
    expect((await put(uploadURL, fakeImageBytes())).status).toBe(200);

    const response = await apply(uploadURL);
    expect(response.status).toBe(415);
    expect(((await response.json()) as ErrorAnswer).message).toBe(UPLOAD_MESSAGES.wrongType);
    expect(await applicationCount()).toBe(0);
    expect(await keysInBucket()).toEqual([]);
  });

  it('are taken once: a second claim of the same upload is refused', async () => {
    const uploadURL = await presignedUrl();
    expect((await put(uploadURL, await realImageBytes('jpeg'))).status).toBe(200);
    expect((await apply(uploadURL)).status).toBe(201);

    const again = await apply(uploadURL, 'someone.else@example.co.za');
    expect(again.status).toBe(400);
    expect(((await again.json()) as ErrorAnswer).errors?.profileImage).toBe(
      'The uploaded image was not found. Please upload it again.',
    );
    expect(await applicationCount()).toBe(1);
  });

  it('are not served at /objects while unclaimed (404)', async () => {
    const uploadURL = await presignedUrl();
    expect((await put(uploadURL, await realImageBytes('png'))).status).toBe(200);
    const id = ticketIdIn(uploadURL);
    // The bytes are in the bucket, as they came...
    expect(await keysInBucket()).toEqual([`incoming/${id}`]);

    // ...but the API serves none of them: not the raw object, not where a claim would put it.
    for (const path of [`/objects/incoming/${id}`, `/objects/uploads/${id}.png`]) {
      const served = await api.get(path);
      expect(served.status, path).toBe(404);
      expect(served.headers.get('content-type'), path).not.toMatch(/^image\//);
    }
  });

  it('refuse a claim when nothing was uploaded', async () => {
    const uploadURL = await presignedUrl();
    expect((await apply(uploadURL)).status).toBe(400);
    const [ticket] = await api.database.db
      .select()
      .from(uploadTickets)
      .where(eq(uploadTickets.id, ticketIdIn(uploadURL)));
    expect(ticket?.uploadedAt).toBeNull();
  });

  it('are refused by the bucket when tampered with', async () => {
    const uploadURL = new URL(await presignedUrl());
    const otherKey = new URL(uploadURL);
    otherKey.pathname = `/${bucket}/uploads/AAAAAAAAAAAAAAAAAAAAAAAA.png`;
    expect((await put(otherKey.href, imageBytes('png'))).status).toBe(403);

    const longer = new URL(uploadURL);
    longer.searchParams.set('X-Amz-Expires', '604800');
    expect((await put(longer.href, imageBytes('png'))).status).toBe(403);
    expect(await keysInBucket()).toEqual([]);
  });

  it('are refused by the bucket once expired', async () => {
    const store = s3ObjectStore(s3ConfigOf(api.env)!, client);
    const url = await store.directUploadUrl!('incoming/expired-ticket-000000', 1);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await put(url, imageBytes('png'))).status).toBe(403);
    expect(await keysInBucket()).toEqual([]);
  });

  it('work for the admin: process-image turns the presigned URL into an object path', async () => {
    const admin = await createTestAdmin(api);
    const token = await signIn(api, 'admin', admin);
    const uploadURL = await presignedUrl('/api/admin/flash-ads/upload', token);
    // A real image of 6 MB: above the 5 MB of other uploads, within a flash ad's 10 MB.
    const bytes = new Uint8Array(await largeRealPng(6 * MB));
    expect(bytes.byteLength).toBeGreaterThan(5 * MB);
    expect(bytes.byteLength).toBeLessThan(10 * MB);
    expect((await put(uploadURL, bytes)).status).toBe(200);

    const response = await api.request('/api/admin/process-image', {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ uploadURL }),
    });
    expect(response.status).toBe(200);
    const key = `uploads/${ticketIdIn(uploadURL)}.png`;
    expect(await response.json()).toEqual({ objectPath: `/objects/${key}` });
    await api.runJobs();
    expect(await keysInBucket()).toEqual([key]);
    expect(await decodedFormat(await objectBytes(key))).toBe('png');
  });
});

describe('evidence documents with S3', () => {
  const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

  it('are kept under private/ and shown to an admin through a presigned GET of minutes', async () => {
    const uploadURL = await presignedUrl('/api/public/documents/upload');
    expect((await put(uploadURL, PDF, 'application/pdf')).status).toBe(200);
    const applied = await api.request('/api/provider-applications', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(
        validApplicationBody({
          documents: [{ checkType: 'psira', upload: uploadURL, fileName: 'psira.pdf' }],
        }),
      ),
    });
    expect(applied.status).toBe(201);
    await api.runJobs();
    const key = `private/${ticketIdIn(uploadURL)}.pdf`;
    expect(await keysInBucket()).toEqual([key]);
    // Not served by our public route.
    expect((await api.get(`/objects/${key}`)).status).toBe(404);

    const admin = await createTestAdmin(api);
    const token = await signIn(api, 'admin', admin);
    const [document] = await api.database.db.select().from(evidenceDocuments);
    const opened = await api.get(`/api/admin/documents/${document?.id}`, {
      headers: bearer(token),
      redirect: 'manual',
    });
    expect(opened.status).toBe(303);
    const link = new URL(opened.headers.get('location') ?? '');
    expect(link.pathname).toBe(`/${bucket}/${key}`);
    expect(link.searchParams.get('X-Amz-Expires')).toBe('300');
    const file = await fetch(link);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);
    // Without the signature the bucket keeps it to itself.
    expect((await fetch(new URL(link.pathname, link.origin))).status).toBe(403);
    expect(await api.database.db.select().from(documentViews)).toHaveLength(1);
  });

  it('links stop working once their time is over', async () => {
    const store = s3ObjectStore(s3ConfigOf(api.env)!, client);
    await store.put('private/expired-document-00000.pdf', PDF, 'application/pdf');
    const url = await store.privateDownloadUrl!('private/expired-document-00000.pdf', 1, {
      name: 'x.pdf',
      contentType: 'application/pdf',
    });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await fetch(url)).status).toBe(403);
  });
});
