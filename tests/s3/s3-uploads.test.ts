/**
 * Uploads through a real S3-compatible server (Ceph radosgw, started by
 * scripts/s3-test-server.sh; its address in S3_TEST_ENDPOINT). The browser POSTs the
 * ticket's form straight to the bucket, whose signed policy holds the body to the
 * ticket's size, key and type (decision 0045); the bytes stay as they came at
 * `incoming/<ticket>`, never served. The claim checks size and type, re-encodes the image
 * and stores it at `uploads/<ticket>.<ext>`; the outbox (`api.runJobs()`) then deletes
 * the `incoming/` object.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import {
  CreateBucketCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { eq, sql } from 'drizzle-orm';
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
import {
  UPLOAD_BUSY,
  type UploadTicketAnswer,
} from '../../src/api/uploads/create-upload-ticket.ts';
import { uploadRequestOf } from '../../src/lib/upload-file.ts';
import { MB, UPLOAD_MESSAGES } from '../../src/lib/uploads.ts';
import { createTestAdmin } from '../helpers/admin-fixtures.ts';
import { bearer, retryAfterOf, signIn } from '../helpers/auth-fixtures.ts';
import { validApplicationBody } from '../helpers/builders.ts';
import { expectError } from '../helpers/error-answer.ts';
import { fakeImageBytes, imageBytes, realImageBytes } from '../helpers/image-bytes.ts';
import { startTestApi, type TestApi } from '../helpers/test-api.ts';

const endpoint = process.env.S3_TEST_ENDPOINT;
if (!endpoint) throw new Error('S3_TEST_ENDPOINT is not set (scripts/s3-test-server.sh)');
const bucket = `vp-test-${Date.now()}`;
const run = promisify(execFile);

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

/** An upload ticket, as the browser asks for one (the spec's call: no body). */
async function uploadTicket(
  path = '/api/public/objects/upload',
  token?: string,
): Promise<UploadTicketAnswer> {
  const response = await api.request(path, {
    method: 'POST',
    headers: token ? bearer(token) : {},
  });
  expect(response.status).toBe(200);
  return (await response.json()) as UploadTicketAnswer;
}

/** The browser's upload with a ticket: the request the islands build (upload-file.ts). */
function upload(
  ticket: UploadTicketAnswer,
  bytes: Uint8Array<ArrayBuffer>,
  { type = 'image/png', name = 'photo.png' } = {},
) {
  const request = uploadRequestOf(ticket, new File([bytes], name, { type }));
  return fetch(new URL(request.url, api.url), {
    method: request.method,
    headers: request.contentType ? { 'content-type': request.contentType } : {},
    body: request.body,
  });
}

/**
 * A client of its own, sending straight to the bucket with what a ticket gives: its form
 * (`url`, `fields`), with fields changed at will, the file last. A ticket whose address is
 * the bucket's (a presigned PUT, as tickets were before decision 0045) gets a PUT there.
 */
function sendToBucket(
  ticket: UploadTicketAnswer,
  bytes: Uint8Array<ArrayBuffer>,
  changedFields: Record<string, string> = {},
) {
  if (ticket.method !== 'POST') {
    expect(new URL(ticket.uploadURL, api.url).origin).toBe(new URL(endpoint!).origin);
    return fetch(ticket.uploadURL, { method: 'PUT', body: bytes });
  }
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...ticket.fields, ...changedFields })) {
    form.append(name, value);
  }
  form.append('file', new Blob([bytes]), 'photo.png');
  return fetch(ticket.url, { method: 'POST', body: form });
}

/** The bucket's error code in its (XML) answer. */
async function bucketError(response: Response): Promise<string | undefined> {
  return /<Code>([^<]+)<\/Code>/.exec(await response.text())?.[1];
}

