import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { providerApplications, uploadTickets } from '../../db/schema.ts';
import { cleanUpUploads } from '../../src/api/jobs/clean-up-uploads.ts';
import { RATE_LIMITS } from '../../src/api/rate-limits/hit-rate-limit.ts';
import { localObjectStore } from '../../src/api/storage/object-store.ts';
import { UPLOAD_BUSY } from '../../src/api/uploads/create-upload-ticket.ts';
import { RE_ENCODE_MESSAGES } from '../../src/api/uploads/re-encode-image.ts';
import { MB, UPLOAD_MESSAGES } from '../../src/lib/uploads.ts';
import { adminSession, createTestAdmin, uploadAdminImage } from '../helpers/admin-fixtures.ts';
import { okJson, sendAs, sendJson, storedRow } from '../helpers/api-fixtures.ts';
import { retryAfterOf } from '../helpers/auth-fixtures.ts';
import { insertProvider, validApplicationBody } from '../helpers/builders.ts';
import { expectError } from '../helpers/error-answer.ts';
import {
  fakeImageBytes,
  imageBytes,
  realImageBytes,
  type ImageKind,
} from '../helpers/image-bytes.ts';
import { providerSession } from '../helpers/provider-fixtures.ts';
import { useTestApi } from '../helpers/test-api.ts';
import { postgresOnly } from '../helpers/test-database.ts';

// All requests come from 127.0.0.1; RATE_LIMITS.upload allows 20 tickets per client in
// ten minutes and RATE_LIMITS.application five applications (the public claim of an
// upload) an hour; reset() in beforeEach empties the counters.
const api = useTestApi();
beforeEach(() => api.database.reset());

interface Ticket {
  uploadURL: string;
  id: string;
}

const TICKET_URL = /^\/api\/uploads\/([A-Za-z0-9_-]{16,64})$/;

/** POST /api/public/objects/upload; fails unless it answers an upload URL. */
async function newTicket(): Promise<Ticket> {
  const response = await api.request('/api/public/objects/upload', { method: 'POST' });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { uploadURL: string };
  const id = TICKET_URL.exec(body.uploadURL)?.[1];
  if (!id) throw new Error(`Not an upload URL: ${body.uploadURL}`);
  return { uploadURL: body.uploadURL, id };
}

function put(
  uploadURL: string,
  bytes: Uint8Array<ArrayBuffer>,
  contentType = 'application/octet-stream',
): Promise<Response> {
  return api.request(uploadURL, {
    method: 'PUT',
    headers: { 'content-type': contentType },
    body: bytes,
  });
}

const ticketRow = (id: string) => storedRow(api, uploadTickets, id, 'ticket');

const objectsFolder = () => path.join(api.env.DATA_DIR, 'objects');

/**
 * The keys of the files stored under DATA_DIR/objects (all of them, or those of one
 * ticket): 'incoming/<ticket>' as uploaded, 'uploads/<ticket>.<ext>' once claimed. Files
 * stay there across tests: reset() empties the database only.
 */
async function storedFiles(ticketId?: string): Promise<string[]> {
  const keys: string[] = [];
  for (const folder of ['incoming', 'uploads']) {
    const folderPath = path.join(objectsFolder(), folder);
    if (!existsSync(folderPath)) continue;
    for (const name of await readdir(folderPath)) {
      if (ticketId === undefined || name === ticketId || name.startsWith(`${ticketId}.`)) {
        keys.push(`${folder}/${name}`);
      }
    }
  }
  return keys.sort();
}

/** Whether the image at '/objects/<key>' is on disk. */
const isStored = (objectPath: string) => existsSync(path.join(api.env.DATA_DIR, objectPath));

let applicantSequence = 0;

/** The join form's claim of a public upload: POST /api/provider-applications with it. */
function claimByApplication(profileImage: string): Promise<Response> {
  return sendJson(
    api,
    'POST',
    '/api/provider-applications',
    validApplicationBody({
      profileImage,
      email: `applicant${++applicantSequence}@uploads.example.co.za`,
    }),
  );
}

