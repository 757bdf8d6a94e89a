/**
 * One shape per field (docs/decisions/0034): what the API answers for a provider can be
 * sent back to the matching write, unchanged or with one field changed, and is accepted
 * and stored. Called as an outside client calls it: raw JSON over HTTP, the body built
 * from the GET's own answer.
 *
 * - GET /api/provider/me -> PUT /api/provider/profile, and the spec's seven-field body
 *   (spec section 7), which keeps the fields added since.
 * - GET /api/admin/providers/:id -> PUT /api/admin/providers/:id.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { HOURS_MESSAGES } from '../../src/lib/business-hours.ts';
import { DEFAULT_BUSINESS_HOURS } from '../../src/lib/catalog/enquiry-options.ts';
import { RATING_NOT_SETTABLE } from '../../src/lib/schemas/admin-operations.ts';
import { PROFILE_MESSAGES } from '../../src/lib/schemas/provider-dashboard.ts';
import { adminSession, createTestAdmin } from '../helpers/admin-fixtures.ts';
import { databaseSnapshot, sendAs } from '../helpers/api-fixtures.ts';
import { insertProvider } from '../helpers/builders.ts';
import { expectError, expectFieldRefusal } from '../helpers/error-answer.ts';
import {
  createTestProvider,
  providerRow,
  providerSession,
  useSignedInProvider,
} from '../helpers/provider-fixtures.ts';
import { useTestApi } from '../helpers/test-api.ts';

const api = useTestApi();

type Json = Record<string, unknown>;

/** The fields the profile gained after the spec, as a provider has set them. */
const OWN_EXTRAS = {
  startingPrice: 2300,
  coverageAreas: ['Durban', 'Umhlanga', 'Ballito'],
  businessHours: {
    monday: '7:30 AM - 4:30 PM',
    tuesday: '7:30 AM - 4:30 PM',
    wednesday: '7:30 AM - 4:30 PM',
    thursday: '7:30 AM - 4:30 PM',
    friday: '7:30 AM - 1:00 PM',
    saturday: 'Closed',
    sunday: 'Closed',
  },
  website: 'https://www.coastal-alarms.example.co.za',
  specialties: ['Armed response links', 'Gate motors'],
};

const provider = useSignedInProvider(api, {
  name: 'Coastal Alarm Works',
  email: 'office@coastal-alarms.example.co.za',
  phone: '0315550123',
  location: 'Durban',
  latitude: '-29.85870000',
  longitude: '31.02180000',
  province: 'kwazulu-natal',
  services: ['alarms', 'cctv'],
  description: 'Alarms and cameras for homes and shops on the North Coast.',
  ...OWN_EXTRAS,
});

async function json(response: Response, status = 200): Promise<Json> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as Json;
}

const readMe = async (session = provider.token) =>
  json(await sendAs(api, session, 'GET', '/api/provider/me'));
const putProfile = (body: unknown, session = provider.token) =>
  sendAs(api, session, 'PUT', '/api/provider/profile', body);