/** The PUT of the spec's client: to the ticket's uploadURL, our own API. */
function putToApi(ticket: UploadTicketAnswer, bytes: Uint8Array<ArrayBuffer>) {
  return api.request(ticket.uploadURL, {
    method: 'PUT',
    headers: { 'content-type': 'image/png' },
    body: bytes,
  });
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
  /^\/api\/uploads\/([A-Za-z0-9_-]{16,64})$/.exec(uploadURL)?.[1] ?? '';

/** The signed policy of a ticket's form, decoded. */
function policyOf(ticket: UploadTicketAnswer) {
  if (ticket.method !== 'POST') throw new Error('Not a form ticket');
  return JSON.parse(Buffer.from(ticket.fields.Policy ?? '', 'base64').toString()) as {
    expiration: string;
    conditions: unknown[];
  };
}

async function applicationCount() {
  return (await api.database.db.select().from(providerApplications)).length;
}

describe('upload tickets with S3', () => {
  it("answer the spec's uploadURL and a form for the bucket, signed for the ticket's key, size and type", async () => {
    const before = Date.now();
    const ticket = await uploadTicket();
    expect(Object.keys(ticket).sort()).toEqual(['fields', 'method', 'uploadURL', 'url']);
    if (ticket.method !== 'POST') throw new Error('Expected the bucket form');
    const id = ticketIdIn(ticket.uploadURL);
    expect(id).not.toBe('');
    expect(ticket.url).toBe(`${endpoint}/${bucket}`);
    expect(ticket.fields).toMatchObject({
      key: `incoming/${id}`,
      'Content-Type': 'application/octet-stream',
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    });
    expect(ticket.fields['X-Amz-Signature']).toMatch(/^[0-9a-f]{64}$/);
    // No checksum of an empty body among the fields (it would fail every real upload).
    expect(Object.keys(ticket.fields).some((name) => /checksum/i.test(name))).toBe(false);

    const policy = policyOf(ticket);
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1, 5 * MB],
        { key: `incoming/${id}` },
        { 'Content-Type': 'application/octet-stream' },
        { bucket },
      ]),
    );
    const minutesLeft = (Date.parse(policy.expiration) - before) / 60_000;
    expect(minutesLeft).toBeGreaterThan(14);
    expect(minutesLeft).toBeLessThanOrEqual(15.1);
  });

  it("sign each purpose's own limit: 10 MB for evidence documents", async () => {
    const ticket = await uploadTicket('/api/public/documents/upload');
    expect(policyOf(ticket).conditions).toContainEqual(['content-length-range', 1, 10 * MB]);
  });
});

describe('the bucket holds uploads to their ticket', () => {
  it("refuses a body over the ticket's limit (EntityTooLarge) and stores nothing", async () => {
    const ticket = await uploadTicket();
    const response = await sendToBucket(ticket, imageBytes('png', 5 * MB + 1));
    expect(response.status).toBe(400);
    expect(await bucketError(response)).toBe('EntityTooLarge');
    expect(await keysInBucket()).toEqual([]);
  });

  it("refuses a body over the limit sent to the ticket's uploadURL too (our API: 413)", async () => {
    const ticket = await uploadTicket();
    const response = await putToApi(ticket, imageBytes('png', 5 * MB + 1));
    await expectError(response, 413, UPLOAD_MESSAGES.tooLarge(5 * MB));
    expect(await keysInBucket()).toEqual([]);
  });

  it('takes a body of exactly the limit, and refuses an empty one (EntityTooSmall)', async () => {
    const ticket = await uploadTicket();
    const empty = await sendToBucket(ticket, new Uint8Array(0));
    expect(empty.status).toBe(400);
    expect(await bucketError(empty)).toBe('EntityTooSmall');
    expect(await keysInBucket()).toEqual([]);

    expect((await sendToBucket(ticket, imageBytes('png', 5 * MB))).status).toBe(204);
    const id = ticketIdIn(ticket.uploadURL);
    const head = await client.send(
      new HeadObjectCommand({ Bucket: bucket, Key: `incoming/${id}` }),
    );
    expect(head.ContentLength).toBe(5 * MB);
  });

  it('refuses another key, another type or a changed policy (403)', async () => {
    const ticket = await uploadTicket();
    const bytes = imageBytes('png');
    const changes: Record<string, string>[] = [
      { key: 'uploads/AAAAAAAAAAAAAAAAAAAAAAAA.png' },
      { key: `incoming/${ticketIdIn((await uploadTicket()).uploadURL)}` },
      { 'Content-Type': 'text/html' },
      { 'Content-Type': 'image/svg+xml' },
      {
        Policy: Buffer.from(
          JSON.stringify({
            ...policyOf(ticket),
            conditions: policyOf(ticket).conditions.map((condition) =>
              Array.isArray(condition) && condition[0] === 'content-length-range'
                ? ['content-length-range', 1, 1024 * MB]
                : condition,
            ),
          }),
        ).toString('base64'),
      },
    ];
    for (const changed of changes) {
      const response = await sendToBucket(ticket, bytes, changed);
      expect(response.status, JSON.stringify(changed)).toBe(403);
      expect(await bucketError(response), JSON.stringify(changed)).toMatch(
        /AccessDenied|SignatureDoesNotMatch/,
      );
    }
    expect(await keysInBucket()).toEqual([]);
  });

  it('refuses a form once its 15 minutes are over', async () => {
    const store = s3ObjectStore(s3ConfigOf(api.env)!, client);
    const form = await store.directUploadForm!('incoming/expired-ticket-000000', {
      maxBytes: MB,
      expiresInSeconds: 1,
    });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const response = await sendToBucket(
      { uploadURL: '/api/uploads/expired-ticket-000000', method: 'POST', ...form },
      imageBytes('png'),
    );
    expect(response.status).toBe(403);
    expect(await keysInBucket()).toEqual([]);
  });
});

