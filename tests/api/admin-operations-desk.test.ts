import { asc, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminUsers, customerEnquiries } from '../../db/schema.ts';
import { saDateTime } from '../../src/api/exports/csv.ts';
import { saToday } from '../../src/lib/calendar-days.ts';
import { REASSIGN_MESSAGES } from '../../src/lib/schemas/enquiry-follow-up.ts';
import {
  adminRow,
  adminSession,
  createTestAdmin,
  itIsForAdminsOnly,
  useSignedInAdmin,
} from '../helpers/admin-fixtures.ts';
import { databaseSnapshot, okJson, sendAs, type ApiRoute } from '../helpers/api-fixtures.ts';
import { postLogin, SIGN_IN_AGAIN, signIn } from '../helpers/auth-fixtures.ts';
import { insertEnquiry, insertProvider } from '../helpers/builders.ts';
import { csvBody, csvRecords, csvRows } from '../helpers/csv-download.ts';
import { enquiryRow } from '../helpers/enquiry-fixtures.ts';
import {
  expectError,
  expectFieldError,
  expectFieldRefusal,
  expectNotFoundRefusal,
} from '../helpers/error-answer.ts';
import { watchOutbox } from '../helpers/outbox.ts';
import { providerSession } from '../helpers/provider-fixtures.ts';
import { useTestApi } from '../helpers/test-api.ts';

// Admins' sessions are minted directly; only the admin-user tests sign in with a password.
// Sign-in allows 10 attempts per client and 5 per e-mail: reset() empties the counters.
const api = useTestApi();

const admin = useSignedInAdmin(api, { firstName: 'Lerato', lastName: 'Khumalo' });

type EnquiryRow = typeof customerEnquiries.$inferSelect;
interface DeskEnquiry {
  id: number;
  customerName: string;
  customerEmail: string;
  serviceType: string;
  location: string;
  urgency: string;
  status: string;
  assignedProviderId: number | null;
  assignedProviderName: string | null;
  adminNotes: string | null;
  createdAt: string;
}
interface AdminUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  isActive: boolean;
  lastLogin: string | null;
  createdAt: string;
}

const LOGIN_FAILED = 'Invalid email or password';

const getAs = (path: string, auth = admin.token) => sendAs(api, auth, 'GET', path);
const listEnquiries = (query = '') => okJson<DeskEnquiry[]>(getAs(`/api/admin/enquiries${query}`));
const putEnquiry = (id: number | string, body: unknown) =>
  sendAs(api, admin.token, 'PUT', `/api/admin/enquiries/${id}`, body);
const putUser = (id: number | string, body: unknown, auth = admin.token) =>
  sendAs(api, auth, 'PUT', `/api/admin/users/${id}`, body);

/** Sets when an enquiry arrived, `minutesAgo` minutes before now. */
async function receivedAgo(id: number, minutesAgo: number) {
  await api.database.db
    .update(customerEnquiries)
    .set({ createdAt: sql`now() - make_interval(mins => ${minutesAgo})` })
    .where(eq(customerEnquiries.id, id));
}

const newAdminBody = (overrides: Record<string, unknown> = {}) => ({
  email: 'Thabo.Admin@Verified.example.co.za',
  firstName: 'Thabo',
  lastName: 'Nkosi',
  password: 'secret12',
  ...overrides,
});

describe('every enquiry-desk, admin-user and export route is for signed-in admins only', () => {
  let enquiryId: number;
  let colleagueId: number;
  beforeEach(async () => {
    enquiryId = (await insertEnquiry(api.database.db)).id;
    colleagueId = (await createTestAdmin(api)).id;
  });

  const ROUTES: ApiRoute[] = [
    { name: 'GET /api/admin/enquiries' },
    {
      name: 'GET /api/admin/enquiries/:id',
      id: () => enquiryId,
    },
    {
      name: 'PUT /api/admin/enquiries/:id',
      id: () => enquiryId,
      body: () => ({ status: 'in_progress', adminNotes: 'Called the customer' }),
    },
    { name: 'GET /api/admin/users' },
    { name: 'POST /api/admin/users', body: () => newAdminBody() },
    {
      name: 'PUT /api/admin/users/:id',
      id: () => colleagueId,
      body: () => ({ isActive: false }),
    },
    { name: 'GET /api/admin/exports/providers.csv' },
    { name: 'GET /api/admin/exports/enquiries.csv' },
  ];

  itIsForAdminsOnly(api, () => admin.id, ROUTES);
});

