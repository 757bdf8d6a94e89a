import { asc, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { customerEnquiries, serviceProviders } from '../../db/schema.ts';
import type { Provider } from '../../src/api/providers/public-columns.ts';
import { RATING_NOT_SETTABLE } from '../../src/lib/schemas/admin-operations.ts';
import { SA_PHONE_MESSAGE } from '../../src/lib/schemas/fields.ts';
import {
  addProviderBody,
  itIsForAdminsOnly,
  useSignedInAdmin,
  uploadAdminImage,
} from '../helpers/admin-fixtures.ts';
import {
  databaseSnapshot,
  listProviders,
  okJson,
  queryRows,
  sendAs,
  type ApiRoute,
} from '../helpers/api-fixtures.ts';
import { SIGN_IN_AGAIN } from '../helpers/auth-fixtures.ts';
import { insertEnquiry, insertProvider } from '../helpers/builders.ts';
import { expectError, expectFieldRefusal, expectNotFoundRefusal } from '../helpers/error-answer.ts';
import { providerSession } from '../helpers/provider-fixtures.ts';
import { useTestApi } from '../helpers/test-api.ts';

// Admins' sessions are minted directly: no test here needs to sign in with a password.
const api = useTestApi();

const admin = useSignedInAdmin(api);

/** What the admin routes answer for a provider. */
interface AdminProvider extends Provider {
  contactName: string | null;
  businessLicense: string | null;
  insurance: string | null;
  teamSize: number | null;
  establishedYear: number | null;
  completedJobs: number | null;
  responseTime: string | null;
  emergencyService: boolean;
  hasPassword: boolean;
  updatedAt: string;
}

const PASSWORD_HASH = 'scrypt$17$8$1$c2FsdHNhbHRzYWx0c2FsdA==$aGFzaGhhc2hoYXNoaGFzaA==';

const post = (body: unknown, auth = admin.token) =>
  sendAs(api, auth, 'POST', '/api/admin/providers', body);
const put = (id: number | string, body: unknown, auth = admin.token) =>
  sendAs(api, auth, 'PUT', `/api/admin/providers/${id}`, body);
const remove = (id: number | string, auth = admin.token) =>
  sendAs(api, auth, 'DELETE', `/api/admin/providers/${id}`);

const publicProvider = (id: number) => api.get(`/api/providers/${id}`);
const publicStats = async () =>
  okJson<{ totalProviders: number; verifiedProviders: number; totalEnquiries: number }>(
    api.get('/api/stats'),
  );

async function storedProvider(id: number) {
  const [row] = await api.database.db
    .select()
    .from(serviceProviders)
    .where(eq(serviceProviders.id, id));
  return row;
}

describe('every provider route is for signed-in admins only', () => {
  let providerId: number;
  beforeEach(async () => {
    providerId = (await insertProvider(api.database.db)).id;
  });

  const ROUTES: ApiRoute[] = [
    { name: 'GET /api/admin/providers' },
    { name: 'POST /api/admin/providers', body: () => addProviderBody() },
    {
      name: 'GET /api/admin/providers/:id',
      id: () => providerId,
    },
    {
      name: 'PUT /api/admin/providers/:id',
      id: () => providerId,
      body: () => ({ isApproved: false }),
    },
    {
      name: 'DELETE /api/admin/providers/:id',
      id: () => providerId,
    },
  ];

  itIsForAdminsOnly(api, () => admin.id, ROUTES);
});

describe('GET /api/admin/providers', () => {
  it('lists every provider, approved or not, newest first, without password hash or token version', async () => {
    const db = api.database.db;
    const approved = await insertProvider(db, { passwordHash: PASSWORD_HASH, tokenVersion: 4 });
    const pending = await insertProvider(db, { isApproved: false });
    await db
      .update(serviceProviders)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(serviceProviders.id, approved.id));

    const response = await sendAs(api, admin.token, 'GET', '/api/admin/providers');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const text = await response.text();
    expect(text).not.toMatch(/passwordHash|password_hash|tokenVersion|token_version|scrypt\$/);
    const body = JSON.parse(text) as AdminProvider[];
    expect(body.map((p) => [p.id, p.isApproved, p.hasPassword])).toEqual([
      [pending.id, false, false],
      [approved.id, true, true],
    ]);
    for (const provider of body) {
      expect(Object.keys(provider)).not.toContain('passwordHash');
      expect(Object.keys(provider)).not.toContain('tokenVersion');
    }
  });

  it('answers an empty list when there are no providers', async () => {
    expect(await okJson(sendAs(api, admin.token, 'GET', '/api/admin/providers'))).toEqual([]);
  });
});