describe('uploads with S3', () => {
  it('take the bytes from the browser, then the application stores the checked image', async () => {
    const ticket = await uploadTicket();
    const bytes = await realImageBytes('png', { width: 32, height: 32 });
    expect((await upload(ticket, bytes)).status).toBe(204);
    const id = ticketIdIn(ticket.uploadURL);
    // As they came, with the one type the form allows: never a page on the bucket.
    const incoming = await client.send(
      new HeadObjectCommand({ Bucket: bucket, Key: `incoming/${id}` }),
    );
    expect(incoming.ContentType).toBe('application/octet-stream');
    expect(incoming.ContentLength).toBe(bytes.byteLength);

    const response = await apply(ticket.uploadURL);
    expect(response.status).toBe(201);
    const [stored] = await api.database.db.select().from(providerApplications);
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

  it("take the spec's PUT to uploadURL as well (through our API), then the claim", async () => {
    const ticket = await uploadTicket();
    const bytes = await realImageBytes('jpeg');
    expect((await putToApi(ticket, bytes)).status).toBe(200);
    const id = ticketIdIn(ticket.uploadURL);
    expect(await keysInBucket()).toEqual([`incoming/${id}`]);

    expect((await apply(ticket.uploadURL)).status).toBe(201);
    await api.runJobs();
    expect(await keysInBucket()).toEqual([`uploads/${id}.jpg`]);
  });

  it('judge the type by the bytes, not by the type of the chosen file', async () => {
    const ticket = await uploadTicket();
    expect((await upload(ticket, await realImageBytes('webp'), { type: 'image/png' })).status).toBe(
      204,
    );
    expect((await apply(ticket.uploadURL)).status).toBe(201);
    await api.runJobs();
    const key = `uploads/${ticketIdIn(ticket.uploadURL)}.webp`;
    expect(await keysInBucket()).toEqual([key]);
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    expect(head.ContentType).toBe('image/webp');
    const storedBytes = await objectBytes(key);
    expect(storedBytes.byteLength).toBeGreaterThan(0);
    expect(await decodedFormat(storedBytes)).toBe('webp');
  });

  it('refuse at the claim an oversized object that got into the bucket another way (413)', async () => {
    // The bucket's form cannot do it; the claim checks again all the same.
    const ticket = await uploadTicket();
    const id = ticketIdIn(ticket.uploadURL);
    await client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: `incoming/${id}`,
        Body: imageBytes('png', 5 * MB + 1),
      }),
    );

    const response = await apply(ticket.uploadURL);
    expect(response.status).toBe(413);
    const body = (await response.json()) as ErrorAnswer;
    expect(body.message).toBe(UPLOAD_MESSAGES.tooLarge(5 * MB));
    expect(body.errors?.profileImage).toBe(UPLOAD_MESSAGES.tooLarge(5 * MB));
    expect(await applicationCount()).toBe(0);
    expect(await keysInBucket()).toEqual([]);
  });

  it('refuse a non-image renamed .png (415), deleting it and storing nothing', async () => {
    const ticket = await uploadTicket();
    expect((await upload(ticket, fakeImageBytes())).status).toBe(204);

    const response = await apply(ticket.uploadURL);
    expect(response.status).toBe(415);
    expect(((await response.json()) as ErrorAnswer).message).toBe(UPLOAD_MESSAGES.wrongType);
    expect(await applicationCount()).toBe(0);
    expect(await keysInBucket()).toEqual([]);
  });

  it('are taken once: a second claim of the same upload is refused', async () => {
    const ticket = await uploadTicket();
    expect((await upload(ticket, await realImageBytes('jpeg'))).status).toBe(204);
    expect((await apply(ticket.uploadURL)).status).toBe(201);

    const again = await apply(ticket.uploadURL, 'someone.else@example.co.za');
    expect(again.status).toBe(400);
    expect(((await again.json()) as ErrorAnswer).errors?.profileImage).toBe(
      'The uploaded image was not found. Please upload it again.',
    );
    expect(await applicationCount()).toBe(1);
  });

  it('are not served at /objects while unclaimed (404)', async () => {
    const ticket = await uploadTicket();
    expect((await upload(ticket, await realImageBytes('png'))).status).toBe(204);
    const id = ticketIdIn(ticket.uploadURL);
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
    const ticket = await uploadTicket();
    expect((await apply(ticket.uploadURL)).status).toBe(400);
    const [row] = await api.database.db
      .select()
      .from(uploadTickets)
      .where(eq(uploadTickets.id, ticketIdIn(ticket.uploadURL)));
    expect(row?.uploadedAt).toBeNull();
  });

  it("count every open form at its ticket's limit, even after a smaller PUT through our API", async () => {
    // Tickets whose PUT through our API recorded one byte each: the bucket's form still
    // takes 10 MB for each until it expires, so they hold the ceiling.
    const held = Math.ceil((api.env.UNCLAIMED_UPLOADS_MAX_MB * MB) / (10 * MB));
    await api.database.db.insert(uploadTickets).values(
      Array.from({ length: held }, (_, i) => {
        const id = `held-by-others-${String(i).padStart(6, '0')}`;
        return {
          id,
          purpose: 'evidence-document',
          owner: 'public',
          maxBytes: 10 * MB,
          size: 1,
          objectKey: `incoming/${id}`,
          expiresAt: sql`now() + interval '15 minutes'`,
          uploadedAt: sql`now()`,
        };
      }),
    );
    const refused = await api.request('/api/public/documents/upload', { method: 'POST' });
    await expectError(refused, 503, UPLOAD_BUSY);
    expect(retryAfterOf(refused)).toBeGreaterThan(0);
  });

  it('work for the admin: process-image turns the uploadURL into an object path', async () => {
    const admin = await createTestAdmin(api);
    const token = await signIn(api, 'admin', admin);
    const ticket = await uploadTicket('/api/admin/flash-ads/upload', token);
    // A real image of 6 MB: above the 5 MB of other uploads, within a flash ad's 10 MB.
    const bytes = new Uint8Array(await largeRealPng(6 * MB));
    expect(bytes.byteLength).toBeGreaterThan(5 * MB);
    expect(bytes.byteLength).toBeLessThan(10 * MB);
    expect((await upload(ticket, bytes)).status).toBe(204);

    const response = await api.request('/api/admin/process-image', {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ uploadURL: ticket.uploadURL }),
    });
    expect(response.status).toBe(200);
    const key = `uploads/${ticketIdIn(ticket.uploadURL)}.png`;
    expect(await response.json()).toEqual({ objectPath: `/objects/${key}` });
    await api.runJobs();
    expect(await keysInBucket()).toEqual([key]);
    expect(await decodedFormat(await objectBytes(key))).toBe('png');
  });
});