describe('GET /api/admin/enquiries', () => {
  it('lists every enquiry newest first, with the assigned provider’s name', async () => {
    const db = api.database.db;
    const provider = await insertProvider(db, { name: 'Cape Camera Co' });
    const oldest = await insertEnquiry(db, { customerName: 'Oldest' });
    const assigned = await insertEnquiry(db, {
      customerName: 'Assigned',
      assignedProviderId: provider.id,
      status: 'assigned',
    });
    const newest = await insertEnquiry(db, { customerName: 'Newest', status: 'completed' });
    await receivedAgo(oldest.id, 30);
    await receivedAgo(assigned.id, 20);
    await receivedAgo(newest.id, 10);

    const response = await getAs('/api/admin/enquiries');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const body = (await response.json()) as DeskEnquiry[];
    expect(
      body.map((e) => [
        e.id,
        e.customerName,
        e.status,
        e.assignedProviderId,
        e.assignedProviderName,
      ]),
    ).toEqual([
      [newest.id, 'Newest', 'completed', null, null],
      [assigned.id, 'Assigned', 'assigned', provider.id, 'Cape Camera Co'],
      [oldest.id, 'Oldest', 'new', null, null],
    ]);
  });

  it('filters by status and by urgency, together too', async () => {
    const db = api.database.db;
    const newUrgent = await insertEnquiry(db, { urgency: 'urgent' });
    const newLow = await insertEnquiry(db, { urgency: 'low' });
    const completedUrgent = await insertEnquiry(db, { urgency: 'urgent', status: 'completed' });
    const ids = (list: DeskEnquiry[]) => list.map((e) => e.id).sort((a, b) => a - b);

    expect(ids(await listEnquiries('?status=new'))).toEqual([newUrgent.id, newLow.id]);
    expect(ids(await listEnquiries('?status=completed'))).toEqual([completedUrgent.id]);
    expect(await listEnquiries('?status=cancelled')).toEqual([]);
    expect(ids(await listEnquiries('?urgency=urgent'))).toEqual([newUrgent.id, completedUrgent.id]);
    expect(ids(await listEnquiries('?status=new&urgency=urgent'))).toEqual([newUrgent.id]);
  });

  it('searches customer name, e-mail and location, ignoring case', async () => {
    const db = api.database.db;
    const byName = await insertEnquiry(db, { customerName: 'Nomvula Zulu', location: 'Durban' });
    const byEmail = await insertEnquiry(db, {
      customerName: 'Pieter Botha',
      customerEmail: 'pieter@ZULUfarm.example.co.za',
      location: 'Paarl',
    });
    const byLocation = await insertEnquiry(db, {
      customerName: 'Ayesha Khan',
      location: 'Zululand',
    });
    await insertEnquiry(db, { customerName: 'Someone Else', location: 'Pretoria' });
    const ids = (list: DeskEnquiry[]) => list.map((e) => e.id).sort((a, b) => a - b);

    expect(ids(await listEnquiries('?search=zulu'))).toEqual([
      byName.id,
      byEmail.id,
      byLocation.id,
    ]);
    expect(ids(await listEnquiries('?search=NOMVULA'))).toEqual([byName.id]);
    expect(ids(await listEnquiries('?search=%20paarl%20'))).toEqual([byEmail.id]);
    expect(await listEnquiries('?search=Johannesburg')).toEqual([]);
  });

  it('takes %, _ and \\ in the search literally', async () => {
    const db = api.database.db;
    const percent = await insertEnquiry(db, { customerName: '100% Secure Estates' });
    const underscore = await insertEnquiry(db, { customerName: 'Gate_Keepers' });
    const backslash = await insertEnquiry(db, {
      customerName: 'Plain Name',
      location: 'Unit 4\\B',
    });
    await insertEnquiry(db, { customerName: 'Gate Keepers' });
    const ids = (list: DeskEnquiry[]) => list.map((e) => e.id);

    expect(ids(await listEnquiries(`?search=${encodeURIComponent('%')}`))).toEqual([percent.id]);
    expect(ids(await listEnquiries(`?search=${encodeURIComponent('0% s')}`))).toEqual([percent.id]);
    expect(ids(await listEnquiries('?search=_'))).toEqual([underscore.id]);
    expect(ids(await listEnquiries(`?search=${encodeURIComponent('\\')}`))).toEqual([backslash.id]);
    expect(ids(await listEnquiries(`?search=${encodeURIComponent('4\\b')}`))).toEqual([
      backslash.id,
    ]);
  });

  it.each<[string, string, string, string]>([
    ['an unknown status', '?status=archived', 'status', 'Unknown status'],
    ['an unknown urgency', '?urgency=yesterday', 'urgency', 'Unknown urgency'],
  ])('answers 400 to %s', async (_, query, field, message) => {
    await insertEnquiry(api.database.db);
    await expectFieldError(await getAs(`/api/admin/enquiries${query}`), field, message);
  });
});

