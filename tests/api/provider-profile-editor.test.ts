/**
 * Providers keep their own profile: starting price, coverage areas,
 * business hours per day, website and specialties through PUT /api/provider/profile,
 * checked by ProviderProfileSchema and, for the towns, against the towns the site knows.
 * The public answers, the location filter and the responsiveness clock follow at once.
 */
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { HOURS_MESSAGES } from '../../src/lib/business-hours.ts';
import { WEEKDAYS } from '../../src/lib/catalog/enquiry-options.ts';
import { PROFILE_LIMITS, PROFILE_MESSAGES } from '../../src/lib/schemas/provider-dashboard.ts';
import { databaseSnapshot, listProviders, queryRows, sendJson } from '../helpers/api-fixtures.ts';
import { bearer } from '../helpers/auth-fixtures.ts';
import { expectError, expectFieldRefusal } from '../helpers/error-answer.ts';
import { OPEN_WEEK } from '../helpers/profile-fixtures.ts';
import {
  createTestProvider,
  providerRow,
  type TestProvider,
  useSignedInProvider,
} from '../helpers/provider-fixtures.ts';
import { useTestApi } from '../helpers/test-api.ts';

const api = useTestApi();

const provider = useSignedInProvider(api, {
  name: 'Umhlanga Alarm Works',
  location: 'Durban',
  province: 'kwazulu-natal',
  latitude: '-29.85870000',
  longitude: '31.02180000',
  services: ['alarms'],
  coverageAreas: ['Durban', 'Pinetown'],
  specialties: ['Armed response links'],
  startingPrice: 900,
});
let other: TestProvider;
beforeEach(async () => {
  other = await createTestProvider(api, { name: 'Cape Camera Co', location: 'Cape Town' });
});

type Week = Record<string, { closed: boolean; opens?: string; closes?: string }>;

const profile = (overrides: Record<string, unknown> = {}) => ({
  name: 'Umhlanga Alarm Works',
  email: provider.email,
  phone: '0315550123',
  location: 'Durban',
  province: 'kwazulu-natal',
  services: ['alarms'],
  description: 'Alarms and armed response links for homes in Durban and Umhlanga.',
  startingPrice: 1200,
  coverageAreas: ['Durban', 'Umhlanga', 'Ballito'],
  businessHours: OPEN_WEEK as Week,
  website: 'https://www.umhlanga-alarms.example.co.za',
  specialties: ['Alarm installs', 'Armed response links'],
  ...overrides,
});

const save = (body: unknown, session = provider.token) =>
  api.request('/api/provider/profile', {
    method: 'PUT',
    headers: bearer(session),
    body: JSON.stringify(body),
  });