/** A public upload of `bytes`, claimed by an application; answers its served path. */
async function claimedUpload(
  bytes: Uint8Array<ArrayBuffer>,
): Promise<Ticket & { objectPath: string }> {
  const ticket = await newTicket();
  const stored = await put(ticket.uploadURL, bytes);
  expect(stored.status).toBe(200);
  const { objectPath } = (await stored.json()) as { objectPath: string };
  expect((await claimByApplication(ticket.uploadURL)).status).toBe(201);
  return { ...ticket, objectPath };
}

/**
 * A public upload of `bytes` whose claim by an application is refused with `status` and
 * `message` for the image, with no application and no file stored; answers its ticket.
 */
async function refusedClaim(
  bytes: Uint8Array<ArrayBuffer>,
  status: number,
  message: string,
): Promise<Ticket> {
  const ticket = await newTicket();
  expect((await put(ticket.uploadURL, bytes)).status).toBe(200);
  const body = await expectError(await claimByApplication(ticket.uploadURL), status, message);
  expect(body.errors).toEqual({ profileImage: message });
  expect(await api.database.db.select().from(providerApplications)).toEqual([]);
  expect(await storedFiles(ticket.id)).toEqual([]);
  return ticket;
}

/** The served image at `objectPath` (fails unless 200). */
async function served(objectPath: string): Promise<Buffer> {
  const response = await api.get(objectPath);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3600_000);

/** The ticket can still take its one upload, and no file of it exists. */
async function expectUnused(ticket: Ticket): Promise<void> {
  const row = await ticketRow(ticket.id);
  expect(row).toMatchObject({
    uploadedAt: null,
    claimedAt: null,
    contentType: null,
    size: null,
    objectKey: `pending/${ticket.id}`,
  });
  expect(await storedFiles(ticket.id)).toEqual([]);
}

