/**
 * A brief a provider can quote from. The request carries the answers
 * to its service's questions, checked by the schema the form uses and stored structured;
 * the provider, the enquiry desk and the customer read it; up to three site photos come
 * with it, private to those three. Bad input is refused with field errors and nothing
 * is stored.
 */
import { count, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  customerEnquiries,
  enquiryPhotos,
  outbox,
  rateLimits,
  uploadTickets,
} from '../../db/schema.ts';
import { adminSession, createTestAdmin } from '../helpers/admin-fixtures.ts';
import { okJson, sendAs, sendJson } from '../helpers/api-fixtures.ts';
import { insertProvider, insertUbuntuSecurity, validEnquiryBody } from '../helpers/builders.ts';
import { expectFieldError } from '../helpers/error-answer.ts';
import { fakeImageBytes, realImageBytes } from '../helpers/image-bytes.ts';
import { linkIn, watchOutbox } from '../helpers/outbox.ts';
import { providerSession } from '../helpers/provider-fixtures.ts';
import { useTestApi } from '../helpers/test-api.ts';

const api = useTestApi();
let provider: { id: number; name: string; email: string };
beforeEach(async () => {
  await api.database.reset();
  provider = await insertUbuntuSecurity(api.database.db, { services: ['cctv', 'wifi'] });
});

const CCTV_BRIEF = {
  service: 'cctv',
  propertyType: 'house',
  camerasIndoor: 2,
  camerasOutdoor: '6',
  mustSee: ['faces', 'number-plates'],
  nightVision: 'yes',
  remoteViewing: 'yes',
  recordingDays: 30,
  existingCabling: 'not-sure',
  backupPower: '',
};

const postRequest = (body: Record<string, unknown>) =>
  sendJson(api, 'POST', '/api/enquiries', body);

async function sendRequest(overrides: Record<string, unknown>) {
  await api.database.db.delete(rateLimits);
  const mailbox = await watchOutbox(api);
  const answer = await okJson<{ id: number; reference: string }>(
    postRequest(validEnquiryBody(provider.id, overrides)),
    201,
  );
  const mails = await mailbox.newMails();
  const customerMail = mails.find((mail) => mail.subject.startsWith('Your request'));
  const token = customerMail && linkIn(customerMail.text, '/request?token=');
  return { answer, mails, token: token?.searchParams.get('token') ?? '' };
}

/** A photo uploaded through the request form's route: its upload URL. */
async function uploadedPhoto(bytes?: Uint8Array<ArrayBuffer>): Promise<string> {
  const ticket = await api.request('/api/public/requests/photos/upload', { method: 'POST' });
  expect(ticket.status).toBe(200);
  const { uploadURL } = (await ticket.json()) as { uploadURL: string };
  const put = await api.request(uploadURL, {
    method: 'PUT',
    body: bytes ?? (await realImageBytes('jpeg', { width: 40, height: 30 })),
  });
  expect(put.status).toBe(200);
  // A private photo has no public address: its reference stays the upload address.
  expect(await put.json()).toEqual({ objectPath: new URL(uploadURL, api.url).pathname });
  return uploadURL;
}

const storedRequests = async () =>
  (await api.database.db.select({ n: count() }).from(customerEnquiries))[0]?.n;