const publicProvider = async (id: number) => {
  const response = await api.get(`/api/providers/${id}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
};

/** The ids the listing's location filter finds in a town (by its town value). */
const idsIn = async (town: string) =>
  (await listProviders(api, { location: town, limit: 50 })).providers.map((p) => p.id);

const week = (changes: Week): Week => ({ ...(OPEN_WEEK as Week), ...changes });

describe('PUT /api/provider/profile: the public profile fields', () => {
  it('stores price, coverage, hours, website and specialties, and the public answer shows them at once', async () => {
    const hours = week({
      monday: { closed: false, opens: '07:30', closes: '16:45' },
      saturday: { closed: true },
    });
    const response = await save(profile({ businessHours: hours }));
    expect(response.status).toBe(200);
    const expected = {
      startingPrice: 1200,
      coverageAreas: ['Durban', 'Umhlanga', 'Ballito'],
      website: 'https://www.umhlanga-alarms.example.co.za',
      specialties: ['Alarm installs', 'Armed response links'],
      businessHours: {
        monday: '7:30 AM - 4:45 PM',
        tuesday: '8:00 AM - 5:00 PM',
        wednesday: '8:00 AM - 5:00 PM',
        thursday: '8:00 AM - 5:00 PM',
        friday: '8:00 AM - 5:00 PM',
        saturday: 'Closed',
        sunday: 'Closed',
      },
    };
    expect(await response.json()).toMatchObject(expected);
    const me = await api.get('/api/provider/me', { headers: bearer(provider.token) });
    expect(await me.json()).toMatchObject(expected);
    expect(await providerRow(api, provider.id)).toMatchObject(expected);
    expect(await publicProvider(provider.id)).toMatchObject(expected);
  });

  it('writes hours that business_minutes() counts: Monday 9:00 to 12:30, Saturday closed', async () => {
    const hours = Object.fromEntries(
      WEEKDAYS.map((day) => [
        day,
        day === 'monday' ? { closed: false, opens: '09:00', closes: '12:30' } : { closed: true },
      ]),
    );
    expect((await save(profile({ businessHours: hours }))).status).toBe(200);
    // 23 November 2026 is a Monday; 28 November a Saturday (South African time).
    const [row] = await queryRows<{ monday: number; saturday: number; week: number }>(
      api.database.db,
      sql`SELECT business_minutes(business_hours, '2026-11-23 06:00+02', '2026-11-23 20:00+02') AS monday,
                 business_minutes(business_hours, '2026-11-28 00:00+02', '2026-11-29 00:00+02') AS saturday,
                 business_minutes(business_hours, '2026-11-23 00:00+02', '2026-11-30 00:00+02') AS week
            FROM service_providers WHERE id = ${provider.id}`,
    );
    expect(row).toEqual({ monday: 210, saturday: 0, week: 210 });
  });

  it('moves the provider in the location filter: found in a town added, gone from one removed', async () => {
    expect(await idsIn('ballito')).not.toContain(provider.id);
    const covering = { coverageAreas: ['Durban', 'Pietermaritzburg'] };
    expect((await save(profile(covering))).status).toBe(200);
    expect(await idsIn('pietermaritzburg')).toContain(provider.id);
    expect((await save(profile({ coverageAreas: ['Durban', 'Ballito'] }))).status).toBe(200);
    expect(await idsIn('ballito')).toContain(provider.id);
    expect(await idsIn('pietermaritzburg')).not.toContain(provider.id);
    // Pinetown lies within Durban: a provider of Durban serves it, named or not.
    expect(await idsIn('pinetown')).toContain(provider.id);
    // The City/Area still counts, whatever the coverage areas say.
    expect((await save(profile({ coverageAreas: [] }))).status).toBe(200);
    expect(await idsIn('durban')).toContain(provider.id);
  });

  it('normalises: towns as the catalog writes them, once; website with https and lower-case host; specialties trimmed, once', async () => {
    const response = await save(
      profile({
        coverageAreas: [' durban', 'UMHLANGA', 'Durban', 'port elizabeth'],
        website: 'www.Umhlanga-Alarms.example.co.za',
        specialties: ['  Alarm   installs ', 'alarm installs', 'Gate motors'],
      }),
    );
    expect(response.status).toBe(200);
    expect(await providerRow(api, provider.id)).toMatchObject({
      coverageAreas: ['Durban', 'Umhlanga', 'Port Elizabeth'],
      website: 'https://www.umhlanga-alarms.example.co.za',
      specialties: ['Alarm installs', 'Gate motors'],
    });
  });

  it('takes any place of the places table, and an other name as its place', async () => {
    const response = await save(profile({ coverageAreas: ['Gqeberha', 'Alexandra', 'Durban'] }));
    expect(response.status).toBe(200);
    expect((await providerRow(api, provider.id)).coverageAreas).toEqual([
      'Port Elizabeth',
      'Alexandra',
      'Durban',
    ]);
    expect(await idsIn('port-elizabeth')).toContain(provider.id);
    expect(await idsIn('alexandra')).toContain(provider.id);
  });

  it('removes the website when it is left empty or null, and keeps it when left out', async () => {
    expect((await save(profile({ website: '  ' }))).status).toBe(200);
    expect((await providerRow(api, provider.id)).website).toBeNull();
    expect((await save(profile({ website: 'https://a.example.co.za' }))).status).toBe(200);
    const { website: _, ...withoutWebsite } = profile();
    expect((await save(withoutWebsite)).status).toBe(200);
    expect((await publicProvider(provider.id)).website).toBe('https://a.example.co.za');
    expect((await save(profile({ website: null }))).status).toBe(200);
    expect((await publicProvider(provider.id)).website).toBeNull();
  });

  it('keeps the other provider as it was: a session edits its own profile only', async () => {
    const before = await providerRow(api, other.id);
    const publicBefore = await publicProvider(other.id);
    const response = await save(profile({ id: other.id, providerId: other.id }));
    expect(response.status).toBe(200);
    expect(((await response.json()) as { id: number }).id).toBe(provider.id);
    expect(await providerRow(api, other.id)).toEqual(before);
    expect(await publicProvider(other.id)).toEqual(publicBefore);
  });

  it('answers 401 without a session and changes nothing', async () => {
    const before = await databaseSnapshot(api);
    const response = await sendJson(api, 'PUT', '/api/provider/profile', profile());
    expect(response.status).toBe(401);
    expect(await databaseSnapshot(api)).toEqual(before);
  });
});

describe('PUT /api/provider/profile: refused input stores nothing', () => {
  const tooMany = (count: number, name: (i: number) => string) =>
    Array.from({ length: count }, (_, i) => name(i));

  it.each<[string, Record<string, unknown>, string, string]>([
    // Starting price: whole rand within the range.
    ['a price that is text', { startingPrice: '1500' }, 'startingPrice', PROFILE_MESSAGES.price],
    // (null is no price, "Price on request": own-facts.test.ts.)
    ['a price of true', { startingPrice: true }, 'startingPrice', PROFILE_MESSAGES.price],
    ['a price with cents', { startingPrice: 1500.5 }, 'startingPrice', PROFILE_MESSAGES.priceWhole],
    ['a price below the least', { startingPrice: 49 }, 'startingPrice', PROFILE_MESSAGES.priceMin],
    ['a negative price', { startingPrice: -100 }, 'startingPrice', PROFILE_MESSAGES.priceMin],
    [
      'a price above the most',
      { startingPrice: PROFILE_LIMITS.priceMax + 1 },
      'startingPrice',
      PROFILE_MESSAGES.priceMax,
    ],
    // Coverage areas: a list of known towns, at most 30.
    [
      'coverage that is not a list',
      { coverageAreas: 'Durban' },
      'coverageAreas',
      PROFILE_MESSAGES.coverageList,
    ],
    [
      'an empty town',
      { coverageAreas: ['Durban', ' '] },
      'coverageAreas.1',
      PROFILE_MESSAGES.coverageEmpty,
    ],
    [
      'a town name too long',
      { coverageAreas: ['x'.repeat(PROFILE_LIMITS.townLength + 1)] },
      'coverageAreas.0',
      PROFILE_MESSAGES.townLength,
    ],
    [
      'more towns than the limit',
      { coverageAreas: tooMany(PROFILE_LIMITS.coverageAreas + 1, (i) => `Town ${i}`) },
      'coverageAreas',
      PROFILE_MESSAGES.coverageMax,
    ],
    [
      'a town the site does not know',
      { coverageAreas: ['Durban', 'Gotham City'] },
      'coverageAreas',
      PROFILE_MESSAGES.unknownTown('Gotham City'),
    ],
    // Website: https only, a real host, no credentials.
    [
      'a javascript: link',
      { website: 'javascript:alert(1)' },
      'website',
      PROFILE_MESSAGES.websiteHttps,
    ],
    [
      'a javascript: link dressed as a host',
      { website: 'JavaScript://example.co.za/%0aalert(1)' },
      'website',
      PROFILE_MESSAGES.websiteHttps,
    ],
    [
      'a data: link',
      { website: 'data:text/html,<script>alert(1)</script>' },
      'website',
      PROFILE_MESSAGES.websiteHttps,
    ],
    [
      'an http link',
      { website: 'http://www.example.co.za' },
      'website',
      PROFILE_MESSAGES.websiteHttps,
    ],
    ['words that are no address', { website: 'our website' }, 'website', PROFILE_MESSAGES.website],
    ['a host without a dot', { website: 'https://localhost' }, 'website', PROFILE_MESSAGES.website],
    [
      'a link with a password',
      { website: 'https://me:secret@example.co.za' },
      'website',
      PROFILE_MESSAGES.website,
    ],
    [
      'a website too long',
      { website: `https://example.co.za/${'a'.repeat(300)}` },
      'website',
      `At most ${PROFILE_LIMITS.websiteLength} characters`,
    ],
    // Specialties: short texts, at most 12.
    [
      'specialties that are not a list',
      { specialties: 'CCTV' },
      'specialties',
      PROFILE_MESSAGES.specialtiesList,
    ],
    [
      'an empty specialty',
      { specialties: ['CCTV', ''] },
      'specialties.1',
      PROFILE_MESSAGES.specialtyEmpty,
    ],
    [
      'a specialty too long',
      { specialties: ['x'.repeat(PROFILE_LIMITS.specialtyLength + 1)] },
      'specialties.0',
      PROFILE_MESSAGES.specialtyLength,
    ],
    [
      'more specialties than the limit',
      { specialties: tooMany(PROFILE_LIMITS.specialties + 1, (i) => `Specialty ${i}`) },
      'specialties',
      PROFILE_MESSAGES.specialtiesMax,
    ],
    // Business hours: every day, times as 24-hour HH:MM, closing after opening.
    [
      'a time that is not a time',
      { businessHours: week({ monday: { closed: false, opens: '8am', closes: '17:00' } }) },
      'businessHours.monday.opens',
      HOURS_MESSAGES.time,
    ],
    [
      'an hour past 23',
      { businessHours: week({ friday: { closed: false, opens: '08:00', closes: '24:00' } }) },
      'businessHours.friday.closes',
      HOURS_MESSAGES.time,
    ],
    [
      'an empty time',
      { businessHours: week({ tuesday: { closed: false, opens: '', closes: '17:00' } }) },
      'businessHours.tuesday.opens',
      HOURS_MESSAGES.time,
    ],
    [
      'closing before opening',
      { businessHours: week({ monday: { closed: false, opens: '17:00', closes: '08:00' } }) },
      'businessHours.monday.closes',
      HOURS_MESSAGES.order,
    ],
    [
      'a day left out',
      { businessHours: { ...OPEN_WEEK, sunday: undefined } },
      'businessHours.sunday',
      HOURS_MESSAGES.day,
    ],
    [
      'a day neither open nor closed',
      { businessHours: week({ sunday: { closed: 'maybe' } as never }) },
      'businessHours.sunday.closed',
      HOURS_MESSAGES.day,
    ],
    [
      'a week without an open day',
      { businessHours: Object.fromEntries(WEEKDAYS.map((day) => [day, { closed: true }])) },
      'businessHours',
      HOURS_MESSAGES.noOpenDay,
    ],
  ])('answers 400 to %s with its field error', async (_, overrides, field, message) => {
    await expectFieldRefusal(api, () => save(profile(overrides)), field, message);
  });

  it('answers 400 with every bad field at once and stores nothing', async () => {
    const before = await databaseSnapshot(api);
    const body = await expectError(
      await save(
        profile({
          startingPrice: 0.5,
          coverageAreas: [''],
          website: 'javascript:alert(document.cookie)',
          specialties: [''],
          businessHours: week({ monday: { closed: false, opens: '09:00', closes: '' } }),
        }),
      ),
      400,
    );
    expect(Object.keys(body.errors ?? {}).sort()).toEqual(
      [
        'businessHours.monday.closes',
        'coverageAreas.0',
        'specialties.0',
        'startingPrice',
        'website',
      ].sort(),
    );
    expect(await databaseSnapshot(api)).toEqual(before);
    expect(String((await publicProvider(provider.id)).website)).not.toMatch(/javascript/i);
  });
});
