import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { uploadTickets } from '../../db/schema.ts';
import { MB, UPLOAD_MESSAGES } from '../../src/lib/uploads.ts';
import { RATE_LIMITS } from '../../src/server/rate-limits/hit-rate-limit.ts';
import { fakeImageBytes, imageBytes, type ImageKind } from '../helpers/auth-fixtures.ts';
import { startTestApi, type TestApi } from '../helpers/test-api.ts';

// All requests come from 127.0.0.1; RATE_LIMITS.upload allows 20 tickets per client in
// ten minutes, and reset() in beforeEach empties the counters.
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => api.database.reset());

interface ErrorAnswer {
  message: string;
  errors?: Record<string, string>;
}

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

async function ticketRow(id: string) {
  const [row] = await api.database.db.select().from(uploadTickets).where(eq(uploadTickets.id, id));
  if (!row) throw new Error(`No ticket ${id}`);
  return row;
}

const objectsFolder = () => path.join(api.env.DATA_DIR, 'objects', 'uploads');

/**
 * The names of the files stored under DATA_DIR/objects/uploads (all of them, or those of
 * one ticket). Files stay there across tests: reset() empties the database only.
 */
async function storedFiles(ticketId?: string): Promise<string[]> {
  const files = existsSync(objectsFolder()) ? (await readdir(objectsFolder())).sort() : [];
  return ticketId === undefined ? files : files.filter((f) => f.startsWith(`${ticketId}.`));
}

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

async function expectError(response: Response, status: number, message?: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/json');
  const body = (await response.json()) as ErrorAnswer;
  expect(typeof body.message).toBe('string');
  if (message !== undefined) expect(body.message).toBe(message);
  return body;
}

describe('POST /api/public/objects/upload', () => {
  it('answers only an upload URL, for a 15-minute, 5 MB application-image ticket', async () => {
    const response = await api.request('/api/public/objects/upload', { method: 'POST' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['uploadURL']);
    expect(body.uploadURL).toMatch(TICKET_URL);

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
    'stores a %s image and serves it back with its true type',
    async (_, kind, contentType, ext) => {
      const ticket = await newTicket();
      const bytes = imageBytes(kind, 2048);
      const response = await put(ticket.uploadURL, bytes);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      const objectPath = `/objects/uploads/${ticket.id}.${ext}`;
      expect(await response.json()).toEqual({ objectPath });

      // On disk under DATA_DIR/objects, byte for byte.
      const file = path.join(api.env.DATA_DIR, objectPath);
      expect(new Uint8Array(await readFile(file))).toEqual(bytes);
      expect(await storedFiles(ticket.id)).toEqual([`${ticket.id}.${ext}`]);

      const row = await ticketRow(ticket.id);
      expect(row).toMatchObject({
        objectKey: `uploads/${ticket.id}.${ext}`,
        contentType,
        size: bytes.byteLength,
        claimedAt: null,
      });
      expect(row.uploadedAt).toBeInstanceOf(Date);

      const served = await api.get(objectPath);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(contentType);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('cache-control')).toContain('max-age=31536000');
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
    },
  );

  it('goes by the bytes, not by the Content-Type the client claims', async () => {
    const ticket = await newTicket();
    const bytes = imageBytes('jpeg');
    const response = await put(ticket.uploadURL, bytes, 'image/png');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ objectPath: `/objects/uploads/${ticket.id}.jpg` });
    const served = await api.get(`/objects/uploads/${ticket.id}.jpg`);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect((await api.get(`/objects/uploads/${ticket.id}.png`)).status).toBe(404);
  });

  it('takes an image of exactly 5 MB', async () => {
    const ticket = await newTicket();
    const response = await put(ticket.uploadURL, imageBytes('png', 5 * MB));
    expect(response.status).toBe(200);
    expect(await storedFiles(ticket.id)).toEqual([`${ticket.id}.png`]);
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
    const first = imageBytes('png');
    const stored = await put(ticket.uploadURL, first);
    expect(stored.status).toBe(200);
    const { objectPath } = (await stored.json()) as { objectPath: string };
    const before = await ticketRow(ticket.id);

    for (const second of [imageBytes('png'), imageBytes('jpeg')]) {
      const response = await put(ticket.uploadURL, second);
      await expectError(response, 409, 'This upload address has been used already.');
    }

    expect(await ticketRow(ticket.id)).toEqual(before);
    expect(await storedFiles(ticket.id)).toEqual([`${ticket.id}.png`]);
    const served = await api.get(objectPath);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(first);
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
