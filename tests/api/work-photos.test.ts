/**
 * Photos of past work: a provider uploads up to 8 from the dashboard
 * with the upload rules of joining (type by the bytes, 5 MB, re-encoded without location
 * metadata), removes its own, and the public provider answer lists them.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { providerWorkPhotos, uploadTickets } from '../../db/schema.ts';
import { WORK_PHOTO_MESSAGES } from '../../src/lib/schemas/provider-dashboard.ts';
import { MB, UPLOAD_MESSAGES, WORK_PHOTO_LIMIT } from '../../src/lib/uploads.ts';
import { okJson, sendAs } from '../helpers/api-fixtures.ts';
import { expectError, expectFieldError } from '../helpers/error-answer.ts';
import { fakeImageBytes, imageBytes, realImageBytes } from '../helpers/image-bytes.ts';
import { createTestProvider, providerSession } from '../helpers/provider-fixtures.ts';
import { useTestApi } from '../helpers/test-api.ts';

const IMAGE_NOT_FOUND = 'The uploaded image was not found. Please upload it again.';

const api = useTestApi();

let providerId: number;
let token: string;
beforeEach(async () => {
  await api.database.reset();
  providerId = (await createTestProvider(api)).id;
  token = await providerSession(api, providerId);
});

interface WorkPhoto {
  id: number;
  imagePath: string;
}

/** An upload address for a work photo, with `bytes` put there; answers the address. */
async function uploaded(bytes: Uint8Array<ArrayBuffer>, session = token): Promise<string> {
  const { uploadURL } = await okJson<{ uploadURL: string }>(
    sendAs(api, session, 'POST', '/api/provider/work-photos/upload'),
  );
  const stored = await api.request(uploadURL, {
    method: 'PUT',
    headers: { 'content-type': 'application/octet-stream' },
    body: bytes,
  });
  expect(stored.status).toBe(200);
  return uploadURL;
}

const addPhoto = (imageURL: string, session = token) =>
  sendAs(api, session, 'POST', '/api/provider/work-photos', { imageURL });

async function addedPhoto(bytes?: Uint8Array<ArrayBuffer>): Promise<WorkPhoto[]> {
  const imageURL = await uploaded(bytes ?? (await realImageBytes('png')));
  return okJson<WorkPhoto[]>(addPhoto(imageURL), 201);
}

async function publicWorkPhotos(id = providerId): Promise<string[]> {
  return (await okJson<{ workPhotos: string[] }>(api.get(`/api/providers/${id}`))).workPhotos;
}