describe('a request with a brief', () => {
  it('stores the answers structured, counts as numbers, the unanswered left out', async () => {
    const { answer } = await sendRequest({ brief: CCTV_BRIEF });
    const [row] = await api.database.db
      .select({ brief: customerEnquiries.brief })
      .from(customerEnquiries)
      .where(eq(customerEnquiries.id, answer.id));
    expect(row?.brief).toEqual({
      service: 'cctv',
      propertyType: 'house',
      camerasIndoor: 2,
      camerasOutdoor: 6,
      mustSee: ['faces', 'number-plates'],
      nightVision: 'yes',
      remoteViewing: 'yes',
      recordingDays: 30,
      existingCabling: 'not-sure',
    });
  });

  it('mails the readable brief to the customer and to the provider', async () => {
    const { mails } = await sendRequest({ brief: CCTV_BRIEF });
    for (const mail of mails) {
      for (const line of [
        'Property type: House',
        'Cameras outdoors: 6 cameras',
        'What must be seen: Faces, Number plates',
        'Days of recording: 30 days',
        'Existing cabling: Not sure',
      ]) {
        expect(mail.text).toContain(line);
      }
    }
    expect(mails.map((m) => m.to).sort()).toEqual([provider.email, 'thandi@example.co.za']);
  });

  it('shows the brief to the customer, the provider and the desk', async () => {
    const { answer, token } = await sendRequest({ brief: CCTV_BRIEF });
    const status = await okJson<{ brief: unknown }>(
      api.get(`/api/requests/status?token=${encodeURIComponent(token)}`),
    );
    const mine = await okJson<{ id: number; brief: unknown }[]>(
      sendAs(api, await providerSession(api, provider.id), 'GET', '/api/provider/enquiries'),
    );
    const admin = await createTestAdmin(api);
    const desk = await okJson<{ id: number; brief: unknown }[]>(
      sendAs(api, await adminSession(api, admin.id), 'GET', '/api/admin/enquiries'),
    );
    const stored = { ...CCTV_BRIEF, camerasOutdoor: 6 } as Record<string, unknown>;
    delete stored.backupPower;
    expect(status.brief).toEqual(stored);
    expect(mine.find((e) => e.id === answer.id)?.brief).toEqual(stored);
    expect(desk.find((e) => e.id === answer.id)?.brief).toEqual(stored);
  });

  it('keeps requests without a brief working (older forms)', async () => {
    const { answer } = await sendRequest({});
    const [row] = await api.database.db
      .select({ brief: customerEnquiries.brief })
      .from(customerEnquiries)
      .where(eq(customerEnquiries.id, answer.id));
    expect(row?.brief).toBeNull();
  });
});

describe('a bad brief: 400 with field errors, nothing stored', () => {
  it.each([
    ['an unknown field', { ...CCTV_BRIEF, drones: 3 }, 'brief', 'Unknown question: drones'],
    [
      'a count in other units',
      { service: 'wifi', floorArea: '2000 sq ft' },
      'brief.floorArea',
      `Enter a whole number of m² from 0 to ${(1_000_000).toLocaleString('en-ZA')}, or Not sure`,
      'wifi',
    ],
    [
      'a negative count',
      { ...CCTV_BRIEF, camerasOutdoor: -4 },
      'brief.camerasOutdoor',
      'Enter a whole number of cameras from 0 to 200, or Not sure',
    ],
    [
      'a required answer missing',
      { service: 'cctv', camerasOutdoor: 4 },
      'brief.propertyType',
      'Please answer this (or choose Not sure)',
    ],
    [
      'a brief of another service',
      { service: 'wifi', floorArea: 200 },
      'brief.service',
      'The brief is for another service than the request',
    ],
    [
      'no service at all',
      { camerasOutdoor: 4 },
      'brief.service',
      'The brief is for another service than the request',
    ],
  ])('refuses %s', async (_name, brief, field, message, serviceType = 'cctv') => {
    await api.database.db.delete(rateLimits);
    const response = await postRequest(validEnquiryBody(provider.id, { brief, serviceType }));
    await expectFieldError(response, field, message);
    expect(await storedRequests()).toBe(0);
    expect(await api.database.db.select().from(outbox)).toEqual([]);
  });
});