describe('GET /api/provider/me sent back to PUT /api/provider/profile', () => {
  it('stores a changed price and keeps every other field', async () => {
    const me = await readMe();
    const saved = await json(await putProfile({ ...me, startingPrice: 2750 }));
    expect(saved).toEqual({ ...me, startingPrice: 2750 });
    expect(await readMe()).toEqual({ ...me, startingPrice: 2750 });
    expect((await providerRow(api, provider.id)).startingPrice).toBe(2750);
  });

  it('accepts the answer unchanged and stores the same profile', async () => {
    const me = await readMe();
    const before = await providerRow(api, provider.id);
    expect(await json(await putProfile(me))).toEqual(me);
    expect(await readMe()).toEqual(me);
    const { updatedAt: _after, ...after } = await providerRow(api, provider.id);
    const { updatedAt: _before, ...unchanged } = before;
    expect(after).toEqual(unchanged);
  });

  it.each<[string, Json, Json?]>([
    ['the name', { name: 'Coastal Alarm & Camera Works' }],
    ['the e-mail', { email: 'hello@coastal-alarms.example.co.za' }],
    ['the phone', { phone: '0825550123' }],
    ['the town', { location: 'Pinetown' }],
    ['the province', { province: 'gauteng' }],
    ['the services', { services: ['alarms'] }],
    ['the description', { description: 'Alarms, cameras and gate motors.' }],
    ['the coverage areas', { coverageAreas: ['Durban', 'Pinetown'] }],
    ['the specialties', { specialties: ['Gate motors'] }],
    ['the website', { website: 'https://alarms.example.co.za' }],
    ['the website, removed', { website: null }],
    [
      "one day's hours, as text",
      { businessHours: { ...OWN_EXTRAS.businessHours, saturday: '8:00 AM - 12:00 PM' } },
    ],
    [
      "one day's hours, as a person writes them",
      { businessHours: { ...OWN_EXTRAS.businessHours, monday: '8 am - 5 pm' } },
      { businessHours: { ...OWN_EXTRAS.businessHours, monday: '8:00 AM - 5:00 PM' } },
    ],
    [
      "one day's hours, as the dashboard sends them",
      {
        businessHours: {
          ...OWN_EXTRAS.businessHours,
          friday: { closed: false, opens: '07:30', closes: '16:30' },
        },
      },
      { businessHours: { ...OWN_EXTRAS.businessHours, friday: '7:30 AM - 4:30 PM' } },
    ],
  ])('stores %s changed in what GET answered', async (_, change, stored = change) => {
    const me = await readMe();
    await json(await putProfile({ ...me, ...change }));
    expect(await readMe()).toEqual({ ...me, ...stored });
  });

  it('ignores the read-only fields of the answer, changed or not', async () => {
    const me = await readMe();
    const before = await providerRow(api, provider.id);
    const changed = { ...me, id: 1, rating: 5, reviewCount: 99, isVerified: true, isPremium: true };
    expect(await json(await putProfile(changed))).toEqual(me);
    expect(await providerRow(api, provider.id)).toMatchObject({
      rating: before.rating,
      reviewCount: before.reviewCount,
      isPremium: before.isPremium,
    });
  });

  it('keeps values stored under looser rules when they come back unchanged', async () => {
    // As an approved application or an admin leaves them: an http:// website, a place
    // that is no town of the places table, missing days in the hours, a price under the
    // dashboard's least, more specialties than it allows.
    const legacy = {
      website: 'http://www.karoo-security.example.co.za',
      coverageAreas: ['Kleinkaroo Farm 12'],
      businessHours: { monday: '8:00 AM - 5:00 PM', sunday: 'Closed' },
      startingPrice: 20,
      specialties: Array.from({ length: 14 }, (_, i) => `Specialty ${i + 1}`),
    };
    const other = await createTestProvider(api, { location: 'Oudtshoorn', ...legacy });
    const session = await providerSession(api, other.id);
    const me = await readMe(session);
    expect(me).toMatchObject(legacy);

    const saved = await json(await putProfile({ ...me, description: 'Gates.' }, session));
    expect(saved).toEqual({ ...me, description: 'Gates.' });
    expect(await providerRow(api, other.id)).toMatchObject(legacy);

    // A value the provider changes meets the dashboard's rules, the whole field.
    const body = await expectError(
      await putProfile({ ...me, coverageAreas: [...legacy.coverageAreas, 'Durban'] }, session),
      400,
    );
    expect(body.errors?.coverageAreas).toBe(PROFILE_MESSAGES.unknownTown('Kleinkaroo Farm 12'));
    const refused = await expectError(
      await putProfile({ ...me, website: 'http://www.karoo-gates.example.co.za' }, session),
      400,
    );
    expect(refused.errors?.website).toBe(PROFILE_MESSAGES.websiteHttps);
    expect(await providerRow(api, other.id)).toMatchObject({ ...legacy, description: 'Gates.' });
  });

  it.each<[string, Json, string, string]>([
    ['a day in words', { monday: 'Mornings only' }, 'businessHours.monday', HOURS_MESSAGES.text],
    [
      'a time past the clock',
      { monday: '8:00 AM - 13:00 PM' },
      'businessHours.monday',
      HOURS_MESSAGES.text,
    ],
    [
      'closing before opening',
      { tuesday: '5:00 PM - 8:00 AM' },
      'businessHours.tuesday.closes',
      HOURS_MESSAGES.order,
    ],
  ])(
    'answers 400 to hours as text with %s, and stores nothing',
    async (_, days, field, message) => {
      const me = await readMe();
      const hours = { ...OWN_EXTRAS.businessHours, ...days };
      await expectFieldRefusal(
        api,
        () => putProfile({ ...me, businessHours: hours }),
        field,
        message,
      );
    },
  );
});

