import { asc, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  customerEnquiries,
  passwordTokens,
  providerApplications,
  serviceProviders,
} from '../../db/schema.ts';
import { DEFAULT_RESET_NOTE } from '../../src/lib/schemas/admin.ts';
import {
  itIsForAdminsOnly,
  useSignedInAdmin,
  uploadedAdminTicket,
} from '../helpers/admin-fixtures.ts';
import { listProviders, sendJson, storedRow, type ApiRoute } from '../helpers/api-fixtures.ts';
import { confirmApplicationAddress } from '../helpers/application-confirmation.ts';
import { bearer } from '../helpers/auth-fixtures.ts';
import {
  insertApplication,
  insertEnquiry,
  insertProvider,
  validApplicationBody,
} from '../helpers/builders.ts';
import { expectError } from '../helpers/error-answer.ts';
import { linkIn, watchOutbox } from '../helpers/outbox.ts';
import { expectRecent } from '../helpers/recent-time.ts';
import { useTestApi } from '../helpers/test-api.ts';

// All requests come from 127.0.0.1; reset() in beforeEach empties the rate-limit
// counters (applications: 5 an hour per client). Each test creates one admin, with a
// session minted for it.
const api = useTestApi();

const admin = useSignedInAdmin(api, { firstName: 'Lerato', lastName: 'Khumalo' });

type ApplicationRow = typeof providerApplications.$inferSelect;

/** A complete application as the join form sends it. */
const applicationBody = (overrides: Record<string, unknown> = {}) =>
  validApplicationBody({
    phone: '082 555 0101',
    businessLicense: undefined,
    insurance: undefined,
    previousWork: undefined,
    ...overrides,
  });