describe('site photos', () => {
  it('come with the request, re-encoded and private to its customer, provider and the desk', async () => {
    const photos = [await uploadedPhoto(), await uploadedPhoto()];
    const { answer, mails, token } = await sendRequest({ brief: CCTV_BRIEF, sitePhotos: photos });
    expect(mails.every((m) => m.text.includes('Photos of the site: 2'))).toBe(true);
    const stored = await api.database.db
      .select()
      .from(enquiryPhotos)
      .where(eq(enquiryPhotos.enquiryId, answer.id));
    expect(stored.map((p) => [p.position, p.objectKey.startsWith('private/')])).toEqual([
      [1, true],
      [2, true],
    ]);

    const status = await okJson<{ photos: string[] }>(
      api.get(`/api/requests/status?token=${encodeURIComponent(token)}`),
    );
    expect(status.photos).toHaveLength(2);
    const customerView = await api.get(status.photos[0]!);
    expect(customerView.status).toBe(200);
    expect(customerView.headers.get('content-type')).toBe('image/jpeg');
    expect(customerView.headers.get('cache-control')).toBe('private, no-store');

    const providerToken = await providerSession(api, provider.id);
    const [mine] = await okJson<{ photos: string[] }[]>(
      sendAs(api, providerToken, 'GET', '/api/provider/enquiries'),
    );
    expect((await sendAs(api, providerToken, 'GET', mine!.photos[1]!)).status).toBe(200);

    const admin = await createTestAdmin(api);
    const adminToken = await adminSession(api, admin.id);
    const desk = await okJson<{ photos: string[] }[]>(
      sendAs(api, adminToken, 'GET', '/api/admin/enquiries'),
    );
    expect((await sendAs(api, adminToken, 'GET', desk[0]!.photos[0]!)).status).toBe(200);

    // Nobody else: not /objects/, not another provider, not without a token or session.
    expect((await api.get(`/objects/${stored[0]!.objectKey}`)).status).toBe(404);
    const other = await insertProvider(api.database.db, { services: ['cctv'] });
    const photoId = stored[0]!.id;
    const otherToken = await providerSession(api, other.id);
    expect(
      (await sendAs(api, otherToken, 'GET', `/api/provider/enquiries/photos/${photoId}`)).status,
    ).toBe(404);
    expect((await api.get(`/api/provider/enquiries/photos/${photoId}`)).status).toBe(401);
    expect((await api.get(`/api/admin/enquiries/photos/${photoId}`)).status).toBe(401);
    expect((await api.get(`/api/requests/photos/${photoId}`)).status).toBe(400);
  });

  it("does not show one request's photo with another request's token", async () => {
    const first = await sendRequest({ sitePhotos: [await uploadedPhoto()] });
    const second = await sendRequest({});
    const [photo] = await api.database.db
      .select()
      .from(enquiryPhotos)
      .where(eq(enquiryPhotos.enquiryId, first.answer.id));
    const response = await api.get(
      `/api/requests/photos/${photo!.id}?token=${encodeURIComponent(second.token)}`,
    );
    expect(response.status).toBe(404);
  });

  it('refuses a fourth photo, a file that is no image, and an upload used twice, storing nothing', async () => {
    const four = [
      await uploadedPhoto(),
      await uploadedPhoto(),
      await uploadedPhoto(),
      await uploadedPhoto(),
    ];
    await expectFieldError(
      await postRequest(validEnquiryBody(provider.id, { sitePhotos: four })),
      'sitePhotos',
      'At most 3 photos',
    );
    // A file that is no image is refused on upload, and its upload is no photo after.
    const ticket = await api.request('/api/public/requests/photos/upload', { method: 'POST' });
    const { uploadURL: fake } = (await ticket.json()) as { uploadURL: string };
    const put = await api.request(fake, { method: 'PUT', body: fakeImageBytes() });
    expect(put.status).toBe(415);
    await api.database.db.delete(rateLimits);
    await expectFieldError(
      await postRequest(validEnquiryBody(provider.id, { sitePhotos: [four[0], fake] })),
      'sitePhotos.1',
      'The uploaded image was not found. Please upload it again.',
    );
    expect(await storedRequests()).toBe(0);
    // The good photo of the refused request was not used up: it can still be sent.
    const { answer } = await sendRequest({ sitePhotos: [four[0]] });
    expect(answer.id).toBeGreaterThan(0);
    await api.database.db.delete(rateLimits);
    await expectFieldError(
      await postRequest(validEnquiryBody(provider.id, { sitePhotos: [four[0]] })),
      'sitePhotos.0',
      'The uploaded image was not found. Please upload it again.',
    );
    const claimed = await api.database.db.select().from(uploadTickets);
    expect(claimed.filter((t) => t.claimedAt !== null)).toHaveLength(1);
  });
});