describe('POST /api/public/objects/upload', () => {
  it('answers an upload URL to PUT to, for a 15-minute, 5 MB application-image ticket', async () => {
    const response = await api.request('/api/public/objects/upload', { method: 'POST' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const body = (await response.json()) as Record<string, unknown>;
    // On local disk the file goes to our own API, which holds it to the ticket's size: no
    // form for a bucket (that is S3's, tests/s3/s3-uploads.test.ts).
    expect(body).toEqual({
      uploadURL: expect.stringMatching(TICKET_URL) as unknown,
      method: 'PUT',
    });

    const id = TICKET_URL.exec(String(body.uploadURL))![1]!;
    const row = await ticketRow(id);
    expect(row).toMatchObject({
      purpose: 'application-image',
      owner: 'public',
      maxBytes: 5 * MB,
      uploadedAt: null,
      claimedAt: null,
    });
    const minutesLeft = (row.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(14);
    expect(minutesLeft).toBeLessThanOrEqual(15.5);
  });

  it('answers a different address each time', async () => {
    const first = await newTicket();
    const second = await newTicket();
    expect(first.id).not.toBe(second.id);
  });
});

describe('PUT /api/uploads/<ticket>: images', () => {
  it.each<[string, ImageKind, string, string]>([
    ['PNG', 'png', 'image/png', 'png'],
    ['JPEG', 'jpeg', 'image/jpeg', 'jpg'],
    ['GIF', 'gif', 'image/gif', 'gif'],
    ['WebP', 'webp', 'image/webp', 'webp'],
  ])(
    'keeps a %s image as it came, unserved, until a claim re-encodes it with its true type',
    async (_, kind, contentType, ext) => {
      const ticket = await newTicket();
      const bytes = await realImageBytes(kind, { width: 6, height: 4 });
      const response = await put(ticket.uploadURL, bytes);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      const objectPath = `/objects/uploads/${ticket.id}.${ext}`;
      expect(await response.json()).toEqual({ objectPath });

      // On disk under DATA_DIR/objects/incoming, byte for byte, and not served.
      expect(await storedFiles(ticket.id)).toEqual([`incoming/${ticket.id}`]);
      const incoming = path.join(objectsFolder(), 'incoming', ticket.id);
      expect(new Uint8Array(await readFile(incoming))).toEqual(bytes);
      const row = await ticketRow(ticket.id);
      expect(row).toMatchObject({
        objectKey: `incoming/${ticket.id}`,
        contentType,
        size: bytes.byteLength,
        claimedAt: null,
      });
      expect(row.uploadedAt).toBeInstanceOf(Date);
      await expectError(await api.get(objectPath), 404);
      await expectError(await api.get(`/objects/incoming/${ticket.id}`), 404);

      // Claimed: re-encoded in its own format, stored under uploads/ and served.
      expect((await claimByApplication(ticket.uploadURL)).status).toBe(201);
      const claimed = await ticketRow(ticket.id);
      expect(claimed).toMatchObject({ objectKey: `uploads/${ticket.id}.${ext}`, contentType });
      expect(claimed.claimedAt).toBeInstanceOf(Date);
      const answer = await api.get(objectPath);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe(contentType);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('cache-control')).toContain('max-age=31536000');
      const image = Buffer.from(await answer.arrayBuffer());
      expect(claimed.size).toBe(image.byteLength);
      expect(await sharp(image).metadata()).toMatchObject({ format: kind, width: 6, height: 4 });
      expect(await readFile(path.join(api.env.DATA_DIR, objectPath))).toEqual(image);

      // The bytes as they came go once the claim is committed (outbox).
      await api.runJobs();
      expect(await storedFiles(ticket.id)).toEqual([`uploads/${ticket.id}.${ext}`]);
    },
  );

  it('goes by the bytes, not by the Content-Type the client claims', async () => {
    const ticket = await newTicket();
    const response = await put(ticket.uploadURL, await realImageBytes('jpeg'), 'image/png');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ objectPath: `/objects/uploads/${ticket.id}.jpg` });
    expect((await claimByApplication(ticket.uploadURL)).status).toBe(201);
    const answer = await api.get(`/objects/uploads/${ticket.id}.jpg`);
    expect(answer.headers.get('content-type')).toBe('image/jpeg');
    expect((await api.get(`/objects/uploads/${ticket.id}.png`)).status).toBe(404);
  });

  it('takes an upload of exactly 5 MB', async () => {
    const ticket = await newTicket();
    const response = await put(ticket.uploadURL, imageBytes('png', 5 * MB));
    expect(response.status).toBe(200);
    expect(await storedFiles(ticket.id)).toEqual([`incoming/${ticket.id}`]);
  });
});