describe('GET /api/admin/enquiries/:id', () => {
  it('answers one enquiry with its provider’s name', async () => {
    const provider = await insertProvider(api.database.db, { name: 'Karoo Alarms' });
    const enquiry = await insertEnquiry(api.database.db, {
      assignedProviderId: provider.id,
      status: 'assigned',
      adminNotes: 'Customer prefers mornings',
    });
    expect(await okJson(getAs(`/api/admin/enquiries/${enquiry.id}`))).toMatchObject({
      id: enquiry.id,
      customerName: enquiry.customerName,
      assignedProviderId: provider.id,
      assignedProviderName: 'Karoo Alarms',
      adminNotes: 'Customer prefers mornings',
    });
  });

  it.each([['9999'], ['0'], ['abc']])('answers 404 for enquiry id %s', async (id) => {
    await expectError(await getAs(`/api/admin/enquiries/${id}`), 404);
  });

  it('answers 404 "Enquiry not found" for an unknown enquiry', async () => {
    await expectError(await getAs('/api/admin/enquiries/9999'), 404, 'Enquiry not found');
  });
});

describe('PUT /api/admin/enquiries/:id: assigning a provider', () => {
  it('assigns an approved, verified provider who offers the service, e-mails it, and puts it in its dashboard', async () => {
    const db = api.database.db;
    const provider = await insertProvider(db, {
      isVerified: true,
      name: 'Durban Eye Security',
      email: 'jobs@durbaneye.example.co.za',
      services: ['alarms', 'cctv'],
    });
    const enquiry = await insertEnquiry(db, {
      customerName: 'Nomvula Zulu',
      serviceType: 'cctv',
      location: 'Umhlanga',
      description: 'Six cameras around a townhouse complex',
    });
    const asProvider = { authorization: `Bearer ${await providerSession(api, provider.id)}` };
    expect(await okJson(api.get('/api/provider/enquiries', { headers: asProvider }))).toEqual([]);
    const outbox = await watchOutbox(api);

    const answer = await okJson<DeskEnquiry>(
      putEnquiry(enquiry.id, { assignedProviderId: provider.id }),
    );
    expect(answer).toMatchObject({
      id: enquiry.id,
      status: 'assigned',
      assignedProviderId: provider.id,
      assignedProviderName: 'Durban Eye Security',
    });
    expect(await enquiryRow(api, enquiry.id)).toMatchObject({
      status: 'assigned',
      assignedProviderId: provider.id,
    });

    const mails = await outbox.newMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe('jobs@durbaneye.example.co.za');
    expect(mails[0]!.subject).toContain('CCTV Installations & Repairs');
    expect(mails[0]!.subject).toContain('Umhlanga');
    expect(mails[0]!.text).toContain('Nomvula Zulu');
    expect(mails[0]!.text).toContain('Six cameras around a townhouse complex');
    expect(mails[0]!.text).toMatch(/https?:\/\/\S+\/dashboard/);

    const dashboard = await okJson<EnquiryRow[]>(
      api.get('/api/provider/enquiries', { headers: asProvider }),
    );
    expect(dashboard.map((e) => [e.id, e.status])).toEqual([[enquiry.id, 'assigned']]);

    // Saving the same assignment again sends no second e-mail.
    const again = await watchOutbox(api);
    await okJson(putEnquiry(enquiry.id, { assignedProviderId: provider.id, adminNotes: 'Chased' }));
    expect(await again.newMails()).toEqual([]);
  });

  it('keeps a status given along with the assignment', async () => {
    const provider = await insertProvider(api.database.db, { isVerified: true });
    const enquiry = await insertEnquiry(api.database.db);
    const answer = await okJson<DeskEnquiry>(
      putEnquiry(enquiry.id, { assignedProviderId: provider.id, status: 'in_progress' }),
    );
    expect(answer).toMatchObject({ status: 'in_progress', assignedProviderId: provider.id });
  });

  it('moves an enquiry from one provider to another, and the dashboards follow', async () => {
    const db = api.database.db;
    const first = await insertProvider(db, { isVerified: true });
    const second = await insertProvider(db, { isVerified: true, email: 'second@example.co.za' });
    const enquiry = await insertEnquiry(db, { assignedProviderId: first.id, status: 'assigned' });
    const outbox = await watchOutbox(api);
    await okJson(putEnquiry(enquiry.id, { assignedProviderId: second.id }));
    expect((await outbox.newMails()).map((m) => m.to)).toEqual(['second@example.co.za']);
    const dashboardOf = async (id: number) =>
      (
        await okJson<EnquiryRow[]>(
          api.get('/api/provider/enquiries', {
            headers: { authorization: `Bearer ${await providerSession(api, id)}` },
          }),
        )
      ).map((e) => e.id);
    expect(await dashboardOf(first.id)).toEqual([]);
    expect(await dashboardOf(second.id)).toEqual([enquiry.id]);
  });

  it('assigns an unverified provider only when the desk asks for one (allowUnverified)', async () => {
    const db = api.database.db;
    const unverified = await insertProvider(db, { name: 'Not Yet Checked' });
    const enquiry = await insertEnquiry(db, { serviceType: 'cctv' });
    const before = await databaseSnapshot(api);
    for (const body of [
      { assignedProviderId: unverified.id },
      { assignedProviderId: unverified.id, allowUnverified: false },
    ]) {
      await expectFieldError(
        await putEnquiry(enquiry.id, body),
        'assignedProviderId',
        REASSIGN_MESSAGES.unverified,
      );
    }
    expect(await databaseSnapshot(api)).toEqual(before);
    const outbox = await watchOutbox(api);
    const answer = await okJson<DeskEnquiry>(
      putEnquiry(enquiry.id, { assignedProviderId: unverified.id, allowUnverified: true }),
    );
    expect(answer).toMatchObject({ status: 'assigned', assignedProviderId: unverified.id });
    expect((await outbox.newMails()).map((m) => m.to)).toEqual([unverified.email]);
    // Notes and status of a request already with an unverified provider need no flag.
    await okJson(putEnquiry(enquiry.id, { adminNotes: 'Called them', status: 'in_progress' }));
  });

  it('unassigning puts an assigned enquiry back to new, sending no mail', async () => {
    const provider = await insertProvider(api.database.db);
    const enquiry = await insertEnquiry(api.database.db, {
      assignedProviderId: provider.id,
      status: 'assigned',
    });
    const outbox = await watchOutbox(api);
    const answer = await okJson<DeskEnquiry>(putEnquiry(enquiry.id, { assignedProviderId: null }));
    expect(answer).toMatchObject({
      status: 'new',
      assignedProviderId: null,
      assignedProviderName: null,
    });
    expect(await enquiryRow(api, enquiry.id)).toMatchObject({
      status: 'new',
      assignedProviderId: null,
    });
    expect(await outbox.newMails()).toEqual([]);
  });

  it.each<[string, () => Promise<number>, string]>([
    [
      'an unapproved provider',
      async () => (await insertProvider(api.database.db, { isApproved: false })).id,
      'That provider is not approved.',
    ],
    [
      'a provider who does not offer the service',
      async () => (await insertProvider(api.database.db, { services: ['wifi', 'network'] })).id,
      'That provider does not offer this service.',
    ],
    ['a provider who does not exist', () => Promise.resolve(9999), 'That provider does not exist.'],
    [
      'a provider id beyond any stored one',
      () => Promise.resolve(2_147_483_648),
      'That provider does not exist.',
    ],
  ])('refuses %s with 400 and changes nothing', async (_, providerId, message) => {
    const enquiry = await insertEnquiry(api.database.db, { serviceType: 'cctv' });
    const assignedTo = await providerId();
    const before = await databaseSnapshot(api);
    const body = await expectError(
      await putEnquiry(enquiry.id, {
        assignedProviderId: assignedTo,
        status: 'in_progress',
        adminNotes: 'Should not be stored',
      }),
      400,
      message,
    );
    expect(body.errors).toEqual({ assignedProviderId: message });
    expect(await databaseSnapshot(api)).toEqual(before);
    expect((await enquiryRow(api, enquiry.id)).status).toBe('new');
  });
});

