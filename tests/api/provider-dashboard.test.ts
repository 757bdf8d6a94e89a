import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { customerEnquiries, uploadTickets } from '../../db/schema.ts';
import { RATE_LIMITS } from '../../src/api/rate-limits/hit-rate-limit.ts';
import { MB } from '../../src/lib/uploads.ts';
import { adminSession, createTestAdmin } from '../helpers/admin-fixtures.ts';
import { databaseSnapshot, okJson } from '../helpers/api-fixtures.ts';
import { bearer, postLogin } from '../helpers/auth-fixtures.ts';
import { insertAssignedEnquiry, insertEnquiry, insertProvider } from '../helpers/builders.ts';
import { confirmEnquiryEmail, enquiryRow } from '../helpers/enquiry-fixtures.ts';
import { expectError, expectFieldError } from '../helpers/error-answer.ts';
import { realImageBytes } from '../helpers/image-bytes.ts';
import { watchOutbox } from '../helpers/outbox.ts';
import { PROFILE_EXTRAS } from '../helpers/profile-fixtures.ts';
import {
  createTestProvider,
  providerRow,
  providerSession,
  type TestProvider,
  useSignedInProvider,
} from '../helpers/provider-fixtures.ts';
import { expectRecent } from '../helpers/recent-time.ts';
import { useTestApi } from '../helpers/test-api.ts';
import { postgresOnly } from '../helpers/test-database.ts';

// The enquiries, profile and photo of the Provider Dashboard. Sessions are minted
// directly (providerSession) except where logging in is the point. reset() in beforeEach empties the tables and the upload rate limit
// (20 tickets per provider in ten minutes).
const api = useTestApi();

// The last test's delivery run must end before the database is emptied
// (resetAfterDeliveries says why).
beforeEach(() => api.runJobs());
const provider = useSignedInProvider(api, {
  name: 'Ubuntu Security Solutions',
  email: 'sipho@ubuntusecurity.example.co.za',
  phone: '+27115550101',
  location: 'Johannesburg',
  province: 'gauteng',
  services: ['cctv'],
});
let other: TestProvider;
beforeEach(async () => {
  other = await createTestProvider(api, {
    name: 'Cape Alarm Co',
    email: 'lindiwe@capealarm.example.co.za',
  });
});

type EnquiryRow = typeof customerEnquiries.$inferSelect;

const ENQUIRY_NOT_FOUND = 'Enquiry not found';
const IMAGE_NOT_FOUND = 'The uploaded image was not found. Please upload it again.';
const STATUS_MESSAGE = 'Choose a status: in progress, completed or cancelled';
const OWN_PROFILE_KEYS = [
  'id',
  'name',
  'contactName',
  'email',
  'phone',
  'location',
  'province',
  'services',
  'description',
  'startingPrice',
  'coverageAreas',
  'businessHours',
  'website',
  'specialties',
  'vatNumber',
  'registeredName',
  'profileImage',
  'rating',
  'reviewCount',
  'isVerified',
  'isPremium',
  'isApproved',
  'closedAt',
].sort();

const auth = (session = provider.token) => ({ authorization: `Bearer ${session}` });
const me = (session = provider.token) => api.get('/api/provider/me', { headers: auth(session) });

function put(path: string, body: unknown, session = provider.token) {
  return api.request(path, { method: 'PUT', headers: bearer(session), body: JSON.stringify(body) });
}

const respond = (id: number | string, body: unknown, session = provider.token) =>
  put(`/api/provider/enquiries/${id}/response`, body, session);
const updateProfile = (body: unknown, session = provider.token) =>
  put('/api/provider/profile', body, session);
const updateImage = (profileImageURL: unknown, session = provider.token) =>
  put('/api/provider/profile-image', { profileImageURL }, session);

/** An answer's JSON, after checking it carries no password hash or token version. */
async function jsonWithoutSecrets<T>(response: Response): Promise<T> {
  const text = await response.text();
  expect(text).not.toMatch(
    /passwordHash|password_hash|scrypt\$|tokenVersion|token_version|statusToken|status_token/i,
  );
  return JSON.parse(text) as T;
}

/** Every row a dashboard call could change, for before/after comparisons. */
const snapshot = () => databaseSnapshot(api);