describe('PUT /api/uploads/<ticket>: refused uploads store nothing', () => {
  it('refuses an image over 5 MB with 413', async () => {
    const ticket = await newTicket();
    const response = await put(ticket.uploadURL, imageBytes('png', 5 * MB + 1), 'image/png');
    await expectError(response, 413, UPLOAD_MESSAGES.tooLarge(5 * MB));
    await expectUnused(ticket);
  });

  it('refuses a body over every upload limit (11 MB) with 413', async () => {
    const ticket = await newTicket();
    const response = await put(ticket.uploadURL, imageBytes('png', 11 * MB), 'image/png');
    const body = await expectError(response, 413);
    expect(body.message).toMatch(/too large/i);
    await expectUnused(ticket);
  });

  it('refuses a text file sent as image/png with 415, and the ticket still takes a real image', async () => {
    const ticket = await newTicket();
    const response = await put(ticket.uploadURL, fakeImageBytes(), 'image/png');
    await expectError(response, 415, UPLOAD_MESSAGES.wrongType);
    await expectUnused(ticket);

    const retry = await put(ticket.uploadURL, imageBytes('png'), 'image/png');
    expect(retry.status).toBe(200);
  });

  it('refuses an empty body with 400', async () => {
    const ticket = await newTicket();
    const response = await put(ticket.uploadURL, new Uint8Array(0), 'image/png');
    await expectError(response, 400, UPLOAD_MESSAGES.empty);
    await expectUnused(ticket);
  });

  it('refuses a second upload to the same address with 409 and keeps the first image', async () => {
    const ticket = await newTicket();
    const first = await realImageBytes('png');
    const stored = await put(ticket.uploadURL, first);
    expect(stored.status).toBe(200);
    const before = await ticketRow(ticket.id);

    for (const second of [await realImageBytes('png'), await realImageBytes('jpeg')]) {
      const response = await put(ticket.uploadURL, second);
      await expectError(response, 409, 'This upload address has been used already.');
    }

    expect(await ticketRow(ticket.id)).toEqual(before);
    expect(await storedFiles(ticket.id)).toEqual([`incoming/${ticket.id}`]);
    expect(
      new Uint8Array(await readFile(path.join(objectsFolder(), 'incoming', ticket.id))),
    ).toEqual(first);
  });

  it('refuses an unknown ticket with 404', async () => {
    const before = await storedFiles();
    const response = await put(`/api/uploads/${'A'.repeat(32)}`, imageBytes('png'));
    await expectError(response, 404, 'This upload address is not valid.');
    expect(await storedFiles()).toEqual(before);
  });

  it('answers 404 JSON for an upload address that is not even well formed', async () => {
    const before = await storedFiles();
    for (const address of ['/api/uploads/short', '/api/uploads/has.dot.in.it.and.is.long']) {
      await expectError(await put(address, imageBytes('png')), 404);
    }
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses an expired ticket with 410', async () => {
    const ticket = await newTicket();
    await api.database.db
      .update(uploadTickets)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(uploadTickets.id, ticket.id));
    const response = await put(ticket.uploadURL, imageBytes('png'));
    await expectError(response, 410, 'This upload address has expired. Please try again.');
    await expectUnused(ticket);
  });
});

describe('GET /objects/<key>', () => {
  it.each([
    ['an unknown key', `/objects/uploads/${'B'.repeat(32)}.png`],
    ['an unknown extension', `/objects/uploads/${'B'.repeat(32)}.svg`],
    ['a key outside uploads/', '/objects/session-secret'],
    ['a too short name', '/objects/uploads/abc.png'],
    ['an encoded path traversal', '/objects/uploads/..%2F..%2Fsession-secret'],
    ['a path traversal with an image extension', '/objects/uploads/%2e%2e/session-secret.png'],
    ['no key at all', '/objects/'],
  ])('answers 404 JSON for %s', async (_, address) => {
    const response = await api.get(address);
    await expectError(response, 404);
  });

  it('answers 404 for the pending key of a ticket that has no upload', async () => {
    const ticket = await newTicket();
    await expectError(await api.get(`/objects/pending/${ticket.id}`), 404);
  });

  it('answers 404 for an upload nobody claimed: nobody hosts files on our domain', async () => {
    const ticket = await newTicket();
    const stored = await put(ticket.uploadURL, await realImageBytes('png'));
    expect(stored.status).toBe(200);
    const { objectPath } = (await stored.json()) as { objectPath: string };
    await expectError(await api.get(objectPath), 404, 'Image not found');
    await expectError(await api.get(`/objects/incoming/${ticket.id}`), 404);
  });
});

/** EXIF pointer tags: to the GPS directory (0x8825), as they sit in a little-endian TIFF. */
const GPS_POINTER = Buffer.from([0x25, 0x88]);