describe('PUT /api/admin/enquiries/:id: status and notes', () => {
  it('completes an enquiry with notes, without e-mail', async () => {
    const enquiry = await insertEnquiry(api.database.db);
    const outbox = await watchOutbox(api);
    const answer = await okJson<DeskEnquiry>(
      putEnquiry(enquiry.id, {
        status: 'completed',
        adminNotes: '  Customer confirmed the job is done. ',
      }),
    );
    expect(answer).toMatchObject({
      status: 'completed',
      adminNotes: 'Customer confirmed the job is done.',
      assignedProviderId: null,
    });
    expect(await enquiryRow(api, enquiry.id)).toMatchObject({
      status: 'completed',
      adminNotes: 'Customer confirmed the job is done.',
    });
    expect(await outbox.newMails()).toEqual([]);
  });

  it('keeps the status when only notes change, and clears notes with a blank text', async () => {
    const enquiry = await insertEnquiry(api.database.db, { status: 'in_progress' });
    await okJson(putEnquiry(enquiry.id, { adminNotes: 'Quote sent' }));
    expect(await enquiryRow(api, enquiry.id)).toMatchObject({
      status: 'in_progress',
      adminNotes: 'Quote sent',
    });
    await okJson(putEnquiry(enquiry.id, { adminNotes: '  ' }));
    expect(await enquiryRow(api, enquiry.id)).toMatchObject({
      status: 'in_progress',
      adminNotes: null,
    });
  });

  it.each<[string, unknown, string, string]>([
    ['an unknown status', { status: 'archived' }, 'status', 'Unknown status'],
    ['an empty body', {}, '_', 'Nothing to update'],
    [
      'notes over 2000 characters',
      { adminNotes: 'n'.repeat(2001) },
      'adminNotes',
      'Notes must be at most 2000 characters',
    ],
    [
      'a provider id as text',
      { assignedProviderId: '3' },
      'assignedProviderId',
      'Choose a provider',
    ],
  ])('answers 400 to %s and changes nothing', async (_, body, field, message) => {
    const enquiry = await insertEnquiry(api.database.db);
    const before = await databaseSnapshot(api);
    await expectFieldError(await putEnquiry(enquiry.id, body), field, message);
    expect(await databaseSnapshot(api)).toEqual(before);
  });

  it.each([['9999'], ['0'], ['abc']])(
    'answers 404 for enquiry id %s and changes nothing',
    async (id) => {
      await insertEnquiry(api.database.db);
      await expectNotFoundRefusal(api, () => putEnquiry(id, { status: 'completed' }));
    },
  );

  it('answers 404 "Enquiry not found" for an unknown enquiry', async () => {
    await expectError(await putEnquiry(9999, { status: 'completed' }), 404, 'Enquiry not found');
  });
});