describe('evidence documents with S3', () => {
  const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

  it('are kept under private/ and shown to an admin through a presigned GET of minutes', async () => {
    const ticket = await uploadTicket('/api/public/documents/upload');
    const sent = await upload(ticket, PDF, { type: 'application/pdf', name: 'psira.pdf' });
    expect(sent.status).toBe(204);
    const applied = await api.request('/api/provider-applications', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(
        validApplicationBody({
          documents: [{ checkType: 'psira', upload: ticket.uploadURL, fileName: 'psira.pdf' }],
        }),
      ),
    });
    expect(applied.status).toBe(201);
    await api.runJobs();
    const key = `private/${ticketIdIn(ticket.uploadURL)}.pdf`;
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

describe('npm run s3:setup', () => {
  it("lets the site's pages POST the ticket's form to the bucket, and no other origin", async () => {
    const site = 'http://localhost:4321';
    const settings = api.env;
    await run(process.execPath, ['scripts/s3-setup.ts'], {
      env: {
        ...process.env,
        S3_BUCKET: bucket,
        S3_ENDPOINT: endpoint,
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: settings.S3_ACCESS_KEY_ID,
        S3_SECRET_ACCESS_KEY: settings.S3_SECRET_ACCESS_KEY,
        SITE_URL: site,
        DATA_DIR: settings.DATA_DIR,
      },
    });
    const ticket = await uploadTicket();
    if (ticket.method !== 'POST') throw new Error('Expected the bucket form');
    // An upload with a progress listener is not a simple request: the browser asks first.
    const preflight = (origin: string) =>
      fetch(ticket.url, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
    const allowed = await preflight(site);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(site);
    expect(allowed.headers.get('access-control-allow-methods')).toContain('POST');
    expect((await preflight('https://elsewhere.example.com')).status).toBe(403);

    // The form itself, from the site's page: taken, and readable there.
    const form = new FormData();
    for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
    form.append('file', new Blob([await realImageBytes('png')]), 'photo.png');
    const sent = await fetch(ticket.url, { method: 'POST', headers: { origin: site }, body: form });
    expect(sent.status).toBe(204);
    expect(sent.headers.get('access-control-allow-origin')).toBe(site);
  });
});