describe('GET /api/admin/providers/:id', () => {
  it('answers an unapproved provider too, without secrets', async () => {
    const pending = await insertProvider(api.database.db, {
      isApproved: false,
      passwordHash: PASSWORD_HASH,
    });
    const response = await sendAs(api, admin.token, 'GET', `/api/admin/providers/${pending.id}`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toMatch(/passwordHash|tokenVersion|scrypt\$/);
    expect(JSON.parse(text)).toMatchObject({
      id: pending.id,
      name: pending.name,
      isApproved: false,
      hasPassword: true,
    });
  });

  it.each([['9999'], ['0'], ['abc'], ['99999999999']])('answers 404 for id %s', async (id) => {
    await expectError(await sendAs(api, admin.token, 'GET', `/api/admin/providers/${id}`), 404);
  });
});

describe('POST /api/admin/providers', () => {
  it('stores only what it is given, coverage the location, and lists it at once', async () => {
    expect(await publicStats()).toMatchObject({ totalProviders: 0, verifiedProviders: 0 });

    const response = await post(addProviderBody());
    expect(response.status).toBe(201);
    const created = (await response.json()) as AdminProvider;
    const expected = {
      name: 'Ubuntu Security Solutions',
      description: 'CCTV and alarm installations for homes and small businesses.',
      location: 'Sandton',
      province: 'gauteng',
      latitude: '-26.10760000',
      longitude: '28.05670000',
      services: ['cctv', 'alarms'],
      profileImage: null,
      rating: '0.0',
      reviewCount: 0,
      isPremium: false,
      isApproved: true,
      // No price, specialties or hours were given: none stored (the spec's defaults are
      // the admin form's suggestions, not values for a body that leaves them out).
      startingPrice: null,
      // Spaces go; the number stays in the form it was given (both forms are valid).
      phone: '0825550199',
      email: 'info@ubuntusecurity.example.co.za',
      website: null,
      coverageAreas: ['Sandton'],
      specialties: [],
      yearsExperience: 0,
      businessHours: {},
    };
    expect(created).toMatchObject({
      ...expected,
      // No check is recorded yet.
      isVerified: false,
      contactName: null,
      teamSize: null,
      establishedYear: null,
      emergencyService: false,
      hasPassword: false,
    });

    const row = await storedProvider(created.id);
    expect(row).toMatchObject({
      ...expected,
      legalForm: 'company',
      verifiedUntil: '-infinity',
      passwordHash: null,
      tokenVersion: 0,
    });

    // Public at once: the list, the profile, and the counts of the home page.
    const list = await listProviders(api);
    expect(list.providers.map((p) => p.id)).toEqual([created.id]);
    expect(list.providers[0]).toMatchObject({ ...expected, isVerified: false });
    const profile = await publicProvider(created.id);
    expect(profile.status).toBe(200);
    expect(await profile.json()).toMatchObject({ id: created.id, ...expected, isVerified: false });
    expect(await publicStats()).toMatchObject({ totalProviders: 1, verifiedProviders: 0 });
    expect(await okJson(api.get('/api/service-stats'))).toMatchObject({
      cctv: 1,
      alarms: 1,
      wifi: 0,
    });
  });

  it('takes a location outside the town table, without coordinates', async () => {
    const created = await okJson<AdminProvider>(
      post(addProviderBody({ location: 'Hekpoort' })),
      201,
    );
    expect(created).toMatchObject({
      location: 'Hekpoort',
      latitude: null,
      longitude: null,
      coverageAreas: ['Hekpoort'],
    });
  });

  it('stores every field an admin can give, with a photo uploaded by the admin', async () => {
    const profileImage = await uploadAdminImage(api, admin.token);
    expect(profileImage).toMatch(/^\/objects\/uploads\/[\w-]+\.png$/);
    // Stored as given, and answered so.
    const given = {
      contactName: 'Sipho Dlamini',
      profileImage,
      isPremium: true,
      isApproved: true,
      startingPrice: 2500,
      website: 'https://ubuntusecurity.example.co.za',
      coverageAreas: ['Sandton', 'Randburg'],
      specialties: ['IP cameras', 'Electric fencing'],
      yearsExperience: 12,
      completedJobs: 340,
      responseTime: 'Within 2 hours',
      teamSize: 8,
      insurance: 'Public liability, R5 million',
      businessLicense: 'CK2011/123456/07',
      establishedYear: new Date().getFullYear(),
      emergencyService: true,
    };
    const body = addProviderBody({
      ...given,
      legalForm: 'sole_trader',
      businessHours: { saturday: 'Closed', sunday: '10 AM - 2 PM' },
    });
    const created = await okJson<AdminProvider>(post(body), 201);
    // No reviews yet: the rating is not the admin's to set.
    const expected = { ...given, rating: '0.0', reviewCount: 0 };
    expect(created).toMatchObject(expected);
    // Only the days given: no default fills the others.
    expect(created.businessHours).toEqual({ saturday: 'Closed', sunday: '10:00 AM - 2:00 PM' });
    expect(await storedProvider(created.id)).toMatchObject({
      ...expected,
      legalForm: 'sole_trader',
    });

    // The photo is served, and the public answer carries it (and none of the admin's fields).
    const image = await api.get(profileImage);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const profile = await okJson<Record<string, unknown>>(publicProvider(created.id));
    expect(profile).toMatchObject({
      profileImage,
      // Premium, but verified only once its checks are recorded.
      isVerified: false,
      isPremium: true,
      rating: '0.0',
      reviewCount: 0,
    });
    expect(profile).not.toHaveProperty('businessLicense');
    expect(profile).not.toHaveProperty('contactName');
    expect(await publicStats()).toMatchObject({ totalProviders: 1, verifiedProviders: 0 });
  });

  it('adds an unapproved provider that stays out of the public list', async () => {
    const created = await okJson<AdminProvider>(post(addProviderBody({ isApproved: false })), 201);
    expect(created.isApproved).toBe(false);
    expect((await listProviders(api)).total).toBe(0);
    await expectError(await publicProvider(created.id), 404, 'Provider not found');
    expect(await publicStats()).toMatchObject({ totalProviders: 0 });
  });

  const nextYear = new Date().getFullYear() + 1;
  it.each<[string, Record<string, unknown>, string, string]>([
    // The rating is the average of the visible reviews: never set by hand.
    ['a rating', { rating: 4.5 }, 'rating', RATING_NOT_SETTABLE],
    ['a rating of 0', { rating: 0 }, 'rating', RATING_NOT_SETTABLE],
    ['a rating as text', { rating: '4.5' }, 'rating', RATING_NOT_SETTABLE],
    ['a team of 0', { teamSize: 0 }, 'teamSize', 'Team size must be at least 1'],
    ['a team of 2.5', { teamSize: 2.5 }, 'teamSize', 'Team size must be a whole number'],
    [
      'established in 1899',
      { establishedYear: 1899 },
      'establishedYear',
      'Established year must be 1900 or later',
    ],
    [
      'established next year',
      { establishedYear: nextYear },
      'establishedYear',
      'Established year cannot be in the future',
    ],
    [
      'a website that is not a URL',
      { website: 'not a url' },
      'website',
      'Please enter a valid website address (https://...)',
    ],
    [
      'a website that is not http(s)',
      { website: 'javascript:alert(1)' },
      'website',
      'Please enter a valid website address (https://...)',
    ],
    ['an unknown province', { province: 'gotham' }, 'province', 'Please select a province'],
    ['no services', { services: [] }, 'services', 'Please select at least one service'],
    [
      'an unknown service',
      { services: ['plumbing'] },
      'services.0',
      'Please select at least one service',
    ],
    ['a bad phone number', { phone: '12345' }, 'phone', SA_PHONE_MESSAGE],
    ['a bad e-mail', { email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [
      'a profile image that is not an object path',
      { profileImage: 'https://elsewhere.example.com/photo.png' },
      'profileImage',
      'Upload the image again',
    ],
    [
      'a profile image path outside the uploads',
      { profileImage: '/objects/../secret.png' },
      'profileImage',
      'Upload the image again',
    ],
    [
      'a negative starting price',
      { startingPrice: -1 },
      'startingPrice',
      'Starting price must be at least 0',
    ],
    ['no name', { name: undefined }, 'name', 'Business name is required'],
    ['a blank description', { description: '   ' }, 'description', 'Description is required'],
    ['no location', { location: undefined }, 'location', 'Location is required'],
    ['no description', { description: undefined }, 'description', 'Description is required'],
    ['no province', { province: undefined }, 'province', 'Please select a province'],
    [
      'no services at all',
      { services: undefined },
      'services',
      'Please select at least one service',
    ],
    ['no phone', { phone: undefined }, 'phone', SA_PHONE_MESSAGE],
    ['no e-mail', { email: undefined }, 'email', 'Please enter a valid email address'],
    [
      'an unknown business type',
      { legalForm: 'partnership' },
      'legalForm',
      'Business type must be company or sole_trader',
    ],
  ])('answers 400 to %s and stores nothing', async (_, overrides, field, message) => {
    await expectFieldRefusal(api, () => post(addProviderBody(overrides)), field, message);
  });

  it('answers 400 to a body that is not JSON, and 415 to one without a JSON content type', async () => {
    const before = await databaseSnapshot(api);
    const broken = await api.request('/api/admin/providers', {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: '{"name": ',
    });
    await expectError(broken, 400, 'The request body must be JSON');
    const form = await api.request('/api/admin/providers', {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'text/plain' },
      body: JSON.stringify(addProviderBody()),
    });
    await expectError(form, 415);
    expect(await databaseSnapshot(api)).toEqual(before);
  });

  it('answers 409 to an e-mail address a provider has already, in any case', async () => {
    await insertProvider(api.database.db, { email: 'Info@UbuntuSecurity.Example.co.za' });
    const before = await databaseSnapshot(api);
    const message = 'A provider with this e-mail address exists already.';
    for (const email of [
      'info@ubuntusecurity.example.co.za',
      'INFO@UBUNTUSECURITY.EXAMPLE.CO.ZA',
    ]) {
      const body = await expectError(await post(addProviderBody({ email })), 409, message);
      expect(body.errors).toEqual({ email: message });
    }
    expect(await databaseSnapshot(api)).toEqual(before);
  });
});

describe('PUT /api/admin/providers/:id', () => {
  it('takes a provider out of the public list and back with isApproved', async () => {
    const provider = await insertProvider(api.database.db);
    expect((await listProviders(api)).providers.map((p) => p.id)).toEqual([provider.id]);

    const hidden = await okJson<AdminProvider>(put(provider.id, { isApproved: false }));
    expect(hidden).toMatchObject({ id: provider.id, isApproved: false, name: provider.name });
    expect((await storedProvider(provider.id))?.isApproved).toBe(false);
    expect((await listProviders(api)).total).toBe(0);
    await expectError(await publicProvider(provider.id), 404, 'Provider not found');
    expect(await publicStats()).toMatchObject({ totalProviders: 0 });

    const shown = await okJson<AdminProvider>(put(provider.id, { isApproved: true }));
    expect(shown.isApproved).toBe(true);
    expect((await listProviders(api)).providers.map((p) => p.id)).toEqual([provider.id]);
    expect((await publicProvider(provider.id)).status).toBe(200);
    expect(await publicStats()).toMatchObject({ totalProviders: 1 });
  });

  it('stores business hours structured, and refuses a day the business clock cannot read', async () => {
    const provider = await insertProvider(api.database.db);
    const saved = await okJson<AdminProvider>(
      put(provider.id, { businessHours: { monday: '7 AM - 4:30 PM', sunday: 'Closed' } }),
    );
    expect(saved.businessHours).toMatchObject({ monday: '7:00 AM - 4:30 PM', sunday: 'Closed' });
    // As the column holds it: minutes from midnight, null when closed.
    const [row] = await queryRows<{ hours: Record<string, unknown> }>(
      api.database.db,
      sql`SELECT business_hours AS hours FROM service_providers WHERE id = ${provider.id}`,
    );
    expect(row?.hours).toMatchObject({ monday: { opens: 420, closes: 990 }, sunday: null });

    const before = await databaseSnapshot(api);
    const body = await expectError(
      await put(provider.id, { businessHours: { sunday: 'By appointment' } }),
      400,
    );
    expect(body.errors?.['businessHours.sunday']).toBe(
      "Write the day's hours like 8:00 AM - 5:00 PM, or Closed",
    );
    expect(await databaseSnapshot(api)).toEqual(before);
  });

  it('cannot verify or unverify a provider: the badge follows from its check records', async () => {
    const db = api.database.db;
    const plain = await insertProvider(db);
    const verified = await insertProvider(db, { isVerified: true });
    const before = await databaseSnapshot(api);
    // isVerified and verifiedUntil are no fields of this route: dropped, they leave nothing.
    for (const [id, body] of [
      [plain.id, { isVerified: true }],
      [plain.id, { verifiedUntil: '2099-12-31' }],
      [verified.id, { isVerified: false }],
    ] as const) {
      await expectError(await put(id, body), 400, 'Nothing to update');
    }
    expect(await databaseSnapshot(api)).toEqual(before);

    // Sent with a field that is one, they change nothing but that field.
    const answer = await okJson<AdminProvider>(
      put(plain.id, { isVerified: true, verifiedUntil: '2099-12-31', startingPrice: 2500 }),
    );
    expect(answer).toMatchObject({ startingPrice: 2500, isVerified: false });
    expect(await storedProvider(plain.id)).toMatchObject({ verifiedUntil: '-infinity' });
    expect(
      await okJson(put(verified.id, { isVerified: false, startingPrice: 2500 })),
    ).toMatchObject({ startingPrice: 2500, isVerified: true });
    expect(await okJson(publicProvider(plain.id))).toMatchObject({ isVerified: false });
    expect(await okJson(publicProvider(verified.id))).toMatchObject({ isVerified: true });
    expect(await publicStats()).toMatchObject({ totalProviders: 2, verifiedProviders: 1 });
  });

  it('changes the business type, and with it the checks the badge needs', async () => {
    const db = api.database.db;
    const provider = await insertProvider(db, { legalForm: 'sole_trader', isVerified: true });
    expect(await okJson(publicProvider(provider.id))).toMatchObject({ isVerified: true });

    // A company needs its CIPC registration checked too, which a sole trader had not.
    const company = await okJson<AdminProvider>(put(provider.id, { legalForm: 'company' }));
    expect(company.isVerified).toBe(false);
    expect(await storedProvider(provider.id)).toMatchObject({
      legalForm: 'company',
      verifiedUntil: '-infinity',
    });
    expect(await publicStats()).toMatchObject({ totalProviders: 1, verifiedProviders: 0 });

    // Back to sole trader: every check it needs has passed.
    const soleTrader = await okJson<AdminProvider>(put(provider.id, { legalForm: 'sole_trader' }));
    expect(soleTrader.isVerified).toBe(true);
    expect(await publicStats()).toMatchObject({ totalProviders: 1, verifiedProviders: 1 });
  });

  it('changes the location (and its coordinates), the e-mail and the services', async () => {
    const provider = await insertProvider(api.database.db, {
      location: 'Johannesburg',
      services: ['cctv'],
    });
    const answer = await okJson<AdminProvider>(
      put(provider.id, {
        location: 'Durban',
        email: 'New@Example.co.za',
        services: ['wifi', 'network'],
      }),
    );
    expect(answer).toMatchObject({
      location: 'Durban',
      email: 'new@example.co.za',
      services: ['wifi', 'network'],
    });
    expect(await storedProvider(provider.id)).toMatchObject({
      location: 'Durban',
      latitude: expect.stringMatching(/^-29\.8/) as unknown,
      email: 'new@example.co.za',
      services: ['wifi', 'network'],
    });
    // The public list and counts follow.
    expect(await okJson(api.get('/api/service-stats'))).toMatchObject({
      cctv: 0,
      wifi: 1,
      network: 1,
    });
    const durban = await listProviders(api, { location: 'durban', serviceType: 'wifi' });
    expect(durban.providers.map((p) => p.id)).toEqual([provider.id]);
  });

  it('answers 400 to a body that changes nothing, and changes nothing', async () => {
    const provider = await insertProvider(api.database.db, { contactName: 'Sipho Dlamini' });
    const before = await databaseSnapshot(api);
    await expectError(await put(provider.id, {}), 400, 'Nothing to update');
    // Fields the admin cannot set are dropped, which leaves nothing.
    await expectError(
      await put(provider.id, { passwordHash: 'x', tokenVersion: 9, id: 77 }),
      400,
      'Nothing to update',
    );
    // A blank optional text means "not given".
    await expectError(await put(provider.id, { contactName: '  ' }), 400, 'Nothing to update');
    expect(await databaseSnapshot(api)).toEqual(before);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['a rating', { rating: 3.7 }, 'rating', RATING_NOT_SETTABLE],
    ['a blank name', { name: ' ' }, 'name', 'Business name is required'],
    ['no services', { services: [] }, 'services', 'Please select at least one service'],
    ['a bad phone number', { phone: '011 555' }, 'phone', SA_PHONE_MESSAGE],
    [
      'isApproved as text',
      { isApproved: 'false' },
      'isApproved',
      'isApproved must be true or false',
    ],
    [
      'an unknown business type',
      { legalForm: 'trust' },
      'legalForm',
      'Business type must be company or sole_trader',
    ],
  ])('answers 400 to %s and changes nothing', async (_, changes, field, message) => {
    const provider = await insertProvider(api.database.db);
    await expectFieldRefusal(api, () => put(provider.id, changes), field, message);
  });

  it('answers 409 when the new e-mail is another provider’s', async () => {
    await insertProvider(api.database.db, { email: 'taken@example.co.za' });
    const provider = await insertProvider(api.database.db);
    const before = await databaseSnapshot(api);
    const message = 'A provider with this e-mail address exists already.';
    const body = await expectError(
      await put(provider.id, { email: 'TAKEN@example.co.za' }),
      409,
      message,
    );
    expect(body.errors).toEqual({ email: message });
    expect(await databaseSnapshot(api)).toEqual(before);
  });

  it.each([['9999'], ['0'], ['abc']])('answers 404 for provider id %s', async (id) => {
    await insertProvider(api.database.db);
    await expectNotFoundRefusal(api, () => put(id, { isApproved: true }));
  });

  it('answers 404 “Provider not found” for an unknown provider', async () => {
    await expectError(await put(9999, { isApproved: true }), 404, 'Provider not found');
  });
});

describe('DELETE /api/admin/providers/:id', () => {
  it('removes the provider and keeps its enquiries, unassigned', async () => {
    const db = api.database.db;
    const provider = await insertProvider(db);
    const other = await insertProvider(db);
    const first = await insertEnquiry(db, { assignedProviderId: provider.id, status: 'assigned' });
    const second = await insertEnquiry(db, {
      assignedProviderId: provider.id,
      status: 'completed',
      providerResponse: 'Installed four cameras.',
    });
    const others = await insertEnquiry(db, { assignedProviderId: other.id });
    const session = await providerSession(api, provider.id);
    expect(
      (
        await api.get('/api/provider/me', {
          headers: { authorization: `Bearer ${session}` },
        })
      ).status,
    ).toBe(200);

    const response = await remove(provider.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Provider deleted' });

    expect(await storedProvider(provider.id)).toBeUndefined();
    await expectError(await publicProvider(provider.id), 404, 'Provider not found');
    expect((await listProviders(api)).providers.map((p) => p.id)).toEqual([other.id]);
    expect(await publicStats()).toMatchObject({ totalProviders: 1, totalEnquiries: 3 });
    await expectError(
      await sendAs(api, admin.token, 'GET', `/api/admin/providers/${provider.id}`),
      404,
    );

    const enquiries = await db.select().from(customerEnquiries).orderBy(asc(customerEnquiries.id));
    expect(enquiries.map((e) => [e.id, e.assignedProviderId, e.status])).toEqual([
      [first.id, null, 'assigned'],
      [second.id, null, 'completed'],
      [others.id, other.id, 'new'],
    ]);
    expect(enquiries[1]?.providerResponse).toBe('Installed four cameras.');

    // The deleted provider's session ends with it.
    await expectError(
      await api.get('/api/provider/me', {
        headers: { authorization: `Bearer ${session}` },
      }),
      401,
      SIGN_IN_AGAIN,
    );

    // A second delete finds nothing.
    const before = await databaseSnapshot(api);
    await expectError(await remove(provider.id), 404, 'Provider not found');
    expect(await databaseSnapshot(api)).toEqual(before);
  });

  it.each([['9999'], ['0'], ['-3'], ['abc']])(
    'answers 404 for provider id %s and deletes nothing',
    async (id) => {
      await insertProvider(api.database.db);
      await expectNotFoundRefusal(api, () => remove(id));
    },
  );
});