describe('admin users', () => {
  it('GET lists the admins, oldest first, without password hash or token version', async () => {
    const colleague = await createTestAdmin(api, { firstName: 'Sipho', lastName: 'Dlamini' });
    const response = await getAs('/api/admin/users');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const text = await response.text();
    expect(text).not.toMatch(/password|scrypt\$|tokenVersion|token_version/i);
    expect(JSON.parse(text)).toEqual([
      {
        id: admin.id,
        email: admin.email,
        firstName: 'Lerato',
        lastName: 'Khumalo',
        role: 'admin',
        isActive: true,
        lastLogin: null,
        invitationPending: false,
        createdAt: expect.any(String) as unknown,
      },
      expect.objectContaining({ id: colleague.id, firstName: 'Sipho', isActive: true }) as unknown,
    ]);
  });

  // Without a password the admin is invited by mail (admin-invitations.test.ts).
  it('POST with a password (an API client) adds an admin who can sign in at once', async () => {
    const response = await sendAs(
      api,
      admin.token,
      'POST',
      '/api/admin/users',
      newAdminBody({ email: '  Thabo.Admin@Verified.EXAMPLE.co.za ' }),
    );
    expect(response.status).toBe(201);
    const text = await response.text();
    expect(text).not.toMatch(/password|scrypt\$|tokenVersion/i);
    const created = JSON.parse(text) as AdminUser;
    expect(created).toMatchObject({
      email: 'thabo.admin@verified.example.co.za',
      firstName: 'Thabo',
      lastName: 'Nkosi',
      role: 'admin',
      isActive: true,
      lastLogin: null,
      invitationPending: false,
    });
    const row = await adminRow(api, created.id);
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(row.passwordHash).not.toContain('secret1');

    const login = await postLogin(api, 'admin', {
      email: 'thabo.admin@verified.example.co.za',
      password: 'secret12',
    });
    expect(login.status).toBe(200);
    const users = await okJson<AdminUser[]>(getAs('/api/admin/users'));
    expect(users.map((u) => u.email)).toEqual([admin.email, 'thabo.admin@verified.example.co.za']);
  });

  it('POST answers 409 to an e-mail an admin has already, in any case', async () => {
    await createTestAdmin(api, { email: 'thabo.admin@verified.example.co.za' });
    const before = await databaseSnapshot(api);
    const message = 'An administrator with this e-mail address exists already.';
    const body = await expectError(
      await sendAs(
        api,
        admin.token,
        'POST',
        '/api/admin/users',
        newAdminBody({ email: 'THABO.ADMIN@verified.example.co.za' }),
      ),
      409,
      message,
    );
    expect(body.errors).toEqual({ email: message });
    expect(await databaseSnapshot(api)).toEqual(before);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    [
      'a password of 5 characters',
      { password: 'abc1234' },
      'password',
      'Password must be at least 8 characters long',
    ],
    [
      'an empty password',
      { password: '' },
      'password',
      'Password must be at least 8 characters long',
    ],
    ['an invalid e-mail', { email: 'thabo-at-verified' }, 'email', 'Invalid email address'],
    ['a blank first name', { firstName: ' ' }, 'firstName', 'First name is required'],
    ['no last name', { lastName: undefined }, 'lastName', 'Last name is required'],
  ])('POST answers 400 to %s and stores nothing', async (_, overrides, field, message) => {
    await expectFieldRefusal(
      api,
      () => sendAs(api, admin.token, 'POST', '/api/admin/users', newAdminBody(overrides)),
      field,
      message,
    );
  });

  it('PUT deactivates another admin: its session ends at once and it cannot sign in; reactivating lets it sign in again', async () => {
    const colleague = await createTestAdmin(api, { firstName: 'Sipho' });
    const colleagueToken = await signIn(api, 'admin', colleague);
    const asColleague = { authorization: `Bearer ${colleagueToken}` };
    expect((await api.get('/api/admin/me', { headers: asColleague })).status).toBe(200);

    const deactivated = await okJson<AdminUser>(putUser(colleague.id, { isActive: false }));
    expect(deactivated).toMatchObject({ id: colleague.id, isActive: false, firstName: 'Sipho' });
    expect(await adminRow(api, colleague.id)).toMatchObject({ isActive: false, tokenVersion: 1 });

    await expectError(await api.get('/api/admin/me', { headers: asColleague }), 401, SIGN_IN_AGAIN);
    await expectError(
      await api.get('/api/admin/providers', { headers: asColleague }),
      401,
      SIGN_IN_AGAIN,
    );
    await expectError(
      await postLogin(api, 'admin', { email: colleague.email, password: colleague.password }),
      401,
      LOGIN_FAILED,
    );
    // The acting admin is not affected.
    expect((await getAs('/api/admin/me')).status).toBe(200);

    const reactivated = await okJson<AdminUser>(putUser(colleague.id, { isActive: true }));
    expect(reactivated).toMatchObject({ id: colleague.id, isActive: true });
    const fresh = await signIn(api, 'admin', colleague);
    expect(
      (await api.get('/api/admin/me', { headers: { authorization: `Bearer ${fresh}` } })).status,
    ).toBe(200);
    // The token from before the deactivation stays dead.
    await expectError(await api.get('/api/admin/me', { headers: asColleague }), 401, SIGN_IN_AGAIN);
  });

  it('PUT refuses to deactivate yourself (409) and changes nothing', async () => {
    const before = await databaseSnapshot(api);
    await expectError(
      await putUser(admin.id, { isActive: false }),
      409,
      'You cannot deactivate your own account.',
    );
    expect(await databaseSnapshot(api)).toEqual(before);
    expect((await getAs('/api/admin/me')).status).toBe(200);
  });

  it('PUT isActive true on an active admin changes nothing that matters', async () => {
    const colleague = await createTestAdmin(api);
    const colleagueToken = await adminSession(api, colleague.id);
    expect(await okJson(putUser(colleague.id, { isActive: true }))).toMatchObject({
      isActive: true,
    });
    expect(await okJson(putUser(admin.id, { isActive: true }))).toMatchObject({ isActive: true });
    expect(
      (await api.get('/api/admin/me', { headers: { authorization: `Bearer ${colleagueToken}` } }))
        .status,
    ).toBe(200);
    expect((await getAs('/api/admin/me')).status).toBe(200);
  });

  it.each<[string, unknown, string]>([
    ['isActive as text', { isActive: 'no' }, 'isActive must be true or false'],
    ['no isActive', {}, 'isActive must be true or false'],
  ])('PUT answers 400 to %s and changes nothing', async (_, body, message) => {
    const colleague = await createTestAdmin(api);
    const before = await databaseSnapshot(api);
    const answer = await expectError(await putUser(colleague.id, body), 400, message);
    expect(answer.errors).toEqual({ isActive: message });
    expect(await databaseSnapshot(api)).toEqual(before);
  });

  it.each([['9999'], ['0'], ['abc']])(
    'PUT answers 404 for admin id %s and changes nothing',
    async (id) => {
      await expectNotFoundRefusal(api, () => putUser(id, { isActive: false }));
    },
  );

  it('PUT answers 404 "Administrator not found" for an unknown admin', async () => {
    await expectError(await putUser(9999, { isActive: true }), 404, 'Administrator not found');
  });
});