/** An enquiry as a provider sees it: without the sender's address and session. */
function withoutOrigin(row: EnquiryRow) {
  const {
    clientAddress: _address,
    confirmedFrom: _confirmedFrom,
    senderProviderId: _sender,
    statusTokenHash: _statusToken,
    ...seen
  } = row;
  return seen;
}

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

describe('GET /api/provider/enquiries', () => {
  it("lists only the provider's own enquiries, newest first", async () => {
    const { db } = api.database;
    const oldest = await insertEnquiry(db, {
      assignedProviderId: provider.id,
      createdAt: daysAgo(3),
    });
    const newest = await insertEnquiry(db, {
      assignedProviderId: provider.id,
      createdAt: daysAgo(1),
      status: 'assigned',
      adminNotes: 'Customer prefers mornings.',
    });
    const middle = await insertEnquiry(db, {
      assignedProviderId: provider.id,
      createdAt: daysAgo(2),
    });
    await insertEnquiry(db, { assignedProviderId: other.id, createdAt: daysAgo(0) });
    await insertEnquiry(db, { createdAt: daysAgo(0) });

    const response = await api.get('/api/provider/enquiries', { headers: auth() });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const enquiries = await jsonWithoutSecrets<Record<string, unknown>[]>(response);
    expect(enquiries.map((e) => e.id)).toEqual([newest.id, middle.id, oldest.id]);
    // The whole enquiry, admin notes included (spec section 6: providers may read them),
    // but not where the request came from (kept to hold self-written reviews).
    expect(enquiries[0]).toEqual({
      ...JSON.parse(JSON.stringify(withoutOrigin(newest))),
      photos: [],
      responses: [],
      contactWithheld: false,
    });
    expect(enquiries[0]).not.toHaveProperty('clientAddress');
    expect(enquiries[0]).not.toHaveProperty('confirmedFrom');
    expect(enquiries[0]).not.toHaveProperty('senderProviderId');
    expect(enquiries[0]).not.toHaveProperty('statusTokenHash');
  });

  it('carries the provider’s responses so far, oldest first, not another provider’s', async () => {
    const { db } = api.database;
    const enquiry = await insertEnquiry(db, { assignedProviderId: other.id, status: 'assigned' });
    const otherToken = await providerSession(api, other.id);
    const answer = (text: string, session: string) =>
      respond(enquiry.id, { providerResponse: text, status: 'in_progress' }, session);
    expect((await answer('The other provider’s word.', otherToken)).status).toBe(200);
    // The desk passes it on; the new provider answers twice.
    await db
      .update(customerEnquiries)
      .set({ assignedProviderId: provider.id })
      .where(eq(customerEnquiries.id, enquiry.id));
    expect((await answer('We can come on Thursday.', provider.token)).status).toBe(200);
    expect((await answer('Thursday at 9, then.', provider.token)).status).toBe(200);

    const [listed] = await okJson<{ responses: { at: string; text: string }[] }[]>(
      api.get('/api/provider/enquiries', { headers: auth() }),
    );
    expect(listed!.responses.map((r) => r.text)).toEqual([
      'We can come on Thursday.',
      'Thursday at 9, then.',
    ]);
    expect(Date.parse(listed!.responses[0]!.at)).toBeLessThanOrEqual(
      Date.parse(listed!.responses[1]!.at),
    );
  });

  it('answers an empty list to a provider without enquiries', async () => {
    await insertEnquiry(api.database.db, { assignedProviderId: other.id });
    const response = await api.get('/api/provider/enquiries', { headers: auth() });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
  });
});