/** Applies through POST /api/provider-applications and answers the new id. */
async function submitApplication(overrides: Record<string, unknown> = {}): Promise<number> {
  const response = await sendJson(
    api,
    'POST',
    '/api/provider-applications',
    applicationBody(overrides),
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** Inserts an application row directly (no rate limit, no mail). */
const insertApplicationRow = (overrides: Partial<ApplicationRow> = {}) =>
  insertApplication(api.database.db, overrides);

const applicationRow = (id: number): Promise<ApplicationRow> =>
  storedRow(api, providerApplications, id, 'application');

const allProviders = () =>
  api.database.db.select().from(serviceProviders).orderBy(asc(serviceProviders.id));

function review(id: number | string, body: unknown, auth = admin.token): Promise<Response> {
  return api.request(`/api/admin/applications/${id}/review`, {
    method: 'PUT',
    headers: bearer(auth),
    body: JSON.stringify(body),
  });
}

function approve(id: number | string, auth = admin.token): Promise<Response> {
  return api.request(`/api/admin/applications/${id}/approve`, {
    method: 'POST',
    headers: bearer(auth),
  });
}

describe('every signed-in admin route refuses requests without a valid admin session', () => {
  let applicationId: number;
  let uploadURL: string;
  beforeEach(async () => {
    applicationId = (await insertApplicationRow()).id;
    uploadURL = await uploadedAdminTicket(api, admin.token);
  });

  const ROUTES: ApiRoute[] = [
    { name: 'GET /api/admin/me' },
    { name: 'POST /api/admin/logout' },
    { name: 'GET /api/admin/stats' },
    { name: 'GET /api/admin/applications' },
    {
      name: 'PUT /api/admin/applications/:id/review',
      id: () => applicationId,
      body: () => ({ status: 'rejected', adminNotes: 'Not by this request' }),
    },
    {
      name: 'POST /api/admin/applications/:id/approve',
      id: () => applicationId,
    },
    { name: 'POST /api/admin/objects/upload' },
    { name: 'POST /api/admin/flash-ads/upload' },
    { name: 'POST /api/admin/process-image', body: () => ({ uploadURL }) },
  ];

  itIsForAdminsOnly(api, () => admin.id, ROUTES);
});

describe('GET /api/admin/stats', () => {
  it('answers zeros on an empty database', async () => {
    const response = await api.get('/api/admin/stats', { headers: bearer(admin.token) });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(await response.json()).toEqual({
      totalApplications: 0,
      pendingApplications: 0,
      totalProviders: 0,
      verifiedProviders: 0,
      premiumProviders: 0,
      totalEnquiries: 0,
      newEnquiries: 0,
      heldReviews: 0,
    });
  });

  it('counts applications, approved providers and enquiries, new ones by South African day', async () => {
    const db = api.database.db;
    await insertApplicationRow({ status: 'pending' });
    await insertApplicationRow({ status: 'pending' });
    await insertApplicationRow({ status: 'approved' });
    await insertApplicationRow({ status: 'rejected' });

    await insertProvider(db, { isVerified: true, isPremium: true });
    await insertProvider(db, { isVerified: true });
    await insertProvider(db, { isPremium: true, isVerified: false });
    await insertProvider(db);
    // Not approved: counted nowhere, whatever its flags.
    await insertProvider(db, { isApproved: false, isVerified: true, isPremium: true });

    // Midnight in Johannesburg today (22:00 UTC the day before): the first moment of 'today'.
    const saMidnight = sql`date_trunc('day', now() AT TIME ZONE 'Africa/Johannesburg') AT TIME ZONE 'Africa/Johannesburg'`;
    await insertEnquiry(db);
    await insertEnquiry(db, { status: 'completed' });
    const atMidnight = await insertEnquiry(db);
    await db
      .update(customerEnquiries)
      .set({ createdAt: saMidnight })
      .where(eq(customerEnquiries.id, atMidnight.id));
    const yesterday = await insertEnquiry(db);
    await db
      .update(customerEnquiries)
      .set({ createdAt: sql`${saMidnight} - interval '1 second'` })
      .where(eq(customerEnquiries.id, yesterday.id));
    const lastWeek = await insertEnquiry(db);
    await db
      .update(customerEnquiries)
      .set({ createdAt: sql`now() - interval '7 days'` })
      .where(eq(customerEnquiries.id, lastWeek.id));

    const response = await api.get('/api/admin/stats', { headers: bearer(admin.token) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      totalApplications: 4,
      pendingApplications: 2,
      totalProviders: 4,
      verifiedProviders: 2,
      premiumProviders: 2,
      totalEnquiries: 5,
      newEnquiries: 3,
      heldReviews: 0,
    });
  });

  it('follows an approval', async () => {
    const id = await submitApplication();
    const stats = async () =>
      (await (
        await api.get('/api/admin/stats', { headers: bearer(admin.token) })
      ).json()) as Record<string, number>;
    expect(await stats()).toMatchObject({
      totalApplications: 1,
      pendingApplications: 1,
      totalProviders: 0,
    });
    expect((await approve(id)).status).toBe(201);
    expect(await stats()).toMatchObject({
      totalApplications: 1,
      pendingApplications: 0,
      totalProviders: 1,
      verifiedProviders: 0,
      premiumProviders: 0,
    });
  });
});

describe('GET /api/admin/applications', () => {
  it('answers every application, newest first', async () => {
    const older = await insertApplicationRow({ status: 'rejected' });
    const newer = await insertApplicationRow({ status: 'pending' });
    const response = await api.get('/api/admin/applications', { headers: bearer(admin.token) });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const body = (await response.json()) as { id: number; status: string }[];
    expect(body.map((a) => [a.id, a.status])).toEqual([
      [newer.id, 'pending'],
      [older.id, 'rejected'],
    ]);
  });
});

describe('rejecting a pending application', () => {
  it('stores the notes, the reviewer and the time, and mails the applicant the notes', async () => {
    const id = await submitApplication();
    // A rejection goes to a confirmed address only (application-confirmation.test.ts).
    await confirmApplicationAddress(api, 'thandi@securehome.example.co.za');
    const outbox = await watchOutbox(api);
    const notes = 'Please send a copy of your public liability insurance.';

    const response = await review(id, { status: 'rejected', adminNotes: `  ${notes} ` });
    expect(response.status).toBe(200);
    const body = (await response.json()) as ApplicationRow;
    expect(body).toMatchObject({ id, status: 'rejected', adminNotes: notes, reviewedBy: admin.id });

    const row = await applicationRow(id);
    expect(row).toMatchObject({
      status: 'rejected',
      adminNotes: notes,
      reviewedBy: admin.id,
      providerId: null,
    });
    expectRecent(row.reviewedAt);
    expect(await allProviders()).toEqual([]);

    // The admins' hourly digest may fall in these ten minutes: only the applicant's mail.
    const mails = (await outbox.newMails()).filter((m) => m.to !== admin.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe('thandi@securehome.example.co.za');
    expect(mails[0]!.subject).toBe('Your Verified Providers application');
    expect(mails[0]!.text).toContain('Thandi Nkosi');
    expect(mails[0]!.text).toContain(notes);
  });

  it('rejects without notes too', async () => {
    const id = await submitApplication();
    const response = await review(id, { status: 'rejected', adminNotes: '   ' });
    expect(response.status).toBe(200);
    expect(await applicationRow(id)).toMatchObject({ status: 'rejected', adminNotes: null });
  });
});

describe('approving a pending application', () => {
  it('creates exactly one approved provider from the application and mails a set-password link', async () => {
    const id = await submitApplication();
    const outbox = await watchOutbox(api);

    const response = await approve(id);
    expect(response.status).toBe(201);
    const body = (await response.json()) as { application: ApplicationRow; providerId: number };
    expect(typeof body.providerId).toBe('number');
    expect(body.application).toMatchObject({
      id,
      status: 'approved',
      providerId: body.providerId,
      reviewedBy: admin.id,
    });

    const providers = await allProviders();
    expect(providers).toHaveLength(1);
    const provider = providers[0]!;
    expect(provider).toMatchObject({
      id: body.providerId,
      name: 'Secure Home Installations',
      email: 'thandi@securehome.example.co.za',
      phone: '0825550101',
      services: ['cctv', 'alarms'],
      location: 'Sandton',
      province: 'gauteng',
      // Sandton in the town table.
      latitude: '-26.10760000',
      longitude: '28.05670000',
      website: 'https://securehome.example.co.za',
      yearsExperience: 8,
      isApproved: true,
      // Listed, but unverified until an admin records its checks.
      verifiedUntil: '-infinity',
      isPremium: false,
      passwordHash: null,
    });

    const row = await applicationRow(id);
    expect(row).toMatchObject({
      status: 'approved',
      providerId: provider.id,
      reviewedBy: admin.id,
    });
    expectRecent(row.reviewedAt);

    const listed = await listProviders(api);
    expect(listed.providers.map((p) => p.id)).toEqual([provider.id]);
    expect((await api.get(`/api/providers/${provider.id}`)).status).toBe(200);

    const mails = await outbox.newMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe('thandi@securehome.example.co.za');
    expect(mails[0]!.text).toContain('/dashboard/set-password?token=');
    const link = linkIn(mails[0]!.text, '/dashboard/set-password?token=');
    expect(link?.origin).toBe(api.url);
    expect(link?.searchParams.get('token')).toMatch(/^[\w-]{20,}$/);

    const tokens = await api.database.db.select().from(passwordTokens);
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatchObject({
      purpose: 'set-password',
      providerId: provider.id,
      adminId: null,
      usedAt: null,
    });
  });

  it('leaves the coordinates empty for a town that is not in the town table', async () => {
    const id = await submitApplication({ location: 'Kleinkaroo Farm 12' });
    expect((await approve(id)).status).toBe(201);
    const [provider] = await allProviders();
    expect(provider).toMatchObject({
      location: 'Kleinkaroo Farm 12',
      latitude: null,
      longitude: null,
    });
  });

  it('does not let the set-password link reset an admin password', async () => {
    const id = await submitApplication();
    const outbox = await watchOutbox(api);
    expect((await approve(id)).status).toBe(201);
    const [mail] = await outbox.newMails();
    const setPassword = linkIn(mail!.text, 'token=')!.searchParams.get('token')!;
    const response = await sendJson(api, 'POST', '/api/admin/reset-password', {
      resetToken: setPassword,
      newPassword: 'taken over',
    });
    expect(response.status).toBe(400);
  });
});

describe('resetting to pending', () => {
  it('puts an approved application back with the default note and unlists its provider', async () => {
    const id = await submitApplication();
    const { providerId } = (await (await approve(id)).json()) as { providerId: number };
    expect((await listProviders(api)).total).toBe(1);

    const response = await review(id, { status: 'pending' });
    expect(response.status).toBe(200);
    const row = await applicationRow(id);
    expect(row).toMatchObject({
      status: 'pending',
      adminNotes: DEFAULT_RESET_NOTE,
      reviewedBy: admin.id,
      providerId,
    });
    expect(DEFAULT_RESET_NOTE).toBe('Reset to pending for review');
    expectRecent(row.reviewedAt);

    const providers = await allProviders();
    expect(providers).toHaveLength(1);
    expect(providers[0]).toMatchObject({ id: providerId, isApproved: false });
    const listed = await listProviders(api);
    expect(listed.total).toBe(0);
    expect(listed.providers).toEqual([]);
    expect((await api.get(`/api/providers/${providerId}`)).status).toBe(404);
  });

  it('keeps notes typed by the admin', async () => {
    const id = await submitApplication();
    expect((await approve(id)).status).toBe(201);
    expect(
      (await review(id, { status: 'pending', adminNotes: 'Re-check the licence' })).status,
    ).toBe(200);
    expect((await applicationRow(id)).adminNotes).toBe('Re-check the licence');
  });

  it('puts a rejected application back to pending', async () => {
    const id = await submitApplication();
    expect((await review(id, { status: 'rejected', adminNotes: 'No insurance' })).status).toBe(200);
    const outbox = await watchOutbox(api);
    const response = await review(id, { status: 'pending' });
    expect(response.status).toBe(200);
    expect(await applicationRow(id)).toMatchObject({
      status: 'pending',
      adminNotes: DEFAULT_RESET_NOTE,
      providerId: null,
    });
    expect(await allProviders()).toEqual([]);
    expect(await outbox.newMails()).toEqual([]);
  });

  it('approving again lists the same provider again, without a second one', async () => {
    const id = await submitApplication();
    const first = (await (await approve(id)).json()) as { providerId: number };
    expect((await review(id, { status: 'pending' })).status).toBe(200);

    const again = await approve(id);
    expect(again.status).toBe(201);
    const second = (await again.json()) as { providerId: number };
    expect(second.providerId).toBe(first.providerId);
    const providers = await allProviders();
    expect(providers).toHaveLength(1);
    expect(providers[0]).toMatchObject({ id: first.providerId, isApproved: true });
    expect((await listProviders(api)).providers.map((p) => p.id)).toEqual([first.providerId]);
    expect(await applicationRow(id)).toMatchObject({
      status: 'approved',
      providerId: first.providerId,
    });
  });
});

describe('approving a rejected application', () => {
  it('creates and lists the provider', async () => {
    const id = await submitApplication();
    expect((await review(id, { status: 'rejected', adminNotes: 'Missing licence' })).status).toBe(
      200,
    );
    const response = await approve(id);
    expect(response.status).toBe(201);
    const { providerId } = (await response.json()) as { providerId: number };
    expect(await applicationRow(id)).toMatchObject({ status: 'approved', providerId });
    expect((await listProviders(api)).providers.map((p) => p.id)).toEqual([providerId]);
  });
});

describe('transitions the spec does not allow answer 409 and change nothing', () => {
  /** Runs `attempt` and checks the 409, the application row, the providers and the mail. */
  async function expectConflict(id: number, attempt: () => Promise<Response>, message: string) {
    const before = await applicationRow(id);
    const providersBefore = await allProviders();
    const outbox = await watchOutbox(api);
    await expectError(await attempt(), 409, message);
    expect(await applicationRow(id)).toEqual(before);
    expect(await allProviders()).toEqual(providersBefore);
    expect(await outbox.newMails()).toEqual([]);
  }

  it('approving an approved application (no second provider)', async () => {
    const id = await submitApplication();
    expect((await approve(id)).status).toBe(201);
    await expectConflict(
      id,
      () => approve(id),
      'An application that is approved cannot be approved.',
    );
    expect(await allProviders()).toHaveLength(1);
    expect(await api.database.db.select().from(passwordTokens)).toHaveLength(1);
  });

  it('rejecting a rejected application', async () => {
    const id = await submitApplication();
    expect((await review(id, { status: 'rejected' })).status).toBe(200);
    await expectConflict(
      id,
      () => review(id, { status: 'rejected', adminNotes: 'Again' }),
      'An application that is rejected cannot be rejected.',
    );
  });

  it('rejecting an approved application (its provider stays listed)', async () => {
    const id = await submitApplication();
    expect((await approve(id)).status).toBe(201);
    await expectConflict(
      id,
      () => review(id, { status: 'rejected', adminNotes: 'Changed my mind' }),
      'An application that is approved cannot be rejected.',
    );
    expect((await listProviders(api)).total).toBe(1);
  });

  it('reviewing with status approved (approval has its own action)', async () => {
    const id = await submitApplication();
    await expectConflict(
      id,
      () => review(id, { status: 'approved' }),
      'Use the approve action to approve an application.',
    );
  });

  it('resetting a pending application', async () => {
    const id = await submitApplication();
    await expectConflict(
      id,
      () => review(id, { status: 'pending', adminNotes: 'Nothing to reset' }),
      'An application that is pending cannot be reset to pending.',
    );
  });

  it('approving when a provider with that e-mail exists already', async () => {
    await insertProvider(api.database.db, { email: 'Thandi@SecureHome.Example.co.za' });
    const id = await submitApplication();
    await expectConflict(
      id,
      () => approve(id),
      'A provider with this e-mail address exists already.',
    );
    expect(await allProviders()).toHaveLength(1);
    expect(await api.database.db.select().from(passwordTokens)).toEqual([]);
  });
});

describe('unknown applications and invalid requests', () => {
  it.each([['9999'], ['0'], ['-1'], ['abc'], ['99999999999']])(
    'answers 404 JSON for application id %s',
    async (id) => {
      await expectError(await approve(id), 404);
      await expectError(await review(id, { status: 'rejected' }), 404);
      expect(await allProviders()).toEqual([]);
    },
  );

  it.each<[string, unknown, string]>([
    ['an unknown status', { status: 'archived' }, 'Choose a status: pending, approved or rejected'],
    ['no status', { adminNotes: 'Looks fine' }, 'Choose a status: pending, approved or rejected'],
    [
      'notes over 2000 characters',
      { status: 'rejected', adminNotes: 'n'.repeat(2001) },
      'Notes must be at most 2000 characters',
    ],
  ])('answers 400 to a review with %s and changes nothing', async (_, body, message) => {
    const application = await insertApplicationRow();
    await expectError(await review(application.id, body), 400, message);
    expect(await applicationRow(application.id)).toEqual(application);
  });

  it('answers 400 to a review body that is not JSON', async () => {
    const application = await insertApplicationRow();
    const response = await api.request(`/api/admin/applications/${application.id}/review`, {
      method: 'PUT',
      headers: bearer(admin.token),
      body: '{"status": ',
    });
    await expectError(response, 400, 'The request body must be JSON');
    expect(await applicationRow(application.id)).toEqual(application);
  });
});

describe('review: found in review', () => {
  it('refuses to reset an application to pending while the same person has another pending one (409)', async () => {
    const rejected = await insertApplicationRow({
      email: 'again@example.co.za',
      status: 'rejected',
    });
    const pending = await insertApplicationRow({ email: 'Again@example.co.za' });
    const response = await review(rejected.id, { status: 'pending' });
    await expectError(
      response,
      409,
      'Another application for this e-mail address is already pending.',
    );
    expect((await applicationRow(rejected.id)).status).toBe('rejected');
    expect((await applicationRow(pending.id)).status).toBe('pending');
  });
});