describe('claims re-encode the image', () => {
  it('strips the EXIF data, with the GPS location, and turns the photo upright', async () => {
    const photo = await sharp({
      create: { width: 8, height: 4, channels: 3, background: '#c00' },
    })
      .jpeg()
      .withExifMerge({
        IFD0: { Make: 'Spy Camera', Model: 'Phone 1' },
        IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 55/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const sent = await sharp(photo).metadata();
    expect(sent.orientation).toBe(6);
    expect(sent.exif?.includes(GPS_POINTER)).toBe(true);

    const { objectPath } = await claimedUpload(new Uint8Array(photo));
    const image = await served(objectPath);
    const kept = await sharp(image).metadata();
    expect(kept).toMatchObject({ format: 'jpeg', width: 4, height: 8 });
    expect(kept.exif).toBeUndefined();
    expect(kept.orientation).toBeUndefined();
    expect(image.includes('Spy Camera')).toBe(false);
    expect(image.includes('Exif')).toBe(false);
  });

  it('drops an HTML page and a ZIP archive appended to a JPEG (a polyglot)', async () => {
    const html = '<html><body><script>fetch("/api/admin/me")</script></body></html>';
    // The end record of an empty ZIP archive: unzip reads the file as one from its end.
    const zip = Buffer.concat([Buffer.from('PK\x05\x06', 'latin1'), Buffer.alloc(18)]);
    const polyglot = Buffer.concat([await realImageBytes('jpeg'), Buffer.from(html), zip]);

    const { objectPath } = await claimedUpload(new Uint8Array(polyglot));
    const image = await served(objectPath);
    expect(image.includes('<script')).toBe(false);
    expect(image.includes('<html')).toBe(false);
    expect(image.includes(Buffer.from('PK\x05\x06', 'latin1'))).toBe(false);
    expect([...image.subarray(-2)]).toEqual([0xff, 0xd9]); // The JPEG's end, and nothing after.
    expect((await sharp(image).metadata()).format).toBe('jpeg');
  });

  it('refuses a decompression bomb with 413 and stores nothing', async () => {
    // 48 megapixels of white: about 150 KB as a PNG, 144 MB once decoded.
    const bomb = await sharp({
      create: { width: 8000, height: 6000, channels: 3, background: '#fff' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.byteLength).toBeLessThan(MB);
    const ticket = await refusedClaim(new Uint8Array(bomb), 413, RE_ENCODE_MESSAGES.tooManyPixels);
    expect((await ticketRow(ticket.id)).claimedAt).toBeNull();
  });

  it('refuses bytes that only start as an image does with 415 and stores nothing', async () => {
    const ticket = await refusedClaim(imageBytes('png', 4096), 415, RE_ENCODE_MESSAGES.unreadable);
    // The upload is gone: trying again finds nothing to take.
    expect((await claimByApplication(ticket.uploadURL)).status).toBe(400);
  });
});

describe('uploads nobody claimed are deleted an hour after their ticket expired', () => {
  it('deletes their files and tickets, and keeps claimed uploads', async () => {
    const unclaimed = await newTicket();
    expect((await put(unclaimed.uploadURL, await realImageBytes('png'))).status).toBe(200);
    const unused = await newTicket();
    const claimed = await claimedUpload(await realImageBytes('webp'));
    await api.runJobs();
    // What a claim rolled back after its re-encoding leaves behind.
    await mkdir(path.join(objectsFolder(), 'uploads'), { recursive: true });
    await writeFile(path.join(objectsFolder(), 'uploads', `${unclaimed.id}.png`), 'left over');
    const ids = [unclaimed.id, unused.id, claimed.id];
    const tickets = () =>
      api.database.db
        .select({ id: uploadTickets.id })
        .from(uploadTickets)
        .where(inArray(uploadTickets.id, ids));

    // Expired 15 minutes from now: kept for an hour after that.
    await api.runJobs(hoursFromNow(1));
    expect(await tickets()).toHaveLength(3);
    expect(await storedFiles(unclaimed.id)).toEqual([
      `incoming/${unclaimed.id}`,
      `uploads/${unclaimed.id}.png`,
    ]);

    await api.runJobs(hoursFromNow(1.5));
    expect(await tickets()).toEqual([{ id: claimed.id }]);
    expect(await storedFiles(unclaimed.id)).toEqual([]);
    expect(await storedFiles(claimed.id)).toEqual([`uploads/${claimed.id}.webp`]);
    expect((await api.get(claimed.objectPath)).status).toBe(200);
  });

  /** Three uploads left unclaimed, and the clean-up of the hour after they expire. */
  async function expiredUploads() {
    const tickets: Ticket[] = [];
    for (let i = 0; i < 3; i++) {
      const ticket = await newTicket();
      expect((await put(ticket.uploadURL, await realImageBytes('png'))).status).toBe(200);
      tickets.push(ticket);
    }
    const store = localObjectStore(api.env.DATA_DIR);
    const now = hoursFromNow(1.5);
    return { tickets, cleanUp: () => cleanUpUploads(api.database.db, store, { now }) };
  }

  async function expectAllGone(tickets: Ticket[]) {
    expect(await api.database.db.select().from(uploadTickets)).toEqual([]);
    for (const ticket of tickets) expect(await storedFiles(ticket.id)).toEqual([]);
  }

  it('is safe to run a second time', async () => {
    const { tickets, cleanUp } = await expiredUploads();
    expect(await cleanUp()).toEqual({ deleted: 3 });
    await expectAllGone(tickets);
    expect(await cleanUp()).toEqual({ deleted: 0 });
  });

  postgresOnly('is safe to run twice at once', async () => {
    const { tickets, cleanUp } = await expiredUploads();
    const [first, second] = await Promise.all([cleanUp(), cleanUp()]);
    expect(first.deleted + second.deleted).toBe(3);
    await expectAllGone(tickets);
    expect(await cleanUp()).toEqual({ deleted: 0 });
  });
});

describe('replaced and removed images are deleted once nothing shows them', () => {
  async function admin(): Promise<string> {
    return adminSession(api, (await createTestAdmin(api)).id);
  }

  /** A provider's own photo: upload address, PUT, PUT /api/provider/profile-image. */
  async function setOwnPhoto(token: string): Promise<string> {
    const { uploadURL } = await okJson<{ uploadURL: string }>(
      sendAs(api, token, 'POST', '/api/objects/upload'),
    );
    expect((await put(uploadURL, await realImageBytes('png'))).status).toBe(200);
    const { profileImage } = await okJson<{ profileImage: string }>(
      sendAs(api, token, 'PUT', '/api/provider/profile-image', { profileImageURL: uploadURL }),
    );
    return profileImage;
  }

  it("deletes a provider's replaced photo, and keeps one its application still shows", async () => {
    const application = await claimedUpload(await realImageBytes('jpeg'));
    const [row] = await api.database.db.select().from(providerApplications);
    const adminToken = await admin();
    const { providerId } = await okJson<{ providerId: number }>(
      sendAs(api, adminToken, 'POST', `/api/admin/applications/${row!.id}/approve`),
      201,
    );
    const token = await providerSession(api, providerId);

    const first = await setOwnPhoto(token);
    await api.runJobs();
    // The application's picture was the provider's photo; the application still shows it.
    expect(isStored(application.objectPath)).toBe(true);
    expect((await api.get(application.objectPath)).status).toBe(200);

    const second = await setOwnPhoto(token);
    await api.runJobs();
    expect(isStored(first)).toBe(false);
    await expectError(await api.get(first), 404);
    expect((await api.get(second)).status).toBe(200);
  });

  it("deletes the photo an admin replaces, and a deleted provider's photo", async () => {
    const token = await admin();
    const before = await uploadAdminImage(api, token);
    const provider = await insertProvider(api.database.db, { profileImage: before });
    const after = await uploadAdminImage(api, token);

    await okJson(
      sendAs(api, token, 'PUT', `/api/admin/providers/${provider.id}`, { isPremium: true }),
    );
    await api.runJobs();
    expect(isStored(before)).toBe(true);

    await okJson(
      sendAs(api, token, 'PUT', `/api/admin/providers/${provider.id}`, { profileImage: after }),
    );
    await api.runJobs();
    expect(isStored(before)).toBe(false);
    expect((await api.get(after)).status).toBe(200);

    await okJson(sendAs(api, token, 'DELETE', `/api/admin/providers/${provider.id}`));
    await api.runJobs();
    expect(isStored(after)).toBe(false);
  });

  it("deletes a flash ad's replaced image, and a deleted ad's image", async () => {
    const token = await admin();
    const first = await uploadAdminImage(api, token, '/api/admin/flash-ads/upload');
    const second = await uploadAdminImage(api, token, '/api/admin/flash-ads/upload');
    const ad = { title: 'Load-shedding ready', subtitle: 'Battery-backed alarms' };
    const { id } = await okJson<{ id: number }>(
      sendAs(api, token, 'POST', '/api/admin/flash-ads', { ...ad, imageUrl: first }),
      201,
    );

    await okJson(
      sendAs(api, token, 'PUT', `/api/admin/flash-ads/${id}`, { ...ad, imageUrl: first }),
    );
    await api.runJobs();
    expect(isStored(first)).toBe(true);

    await okJson(
      sendAs(api, token, 'PUT', `/api/admin/flash-ads/${id}`, { ...ad, imageUrl: second }),
    );
    await api.runJobs();
    expect(isStored(first)).toBe(false);
    expect((await api.get(second)).status).toBe(200);

    await okJson(sendAs(api, token, 'DELETE', `/api/admin/flash-ads/${id}`));
    await api.runJobs();
    expect(isStored(second)).toBe(false);
  });
});

describe('POST /api/public/objects/upload: rate limit', () => {
  const { max, message } = RATE_LIMITS.upload;

  it('answers 429 to the 21st ticket from one client and makes no ticket', async () => {
    expect(max).toBe(20);
    for (let i = 1; i <= max; i++) await newTicket();
    const response = await api.request('/api/public/objects/upload', { method: 'POST' });
    await expectError(response, 429, message);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(await api.database.db.select().from(uploadTickets)).toHaveLength(max);
  });
});

describe('uploads with a budget', () => {
  const documentTicket = () => api.request('/api/public/documents/upload', { method: 'POST' });

  it("answers 429 once a client's tickets this hour would hold more than its bytes", async () => {
    const { max, message } = RATE_LIMITS.uploadBytes;
    const tenMegabytes = 10 * MB;
    const allowed = Math.floor(max / tenMegabytes);
    expect(allowed).toBeLessThan(RATE_LIMITS.upload.max); // the bytes bind before the count
    for (let i = 0; i < allowed; i++) expect((await documentTicket()).status).toBe(200);
    const refused = await documentTicket();
    await expectError(refused, 429, message);
    expect(retryAfterOf(refused)).toBeGreaterThan(0);
    expect(await api.database.db.select().from(uploadTickets)).toHaveLength(allowed);
  });

  it('answers 503 with Retry-After to every client while unclaimed uploads hold the ceiling', async () => {
    const held = Math.ceil((api.env.UNCLAIMED_UPLOADS_MAX_MB * MB) / (10 * MB));
    await api.database.db.insert(uploadTickets).values(
      Array.from({ length: held }, (_, i) => ({
        id: `held-by-others-${String(i).padStart(6, '0')}`,
        purpose: 'evidence-document',
        owner: 'public',
        maxBytes: 10 * MB,
        size: 10 * MB,
        objectKey: `incoming/held-by-others-${String(i).padStart(6, '0')}`,
        expiresAt: sql`now() + interval '15 minutes'`,
        uploadedAt: sql`now()`,
      })),
    );
    const refused = await documentTicket();
    await expectError(refused, 503, UPLOAD_BUSY);
    expect(retryAfterOf(refused)).toBeGreaterThan(0);
    expect(await api.database.db.select().from(uploadTickets)).toHaveLength(held);

    // Claimed uploads hold nothing: once they are claimed, tickets are made again.
    await api.database.db.update(uploadTickets).set({ claimedAt: sql`now()` });
    expect((await documentTicket()).status).toBe(200);
  });
});