describe('PUT /api/provider/enquiries/:id/response', () => {
  let enquiry: EnquiryRow;
  beforeEach(async () => {
    enquiry = await insertAssignedEnquiry(api.database.db, provider.id, {
      location: 'Randburg',
      clientAddress: '198.51.100.20',
    });
  });

  // The customer's cancellation is the customer's last word: a provider cannot reopen
  // the request, mail the customer again or bring a review invitation by completing it.
  it.each([['in_progress'], ['completed'], ['cancelled']])(
    'answers 409 to status %s on a request the customer cancelled, and changes nothing',
    async (status) => {
      await confirmEnquiryEmail(api, enquiry.id);
      await api.database.db
        .update(customerEnquiries)
        .set({ status: 'cancelled', cancelReason: 'We found someone closer.' })
        .where(eq(customerEnquiries.id, enquiry.id));
      const before = await snapshot();
      const response = await respond(enquiry.id, {
        providerResponse: 'We can still come on Monday.',
        status,
      });
      await expectError(response, 409, 'The customer cancelled this request.');
      expect(await snapshot()).toEqual(before);
    },
  );

  it.each([['in_progress'], ['completed'], ['cancelled']])(
    'stores the response with status %s and e-mails it to the confirmed customer',
    async (status) => {
      await confirmEnquiryEmail(api, enquiry.id);
      const outbox = await watchOutbox(api);
      const response = await respond(enquiry.id, {
        providerResponse: '  We can install four cameras on Monday at 9:00.  ',
        providerNotes: 'Bring the long ladder.',
        status,
      });
      expect(response.status).toBe(200);
      const body = await jsonWithoutSecrets<Record<string, unknown>>(response);

      const row = await enquiryRow(api, enquiry.id);
      expect(row).toMatchObject({
        providerResponse: 'We can install four cameras on Monday at 9:00.',
        providerNotes: 'Bring the long ladder.',
        status,
        assignedProviderId: provider.id,
        customerEmail: 'lerato@example.co.za',
        adminNotes: enquiry.adminNotes,
      });
      expectRecent(row.respondedAt);
      // The answer says the customer will get the response by e-mail.
      expect(body).toEqual({ ...JSON.parse(JSON.stringify(withoutOrigin(row))), emailed: true });

      // The response; a completed request also brings the review invitation (reviews.test.ts).
      const mails = (await outbox.newMails()).filter((m) => !m.text.includes('/review?token='));
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail!.to).toBe('lerato@example.co.za');
      expect(mail!.subject).toContain('Ubuntu Security Solutions');
      expect(mail!.text).toContain('Hi Lerato Mokoena,');
      expect(mail!.text).toContain('We can install four cameras on Monday at 9:00.');
      expect(mail!.text).toContain(provider.email);
      // The internal notes stay with the provider.
      expect(mail!.text).not.toContain('Bring the long ladder.');
      if (status !== 'in_progress')
        expect(mail!.text).toContain(`marked this request as ${status}`);
    },
  );

  it('stores nothing but the response for an unconfirmed customer: no mail', async () => {
    const outbox = await watchOutbox(api);
    const response = await respond(enquiry.id, {
      providerResponse: 'We can come on Monday.',
      status: 'completed',
    });
    expect(response.status).toBe(200);
    // The dashboard is told, so it does not claim a mail that was not sent.
    expect(((await response.json()) as { emailed: boolean }).emailed).toBe(false);
    expect(await enquiryRow(api, enquiry.id)).toMatchObject({
      providerResponse: 'We can come on Monday.',
      status: 'completed',
      emailConfirmedAt: null,
    });
    expect(await outbox.newMails()).toEqual([]);
  });

  it('mails a confirmed customer at most once an hour, and the last response of the hour after it', async () => {
    await confirmEnquiryEmail(api, enquiry.id);
    const outbox = await watchOutbox(api);
    for (const text of ['On our way.', 'Running late, sorry.', 'All done: four cameras.']) {
      const answer = await respond(enquiry.id, { providerResponse: text, status: 'in_progress' });
      expect(((await answer.json()) as { emailed: boolean }).emailed).toBe(true);
      // The first mail goes out before the next response: a mail still queued would be
      // replaced by it (the topic), which is what a quick second answer should do.
      await api.runJobs();
    }
    const now = (await outbox.newMails()).filter((m) => m.to === 'lerato@example.co.za');
    expect(now.map((m) => m.text.includes('On our way.'))).toEqual([true]);
    await api.runJobs(new Date(Date.now() + 61 * 60_000));
    const later = (await outbox.newMails()).filter((m) => m.to === 'lerato@example.co.za');
    expect(later).toHaveLength(2);
    expect(later[1]?.text).toContain('All done: four cameras.');
  });

  it('stores blank notes as none, and a second response replaces the first', async () => {
    await confirmEnquiryEmail(api, enquiry.id);
    const outbox = await watchOutbox(api);
    expect(
      (await respond(enquiry.id, { providerResponse: 'First answer', status: 'in_progress' }))
        .status,
    ).toBe(200);
    const first = await enquiryRow(api, enquiry.id);
    expect(first).toMatchObject({ providerResponse: 'First answer', providerNotes: null });
    // The first mail goes out before the second response (reading the outbox carries it
    // out): a response still waiting in the outbox would be replaced by the newer one.
    expect((await outbox.newMails()).map((m) => m.text)).toEqual([
      expect.stringContaining('First answer'),
    ]);

    const second = await respond(enquiry.id, {
      providerResponse: 'Done, thank you.',
      providerNotes: '   ',
      status: 'completed',
    });
    expect(second.status).toBe(200);
    const row = await enquiryRow(api, enquiry.id);
    expect(row).toMatchObject({
      providerResponse: 'Done, thank you.',
      providerNotes: null,
      status: 'completed',
    });
    expect(row.respondedAt!.getTime()).toBeGreaterThanOrEqual(first.respondedAt!.getTime());
    // One response mail per enquiry and hour: the first went out, the second is
    // stored for the dashboard (enquiries.test.ts mails the next one an hour later).
    const mails = (await outbox.newMails()).filter((m) => m.subject.includes('responded'));
    expect(mails).toEqual([
      expect.objectContaining({ text: expect.stringContaining('First answer') as unknown }),
    ]);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['status new', { providerResponse: 'Hello', status: 'new' }, 'status', STATUS_MESSAGE],
    [
      'status assigned',
      { providerResponse: 'Hello', status: 'assigned' },
      'status',
      STATUS_MESSAGE,
    ],
    ['no status', { providerResponse: 'Hello' }, 'status', STATUS_MESSAGE],
    [
      'an empty response',
      { providerResponse: '', status: 'in_progress' },
      'providerResponse',
      'Response is required',
    ],
    [
      'a response of spaces',
      { providerResponse: '   ', status: 'in_progress' },
      'providerResponse',
      'Response is required',
    ],
    ['no response', { status: 'in_progress' }, 'providerResponse', 'Response is required'],
    [
      'a response over 5000 characters',
      { providerResponse: 'x'.repeat(5001), status: 'in_progress' },
      'providerResponse',
      'At most 5000 characters',
    ],
    [
      'notes over 2000 characters',
      { providerResponse: 'Hello', providerNotes: 'x'.repeat(2001), status: 'in_progress' },
      'providerNotes',
      'At most 2000 characters',
    ],
  ])('answers 400 to %s, changes nothing and mails no one', async (_, body, field, message) => {
    const outbox = await watchOutbox(api);
    const before = await snapshot();
    await expectFieldError(await respond(enquiry.id, body), field, message);
    expect(await snapshot()).toEqual(before);
    expect(await outbox.newMails()).toEqual([]);
  });

  it("answers 404 to another provider's enquiry and to an unassigned one, and changes neither", async () => {
    const theirs = await insertEnquiry(api.database.db, { assignedProviderId: other.id });
    const nobodys = await insertEnquiry(api.database.db);
    const outbox = await watchOutbox(api);
    const before = await snapshot();
    for (const id of [theirs.id, nobodys.id]) {
      await expectError(
        await respond(id, { providerResponse: 'Mine now', status: 'completed' }),
        404,
        ENQUIRY_NOT_FOUND,
      );
    }
    expect(await snapshot()).toEqual(before);
    expect(await outbox.newMails()).toEqual([]);

    // The provider it belongs to can respond.
    const session = await providerSession(api, other.id);
    const response = await respond(
      theirs.id,
      { providerResponse: 'Ours', status: 'completed' },
      session,
    );
    expect(response.status).toBe(200);
  });

  it.each<[string, string]>([
    ['abc', 'Not found'],
    ['1.5', 'Not found'],
    ['-1', 'Not found'],
    // Not decimal: these once reached enquiry 1.
    ['1e0', 'Not found'],
    ['0x1', 'Not found'],
    ['0', ENQUIRY_NOT_FOUND],
    ['99999', ENQUIRY_NOT_FOUND],
    ['2147483648', ENQUIRY_NOT_FOUND],
  ])('answers 404 to the enquiry id %s and changes nothing', async (id, message) => {
    expect(enquiry.id).toBe(1);
    const before = await snapshot();
    const response = await respond(id, { providerResponse: 'Hello', status: 'completed' });
    await expectError(response, 404, message);
    expect(await snapshot()).toEqual(before);
  });
});