describe('POST /api/provider/work-photos', () => {
  it('adds a re-encoded photo without its location, shown publicly in order', async () => {
    expect(await publicWorkPhotos()).toEqual([]);
    const { uploadURL } = await okJson<{ uploadURL: string }>(
      sendAs(api, token, 'POST', '/api/provider/work-photos/upload'),
    );
    const ticketId = uploadURL.split('/').pop()!;
    const [ticket] = await api.database.db
      .select()
      .from(uploadTickets)
      .where(eq(uploadTickets.id, ticketId));
    expect(ticket).toMatchObject({
      purpose: 'work-photo',
      owner: `provider:${providerId}`,
      maxBytes: 5 * MB,
    });

    const geotagged = await sharp({
      create: { width: 12, height: 8, channels: 3, background: '#0a0' },
    })
      .jpeg()
      .withExifMerge({ IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 55/1 0/1' } })
      .toBuffer();
    const stored = await api.request(uploadURL, {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream' },
      body: new Uint8Array(geotagged),
    });
    expect(stored.status).toBe(200);
    const first = await okJson<WorkPhoto[]>(addPhoto(uploadURL), 201);
    expect(first.map((photo) => photo.imagePath)).toEqual([`/objects/uploads/${ticketId}.jpg`]);
    const second = await addedPhoto();
    expect(second.map((photo) => photo.imagePath)).toEqual([
      first[0]!.imagePath,
      expect.stringMatching(/^\/objects\/uploads\/[A-Za-z0-9_-]+\.png$/),
    ]);

    expect(await publicWorkPhotos()).toEqual(second.map((photo) => photo.imagePath));
    const listed = await okJson<{ id: number; workPhotos: string[] }[]>(api.get('/api/providers'));
    expect(listed.find((item) => item.id === providerId)?.workPhotos).toEqual(
      second.map((photo) => photo.imagePath),
    );

    const served = await api.get(first[0]!.imagePath);
    expect(served.status).toBe(200);
    const kept = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(kept.format).toBe('jpeg');
    expect(kept.exif).toBeUndefined();
    expect(
      await okJson<WorkPhoto[]>(sendAs(api, token, 'GET', '/api/provider/work-photos')),
    ).toEqual(second);
  });

  it(`refuses the ${WORK_PHOTO_LIMIT + 1}th photo with 400, and takes one after a removal`, async () => {
    let photos: WorkPhoto[] = [];
    for (let i = 0; i < WORK_PHOTO_LIMIT; i++) photos = await addedPhoto();
    expect(photos).toHaveLength(WORK_PHOTO_LIMIT);

    const ninth = await uploaded(await realImageBytes('png'));
    const message = WORK_PHOTO_MESSAGES.limit(WORK_PHOTO_LIMIT);
    await expectFieldError(await addPhoto(ninth), 'imageURL', message);
    expect(message).toBe('You can show at most 8 work photos. Remove one first.');
    expect(await publicWorkPhotos()).toHaveLength(WORK_PHOTO_LIMIT);
    // The refused upload stays unclaimed, so it can be used after a removal.
    await okJson(sendAs(api, token, 'DELETE', `/api/provider/work-photos/${photos[0]!.id}`));
    expect(await okJson<WorkPhoto[]>(addPhoto(ninth), 201)).toHaveLength(WORK_PHOTO_LIMIT);
  });

  it('refuses what is not an image, too large a file, and an upload for another purpose', async () => {
    // Told by the bytes and the size at the upload already, as joining's photo.
    for (const [bytes, status, message] of [
      [fakeImageBytes(), 415, UPLOAD_MESSAGES.wrongType],
      [imageBytes('png', 5 * MB + 1), 413, UPLOAD_MESSAGES.tooLarge(5 * MB)],
    ] as const) {
      const { uploadURL } = await okJson<{ uploadURL: string }>(
        sendAs(api, token, 'POST', '/api/provider/work-photos/upload'),
      );
      const put = await api.request(uploadURL, { method: 'PUT', body: bytes });
      await expectError(put, status, message);
      await expectFieldError(await addPhoto(uploadURL), 'imageURL', IMAGE_NOT_FOUND);
    }
    // The profile photo's upload address is not one for work photos.
    const { uploadURL } = await okJson<{ uploadURL: string }>(
      sendAs(api, token, 'POST', '/api/objects/upload'),
    );
    await api.request(uploadURL, { method: 'PUT', body: await realImageBytes('png') });
    await expectError(await addPhoto(uploadURL), 400);
    // Nor is another provider's upload.
    const other = await providerSession(api, (await createTestProvider(api)).id);
    await expectError(await addPhoto(await uploaded(await realImageBytes('png'), other)), 400);
    expect(await api.database.db.select().from(providerWorkPhotos)).toEqual([]);
  });
});

describe('DELETE /api/provider/work-photos/:id', () => {
  it("removes the provider's own photo and deletes its file once nobody shows it", async () => {
    const [photo] = await addedPhoto();
    const file = path.join(api.env.DATA_DIR, photo!.imagePath);
    expect(existsSync(file)).toBe(true);

    expect(
      await okJson<WorkPhoto[]>(
        sendAs(api, token, 'DELETE', `/api/provider/work-photos/${photo!.id}`),
      ),
    ).toEqual([]);
    expect(await publicWorkPhotos()).toEqual([]);
    await api.runJobs();
    expect(existsSync(file)).toBe(false);
    await expectError(await api.get(photo!.imagePath), 404);
  });

  it("cannot remove another provider's photo: 404, and the photo stays", async () => {
    const [photo] = await addedPhoto();
    const other = await providerSession(api, (await createTestProvider(api)).id);
    await expectError(
      await sendAs(api, other, 'DELETE', `/api/provider/work-photos/${photo!.id}`),
      404,
      'Photo not found',
    );
    await expectError(
      await sendAs(api, token, 'DELETE', '/api/provider/work-photos/999999'),
      404,
      'Photo not found',
    );
    expect(await publicWorkPhotos()).toEqual([photo!.imagePath]);
  });
});