describe('CSV exports', () => {
  // The file's date is South Africa's today, as its times are South African.
  const today = () => saToday();

  function expectCsvDownload(response: Response, name: string) {
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="${name}-${today()}.csv"`,
    );
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  }

  /** The export's rows, each by its header's names. */
  const exportRecords = async (name: 'providers' | 'enquiries') =>
    csvRecords(await csvBody(await getAs(`/api/admin/exports/${name}.csv`)));

  const PROVIDER_HEADER = [
    'ID',
    'Business name',
    'Contact name',
    'Email',
    'Phone',
    'Location',
    'Province',
    'Services',
    'Approved',
    'Verified',
    'Premium',
    'Rating',
    'Reviews',
    'Starting price (R)',
    'Years experience',
    'Website',
    'Created',
  ];

  const ENQUIRY_HEADER = [
    'ID',
    'Received',
    'Customer',
    'Email',
    'Phone',
    'Service',
    'Location',
    'Budget',
    'Urgency',
    'Status',
    'Provider',
    'Description',
    'Admin notes',
    'Provider response',
    'Responded',
  ];

  it('providers.csv has a header row and one row per provider, approved or not', async () => {
    const db = api.database.db;
    const listed = await insertProvider(db, {
      name: 'Smith, Jones & "Sons" Security',
      contactName: 'Anna Smith',
      services: ['cctv', 'alarms'],
      phone: '0115550000',
      rating: '4.5',
      website: 'https://smithjones.example.co.za',
    });
    const pending = await insertProvider(db, { isApproved: false, passwordHash: 'scrypt$secret' });

    const response = await getAs('/api/admin/exports/providers.csv');
    expectCsvDownload(response, 'providers');
    const text = await csvBody(response);
    expect(text.startsWith('\uFEFFID,Business name,')).toBe(true);
    expect(text).not.toContain('scrypt$');
    expect(text).toContain('"Smith, Jones & ""Sons"" Security"');
    expect(csvRows(text)[0]).toEqual(PROVIDER_HEADER);

    const records = csvRecords(text);
    expect(records).toHaveLength(2);
    const byId = new Map(records.map((r) => [r.ID, r]));
    expect(byId.get(String(listed.id))).toEqual({
      ID: String(listed.id),
      'Business name': 'Smith, Jones & "Sons" Security',
      'Contact name': 'Anna Smith',
      Email: listed.email,
      Phone: '0115550000',
      Location: 'Johannesburg',
      Province: 'Gauteng',
      Services: 'CCTV Installations & Repairs; Alarm Systems',
      Approved: 'Yes',
      Verified: 'No',
      Premium: 'No',
      Rating: '4.5',
      Reviews: '10',
      'Starting price (R)': '1500',
      'Years experience': '5',
      Website: 'https://smithjones.example.co.za',
      Created: saDateTime(listed.createdAt),
    });
    expect(byId.get(String(pending.id))).toMatchObject({
      Approved: 'No',
      'Contact name': '',
      Website: '',
    });
  });

  it('providers.csv is only the header row when there are no providers', async () => {
    const response = await getAs('/api/admin/exports/providers.csv');
    expectCsvDownload(response, 'providers');
    expect(await csvBody(response)).toBe(`\uFEFF${PROVIDER_HEADER.join(',')}\r\n`);
  });

  it('enquiries.csv has one row per enquiry, newest first, and disarms formulas', async () => {
    const db = api.database.db;
    const provider = await insertProvider(db, { name: 'Cape Camera Co' });
    const older = await insertEnquiry(db, {
      customerName: '=HYPERLINK("x")',
      customerPhone: '+27825550101',
      description: 'Line one, with a comma\nLine two',
      budget: '1000-5000',
      urgency: 'high',
      assignedProviderId: provider.id,
      status: 'assigned',
      adminNotes: '@everyone call back',
    });
    const newer = await insertEnquiry(db, { customerName: 'Plain Customer' });
    await receivedAgo(older.id, 5);
    const olderRow = await enquiryRow(api, older.id);

    const response = await getAs('/api/admin/exports/enquiries.csv');
    expectCsvDownload(response, 'enquiries');
    const text = await csvBody(response);
    expect(csvRows(text)[0]).toEqual(ENQUIRY_HEADER);
    // The apostrophe keeps a spreadsheet from running the cell; its quotes are doubled.
    expect(text).toContain(`,"'=HYPERLINK(""x"")",`);
    expect(text).toContain('"Line one, with a comma\nLine two"');

    const records = csvRecords(text);
    expect(records.map((r) => r.ID)).toEqual([String(newer.id), String(older.id)]);
    expect(records[1]).toEqual({
      ID: String(older.id),
      Received: saDateTime(olderRow.createdAt),
      Customer: `'=HYPERLINK("x")`,
      Email: older.customerEmail,
      Phone: "'+27825550101",
      Service: 'CCTV Installations & Repairs',
      Location: 'Johannesburg',
      Budget: 'R1,000 - R5,000',
      Urgency: 'High (within 3 days)',
      Status: 'assigned',
      Provider: 'Cape Camera Co',
      Description: 'Line one, with a comma\nLine two',
      'Admin notes': "'@everyone call back",
      'Provider response': '',
      Responded: '',
    });
    expect(records[0]).toMatchObject({
      Customer: 'Plain Customer',
      Provider: '',
      Budget: '',
      Status: 'new',
    });
  });

  it('exports write every time in South African time with its offset, and the labels the screens show', async () => {
    const db = api.database.db;
    const provider = await insertProvider(db, {
      name: 'Durban Gate Motors',
      province: 'kwazulu-natal',
      services: ['access', 'ndi'],
      isPremium: true,
      createdAt: new Date('2026-11-27T22:30:00Z'),
    });
    await insertEnquiry(db, {
      serviceType: 'wifi',
      budget: '10000-25000',
      urgency: 'urgent',
      status: 'in_progress',
      assignedProviderId: provider.id,
      providerResponse: 'On site Monday.',
      createdAt: new Date('2026-11-28T12:05:00Z'),
      respondedAt: new Date('2026-11-28T23:40:00Z'),
    });

    const [providerRecord] = await exportRecords('providers');
    expect(providerRecord).toMatchObject({
      Province: 'KwaZulu-Natal',
      Services: 'Access Control; NDI Networks',
      Approved: 'Yes',
      Premium: 'Yes',
      // 22:30 UTC is half past midnight the next day in South Africa.
      Created: '2026-11-28 00:30 +02:00',
    });
    const [enquiryRecord] = await exportRecords('enquiries');
    expect(enquiryRecord).toMatchObject({
      Received: '2026-11-28 14:05 +02:00',
      Responded: '2026-11-29 01:40 +02:00',
      Service: 'Wi-Fi & Internet Solutions',
      Budget: 'R10,000 - R25,000',
      Urgency: 'Urgent (ASAP)',
      Status: 'in progress',
      Provider: 'Durban Gate Motors',
    });
  });

  it('enquiries.csv keeps enquiries of a deleted provider, without a provider', async () => {
    const provider = await insertProvider(api.database.db);
    const enquiry = await insertEnquiry(api.database.db, { assignedProviderId: provider.id });
    await okJson(sendAs(api, admin.token, 'DELETE', `/api/admin/providers/${provider.id}`));
    const records = await exportRecords('enquiries');
    expect(records).toEqual([expect.objectContaining({ ID: String(enquiry.id), Provider: '' })]);
  });

  it('exports change no records but the access log (docs/decisions/0053)', async () => {
    await insertProvider(api.database.db);
    await insertEnquiry(api.database.db);
    const before = await databaseSnapshot(api);
    await (await getAs('/api/admin/exports/providers.csv')).text();
    await csvBody(await getAs('/api/admin/exports/enquiries.csv'));
    expect(await databaseSnapshot(api)).toEqual(before);
    expect(
      await api.database.db.select().from(adminUsers).orderBy(asc(adminUsers.id)),
    ).toHaveLength(1);
  });
});