describe('PUT /api/provider/profile', () => {
  const profile = (overrides: Record<string, unknown> = {}) => ({
    name: 'Ubuntu Security & Alarms',
    email: 'Info@UbuntuAlarms.example.co.za',
    phone: '082 555 0199',
    location: 'Durban',
    province: 'kwazulu-natal',
    services: ['alarms', 'cctv', 'alarms'],
    description: 'Alarms and cameras for homes and shops in Durban.',
    ...PROFILE_EXTRAS,
    ...overrides,
  });

  it('updates the profile, shows it publicly, and the new e-mail logs in', async () => {
    const before = await providerRow(api, provider.id);
    const response = await updateProfile(profile());
    expect(response.status).toBe(200);
    const body = await jsonWithoutSecrets<Record<string, unknown>>(response);
    expect(Object.keys(body).sort()).toEqual(OWN_PROFILE_KEYS);
    const expected = {
      id: provider.id,
      name: 'Ubuntu Security & Alarms',
      email: 'info@ubuntualarms.example.co.za',
      phone: '0825550199',
      location: 'Durban',
      province: 'kwazulu-natal',
      services: ['alarms', 'cctv'],
      description: 'Alarms and cameras for homes and shops in Durban.',
    };
    expect(body).toMatchObject(expected);
    expect(await jsonWithoutSecrets(await me())).toEqual(body);

    const row = await providerRow(api, provider.id);
    expect(row).toMatchObject({
      ...expected,
      // Durban in the town table.
      latitude: '-29.85870000',
      longitude: '31.02180000',
      passwordHash: before.passwordHash,
      tokenVersion: before.tokenVersion,
      rating: before.rating,
      isApproved: before.isApproved,
    });
    expect(row.updatedAt.getTime()).toBeGreaterThanOrEqual(before.updatedAt.getTime());

    const publicAnswer = await api.get(`/api/providers/${provider.id}`);
    expect(publicAnswer.status).toBe(200);
    expect(await jsonWithoutSecrets(publicAnswer)).toMatchObject({
      ...expected,
      latitude: '-29.85870000',
      longitude: '31.02180000',
    });

    // The e-mail is the login: the session goes on, the old address no longer logs in.
    expect((await me()).status).toBe(200);
    const login = await postLogin(api, 'provider', {
      email: 'info@ubuntualarms.example.co.za',
      password: provider.password,
    });
    expect(login.status).toBe(200);
    const old = await postLogin(api, 'provider', {
      email: provider.email,
      password: provider.password,
    });
    expect(old.status).toBe(401);
  });

  it('clears the coordinates for a town that is not in the town table', async () => {
    const response = await updateProfile(profile({ location: 'Kleinkaroo Farm 12' }));
    expect(response.status).toBe(200);
    expect(await providerRow(api, provider.id)).toMatchObject({
      location: 'Kleinkaroo Farm 12',
      latitude: null,
      longitude: null,
    });
  });

  it('keeps its own e-mail address (in any case) without a conflict', async () => {
    const response = await updateProfile(profile({ email: provider.email.toUpperCase() }));
    expect(response.status).toBe(200);
    expect((await providerRow(api, provider.id)).email).toBe(provider.email);
  });

  it('updates a provider that is not approved, which stays out of the public listing', async () => {
    const pending = await insertProvider(api.database.db, { isApproved: false });
    const session = await providerSession(api, pending.id);
    const response = await updateProfile(profile({ email: 'pending@example.co.za' }), session);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ isApproved: false, location: 'Durban' });
    await expectError(await api.get(`/api/providers/${pending.id}`), 404);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    [
      'a phone number that is not South African',
      { phone: '+44 20 7946 0958' },
      'phone',
      'Please enter a valid South African phone number (e.g., +27123456789 or 0123456789)',
    ],
    [
      'a phone number with too few digits',
      { phone: '082 555 01' },
      'phone',
      'Please enter a valid South African phone number (e.g., +27123456789 or 0123456789)',
    ],
    ['an unknown province', { province: 'atlantis' }, 'province', 'Please select a province'],
    ['no services', { services: [] }, 'services', 'Please select at least one service'],
    [
      'an unknown service',
      { services: ['cctv', 'plumbing'] },
      'services.1',
      'Please select at least one service',
    ],
    [
      'services that are not a list',
      { services: 'cctv' },
      'services',
      'Please select at least one service',
    ],
    [
      'an invalid e-mail',
      { email: 'info-at-ubuntu' },
      'email',
      'Please enter a valid email address',
    ],
    ['an empty name', { name: '   ' }, 'name', 'Business name is required'],
    ['no name', { name: undefined }, 'name', 'Business name is required'],
    ['an empty location', { location: '' }, 'location', 'City/area is required'],
    // An empty description is none (own-facts.test.ts); a missing one is refused.
    [
      'no description',
      { description: undefined },
      'description',
      'Business description is required',
    ],
    [
      'a description over 2000 characters',
      { description: 'x'.repeat(2001) },
      'description',
      'At most 2000 characters',
    ],
  ])(
    'answers 400 to %s with a field error and changes nothing',
    async (_, overrides, field, message) => {
      const before = await snapshot();
      const body = await expectError(await updateProfile(profile(overrides)), 400);
      expect(body.errors?.[field]).toBe(message);
      expect(await snapshot()).toEqual(before);
    },
  );

  it("answers 400 with an error for every one of the spec's fields at once", async () => {
    const before = await snapshot();
    const body = await expectError(await updateProfile({}), 400);
    // The fields added after the spec may be left out: they keep their stored values.
    expect(Object.keys(body.errors ?? {}).sort()).toEqual(
      ['description', 'email', 'location', 'name', 'phone', 'province', 'services'].sort(),
    );
    expect(await snapshot()).toEqual(before);
  });

  it("answers 409 to another provider's e-mail (in any case) and changes nothing", async () => {
    const before = await snapshot();
    for (const email of [other.email, other.email.toUpperCase()]) {
      const body = await expectError(
        await updateProfile(profile({ email })),
        409,
        'Another provider uses this e-mail address.',
      );
      expect(body.errors).toEqual({ email: 'Another provider uses this e-mail address.' });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('ignores fields the provider may not change', async () => {
    const before = await providerRow(api, provider.id);
    const response = await updateProfile(
      profile({
        isApproved: false,
        isVerified: true,
        verifiedUntil: '2099-12-31',
        legalForm: 'sole_trader',
        isPremium: true,
        rating: 5,
        reviewCount: 999,
        passwordHash: 'scrypt$17$8$1$AAAA$BBBB',
        tokenVersion: 0,
        id: other.id,
      }),
    );
    expect(response.status).toBe(200);
    const after = await providerRow(api, provider.id);
    expect(after).toMatchObject({
      id: provider.id,
      isApproved: before.isApproved,
      verifiedUntil: before.verifiedUntil,
      legalForm: before.legalForm,
      isPremium: before.isPremium,
      rating: before.rating,
      reviewCount: before.reviewCount,
      passwordHash: before.passwordHash,
      tokenVersion: before.tokenVersion,
    });
    expect((await providerRow(api, other.id)).name).toBe('Cape Alarm Co');
  });
});

describe('the profile photo', () => {
  const TICKET_URL = /^\/api\/uploads\/([A-Za-z0-9_-]{16,64})$/;

  /** POST /api/objects/upload as the provider; fails unless it answers an upload URL. */
  async function newTicket(session = provider.token): Promise<{ uploadURL: string; id: string }> {
    const response = await api.request('/api/objects/upload', {
      method: 'POST',
      headers: auth(session),
    });
    expect(response.status).toBe(200);
    const { uploadURL } = (await response.json()) as { uploadURL: string };
    const id = TICKET_URL.exec(uploadURL)?.[1];
    if (!id) throw new Error(`Not an upload URL: ${uploadURL}`);
    return { uploadURL, id };
  }

  /** PUTs a PNG to an upload URL; answers its object path. */
  async function uploadPng(uploadURL: string, bytes?: Uint8Array<ArrayBuffer>): Promise<string> {
    const response = await api.request(uploadURL, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: bytes ?? (await realImageBytes('png')),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { objectPath: string }).objectPath;
  }

  /** The request changed nothing, and the ticket can still be claimed. */
  async function expectRefused(response: Response, before: Awaited<ReturnType<typeof snapshot>>) {
    const body = await expectError(response, 400, IMAGE_NOT_FOUND);
    expect(body.errors).toEqual({ profileImageURL: IMAGE_NOT_FOUND });
    expect(await snapshot()).toEqual(before);
  }

  it('uploads a PNG and makes it the profile photo', async () => {
    const response = await api.request('/api/objects/upload', {
      method: 'POST',
      headers: auth(),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const answer = (await response.json()) as Record<string, unknown>;
    // The spec's uploadURL, and how to send to it (a PUT on local disk).
    expect(Object.keys(answer)).toEqual(['uploadURL', 'method']);
    expect(answer.method).toBe('PUT');
    const uploadURL = String(answer.uploadURL);
    const id = TICKET_URL.exec(uploadURL)?.[1];
    expect(id).toBeDefined();
    const [ticket] = await api.database.db
      .select()
      .from(uploadTickets)
      .where(eq(uploadTickets.id, id!));
    expect(ticket).toMatchObject({
      purpose: 'profile-image',
      owner: `provider:${provider.id}`,
      maxBytes: 5 * MB,
      uploadedAt: null,
      claimedAt: null,
    });

    const bytes = await realImageBytes('png', { width: 16, height: 12 });
    const objectPath = await uploadPng(uploadURL, bytes);
    expect(objectPath).toBe(`/objects/uploads/${id}.png`);

    const updated = await updateImage(uploadURL);
    expect(updated.status).toBe(200);
    const body = await jsonWithoutSecrets<Record<string, unknown>>(updated);
    expect(Object.keys(body).sort()).toEqual(OWN_PROFILE_KEYS);
    expect(body).toMatchObject({ id: provider.id, profileImage: objectPath });
    expect(await jsonWithoutSecrets(await me())).toMatchObject({ profileImage: objectPath });
    expect((await providerRow(api, provider.id)).profileImage).toBe(objectPath);

    const [claimed] = await api.database.db
      .select()
      .from(uploadTickets)
      .where(eq(uploadTickets.id, id!));
    expectRecent(claimed!.claimedAt);

    const publicAnswer = await api.get(`/api/providers/${provider.id}`);
    expect(await publicAnswer.json()).toMatchObject({ profileImage: objectPath });
    const served = await api.get(objectPath);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    // Re-encoded when claimed (uploads.test.ts): the stored file, a 16×12 PNG still.
    const image = new Uint8Array(await served.arrayBuffer());
    expect(new Uint8Array(await readFile(path.join(api.env.DATA_DIR, objectPath)))).toEqual(image);
    const header = Buffer.from(image.subarray(12, 24)).toString('hex');
    expect(header).toBe(`${Buffer.from('IHDR').toString('hex')}000000100000000c`);
  });

  it('takes the object path the upload answered as well as the upload URL', async () => {
    const { uploadURL } = await newTicket();
    const objectPath = await uploadPng(uploadURL);
    const response = await updateImage(objectPath);
    expect(response.status).toBe(200);
    expect((await providerRow(api, provider.id)).profileImage).toBe(objectPath);
  });

  it('refuses the same upload a second time and keeps the photo it set', async () => {
    const { uploadURL } = await newTicket();
    const objectPath = await uploadPng(uploadURL);
    expect((await updateImage(uploadURL)).status).toBe(200);
    const before = await snapshot();
    await expectRefused(await updateImage(uploadURL), before);
    await expectRefused(await updateImage(objectPath), before);
    expect((await providerRow(api, provider.id)).profileImage).toBe(objectPath);
  });

  postgresOnly('lets only one of two simultaneous claims of an upload through', async () => {
    const { uploadURL } = await newTicket();
    const objectPath = await uploadPng(uploadURL);
    const answers = await Promise.all([updateImage(uploadURL), updateImage(objectPath)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect((await providerRow(api, provider.id)).profileImage).toBe(objectPath);
  });

  it("refuses another provider's upload, which its owner can still use", async () => {
    const session = await providerSession(api, other.id);
    const { uploadURL } = await newTicket(session);
    await uploadPng(uploadURL);
    const before = await snapshot();
    await expectRefused(await updateImage(uploadURL), before);
    expect((await updateImage(uploadURL, session)).status).toBe(200);
  });

  it("refuses an administrator's upload", async () => {
    const admin = await createTestAdmin(api);
    const adminToken = await adminSession(api, admin.id);
    const ticket = await api.request('/api/admin/objects/upload', {
      method: 'POST',
      headers: auth(adminToken),
    });
    expect(ticket.status).toBe(200);
    const { uploadURL } = (await ticket.json()) as { uploadURL: string };
    await uploadPng(uploadURL);
    await expectRefused(await updateImage(uploadURL), await snapshot());
  });

  it('refuses a join-form upload', async () => {
    const ticket = await api.request('/api/public/objects/upload', { method: 'POST' });
    expect(ticket.status).toBe(200);
    const { uploadURL } = (await ticket.json()) as { uploadURL: string };
    await uploadPng(uploadURL);
    await expectRefused(await updateImage(uploadURL), await snapshot());
  });

  it('refuses an upload URL that nothing was uploaded to yet', async () => {
    const { uploadURL } = await newTicket();
    await expectRefused(await updateImage(uploadURL), await snapshot());
    // Once the image is there, it is taken.
    await uploadPng(uploadURL);
    expect((await updateImage(uploadURL)).status).toBe(200);
  });

  it.each<[string, unknown]>([
    ['an unknown upload', `/api/uploads/${'D'.repeat(32)}`],
    ['an address on another site', 'https://evil.example.com/photo.png'],
    ['an object that was never uploaded', `/objects/uploads/${'E'.repeat(32)}.png`],
  ])('refuses %s', async (_, reference) => {
    await expectRefused(await updateImage(reference), await snapshot());
  });

  it.each<[string, unknown]>([
    ['an empty reference', ''],
    ['no reference', undefined],
    ['a reference that is not text', 42],
  ])('answers 400 to %s and changes nothing', async (_, reference) => {
    const before = await snapshot();
    const body = await expectError(
      await updateImage(reference),
      400,
      'The uploaded image is required',
    );
    expect(body.errors).toEqual({ profileImageURL: 'The uploaded image is required' });
    expect(await snapshot()).toEqual(before);
  });

  it('answers 429 to the 21st upload address of a provider in ten minutes', async () => {
    const { max, message } = RATE_LIMITS.upload;
    expect(max).toBe(20);
    for (let i = 1; i <= max; i++) await newTicket();
    const before = await snapshot();
    const response = await api.request('/api/objects/upload', {
      method: 'POST',
      headers: auth(),
    });
    await expectError(response, 429, message);
    expect(await snapshot()).toEqual(before);
    // Counted per provider: another provider still gets one.
    await newTicket(await providerSession(api, other.id));
  });
});

describe('upload addresses of a signed-in provider', () => {
  const PATHS = [
    '/api/objects/upload',
    '/api/provider/work-photos/upload',
    '/api/provider/documents/upload',
  ];
  const ask = (path: string, session = provider.token) =>
    api.request(path, { method: 'POST', headers: auth(session) });

  // One count for all three: each address takes a file of up to 10 MB that is kept until
  // it is claimed or an hour has passed. The count is asked of the two 5 MB image paths,
  // whose 20 fit the hour's 100 MB (RATE_LIMITS.uploadBytes, tested in uploads.test.ts).
  it.each(PATHS)('%s answers 429 once the provider asked for 20 in ten minutes', async (path) => {
    const { max, message } = RATE_LIMITS.upload;
    for (let i = 0; i < max; i++) {
      expect((await ask(PATHS[i % 2]!)).status).toBe(200);
    }
    const before = await snapshot();
    await expectError(await ask(path), 429, message);
    expect(await snapshot()).toEqual(before);
    expect((await ask(path, await providerSession(api, other.id))).status).toBe(200);
  });
});