describe("PUT /api/provider/profile with the spec's seven fields", () => {
  const SPEC_BODY = {
    name: 'Coastal Security',
    email: 'info@coastal-security.example.co.za',
    phone: '+27315550199',
    location: 'Umhlanga',
    province: 'kwazulu-natal',
    services: ['cctv'],
    description: 'Cameras for complexes and estates.',
  };

  it('stores them and keeps price, coverage, hours, website and specialties', async () => {
    const saved = await json(await putProfile(SPEC_BODY));
    expect(saved).toMatchObject({ ...SPEC_BODY, ...OWN_EXTRAS });
    expect(await readMe()).toMatchObject({ ...SPEC_BODY, ...OWN_EXTRAS });
    expect(await providerRow(api, provider.id)).toMatchObject({ ...SPEC_BODY, ...OWN_EXTRAS });
  });

  it('keeps the default hours of a provider that never set its own', async () => {
    const fresh = await createTestProvider(api, { businessHours: { ...DEFAULT_BUSINESS_HOURS } });
    const session = await providerSession(api, fresh.id);
    await json(await putProfile({ ...SPEC_BODY, email: 'fresh@example.co.za' }, session));
    expect((await providerRow(api, fresh.id)).businessHours).toEqual(DEFAULT_BUSINESS_HOURS);
  });
});

describe('GET /api/admin/providers/:id sent back to PUT /api/admin/providers/:id', () => {
  let adminToken: string;
  beforeEach(async () => {
    const admin = await createTestAdmin(api);
    adminToken = await adminSession(api, admin.id);
  });

  const readAdmin = async (id: number) =>
    json(await sendAs(api, adminToken, 'GET', `/api/admin/providers/${id}`));
  const putAdmin = (id: number, body: unknown) =>
    sendAs(api, adminToken, 'PUT', `/api/admin/providers/${id}`, body);

  /** As the seed leaves a sample provider: a photo file name, no contact name or licence. */
  const seeded = () =>
    insertProvider(api.database.db, {
      profileImage: 'sample-provider-6.webp',
      contactName: null,
      businessLicense: null,
      insurance: null,
      responseTime: null,
      teamSize: null,
      rating: '4.6',
    });

  it('stores a changed price and keeps every other field', async () => {
    const { id } = await seeded();
    const read = await readAdmin(id);
    const saved = await json(await putAdmin(id, { ...read, startingPrice: 3200 }));
    const { updatedAt: _a, ...rest } = read;
    expect(saved).toMatchObject({ ...rest, startingPrice: 3200 });
    expect(await readAdmin(id)).toMatchObject({ ...rest, startingPrice: 3200 });
    expect(await providerRow(api, id)).toMatchObject({
      startingPrice: 3200,
      profileImage: 'sample-provider-6.webp',
      rating: '4.6',
      contactName: null,
    });
  });

  it('accepts the answer unchanged and changes nothing', async () => {
    const { id } = await seeded();
    const read = await readAdmin(id);
    const before = await databaseSnapshot(api);
    expect(await json(await putAdmin(id, read))).toEqual(read);
    expect(await databaseSnapshot(api)).toEqual(before);
  });

  it('stores changed hours and approval together', async () => {
    const { id } = await seeded();
    const read = await readAdmin(id);
    const hours = { ...DEFAULT_BUSINESS_HOURS, saturday: 'Closed' };
    await json(await putAdmin(id, { ...read, businessHours: hours, isApproved: false }));
    expect(await providerRow(api, id)).toMatchObject({ businessHours: hours, isApproved: false });
  });

  it('still refuses a rating that differs from the one its reviews give', async () => {
    const { id } = await seeded();
    const read = await readAdmin(id);
    const before = await databaseSnapshot(api);
    const body = await expectError(await putAdmin(id, { ...read, rating: '5.0' }), 400);
    expect(body.errors?.rating).toBe(RATING_NOT_SETTABLE);
    expect(await databaseSnapshot(api)).toEqual(before);
  });
});
