/**
 * Only the provider's own facts (docs/decisions/0041): a provider approved from an
 * application has no starting price, hours or specialties it never gave, and the
 * applicant's description or none; every public answer and the CSV carry them as absent;
 * the contact person is a field of its own from the application to the dashboard; and
 * the dashboard's "Complete your profile" list records what the provider confirms.
 */
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_BUSINESS_HOURS } from '../../src/lib/catalog/enquiry-options.ts';
import { PROFILE_FACTS } from '../../src/lib/provider-facts.ts';
import { resetWithAdmin } from '../helpers/admin-fixtures.ts';
import { listProviders, okJson, queryRows, sendAs, sendJson } from '../helpers/api-fixtures.ts';
import { validApplicationBody } from '../helpers/builders.ts';
import { expectError } from '../helpers/error-answer.ts';
import { createTestProvider, providerRow, providerSession } from '../helpers/provider-fixtures.ts';
import { useTestApi } from '../helpers/test-api.ts';

const api = useTestApi();

let adminToken: string;
beforeEach(async () => {
  ({ token: adminToken } = await resetWithAdmin(api));
});

type Json = Record<string, unknown>;

/** Applies through POST /api/provider-applications, then an admin approves; answers the provider id. */
async function applyAndApprove(overrides: Json = {}): Promise<number> {
  const applied = await okJson<{ id: number }>(
    sendJson(api, 'POST', '/api/provider-applications', validApplicationBody(overrides)),
    201,
  );
  const approved = await okJson<{ providerId: number }>(
    sendAs(api, adminToken, 'POST', `/api/admin/applications/${applied.id}/approve`),
    201,
  );
  return approved.providerId;
}

interface Checklist {
  complete: boolean;
  facts: { fact: string; given: boolean; confirmedAt: string | null }[];
}

const checklist = (token: string) =>
  okJson<Checklist>(sendAs(api, token, 'GET', '/api/provider/profile/checklist'));
const confirmed = (list: Checklist) =>
  list.facts.filter((f) => f.confirmedAt !== null).map((f) => f.fact);

describe('a provider approved from an application', () => {
  it('has no price, hours or specialties it never gave, and no description', async () => {
    const id = await applyAndApprove({ contactName: 'Thandi Nkosi' });
    expect(await providerRow(api, id)).toMatchObject({
      startingPrice: null,
      businessHours: {},
      specialties: [],
      description: '',
      contactName: 'Thandi Nkosi',
      // The town the applicant named.
      coverageAreas: ['Sandton'],
    });
    // The public answers carry them as absent, the list and the provider alike.
    const provider = await okJson<Json>(api.request(`/api/providers/${id}`));
    expect(provider).toMatchObject({
      startingPrice: null,
      businessHours: {},
      specialties: [],
      description: '',
    });
    expect(provider).not.toHaveProperty('contactName');
    const list = await listProviders(api);
    expect(list.providers.find((p) => p.id === id)).toMatchObject({
      startingPrice: null,
      businessHours: {},
    });
  });

  it("keeps the applicant's own description", async () => {
    const description = 'Cameras and alarms for homes in Sandton, fitted by our own team.';
    const id = await applyAndApprove({ description });
    expect((await providerRow(api, id)).description).toBe(description);
    const [application] = await queryRows<{ description: string }>(
      api.database.db,
      sql`SELECT description FROM provider_applications WHERE provider_id = ${id}`,
    );
    expect(application?.description).toBe(description);
  });

  it('counts its responsiveness in the usual week, as /how-it-works says', async () => {
    const id = await applyAndApprove();
    // Friday 16:00 to Monday 09:00 SA time: 1 + 4 + 1 business hours in the default week.
    const [row] = await queryRows<{ minutes: number }>(
      api.database.db,
      sql`SELECT business_minutes(business_hours, '2025-03-07T14:00:00Z', '2025-03-10T07:00:00Z') AS minutes
            FROM service_providers WHERE id = ${id}`,
    );
    expect(row?.minutes).toBe(360);
  });

  it('shows its contact person and an empty price in the admin CSV', async () => {
    const id = await applyAndApprove({ contactName: 'Thandi Nkosi' });
    const response = await sendAs(api, adminToken, 'GET', '/api/admin/exports/providers.csv');
    expect(response.status).toBe(200);
    const rows = parse<Record<string, string>>((await response.text()).replace(/^\uFEFF/, ''), {
      columns: true,
    });
    expect(rows.find((r) => r['ID'] === String(id))).toMatchObject({
      'Business name': 'Secure Home Installations',
      'Contact name': 'Thandi Nkosi',
      'Starting price (R)': '',
    });
  });
});

describe('Add Provider through the API', () => {
  it('stores the price and hours it is sent, and none it is not', async () => {
    const body = {
      name: 'Karoo Gate Motors',
      contactName: 'Anele Khumalo',
      description: 'Gate motors and intercoms.',
      location: 'Bloemfontein',
      province: 'free-state',
      services: ['access'],
      phone: '0515550123',
      email: 'gates@karoo.example.com',
    };
    const bare = await okJson<Json>(
      sendAs(api, adminToken, 'POST', '/api/admin/providers', body),
      201,
    );
    expect(bare).toMatchObject({ startingPrice: null, businessHours: {}, specialties: [] });
    const given = await okJson<Json>(
      sendAs(api, adminToken, 'POST', '/api/admin/providers', {
        ...body,
        email: 'office@karoo.example.com',
        startingPrice: 1500,
        businessHours: DEFAULT_BUSINESS_HOURS,
      }),
      201,
    );
    expect(given).toMatchObject({ startingPrice: 1500, businessHours: DEFAULT_BUSINESS_HOURS });
  });
});

describe('the contact person on the dashboard', () => {
  it('is read and written apart from the business name', async () => {
    const id = await applyAndApprove({ contactName: 'Thandi Nkosi' });
    await api.database.db.execute(
      sql`UPDATE service_providers SET password_hash = 'x' WHERE id = ${id}`,
    );
    const token = await providerSession(api, id);
    const me = await okJson<Json>(sendAs(api, token, 'GET', '/api/provider/me'));
    expect(me).toMatchObject({ name: 'Secure Home Installations', contactName: 'Thandi Nkosi' });

    const saved = await okJson<Json>(
      sendAs(api, token, 'PUT', '/api/provider/profile', { ...me, contactName: 'Sipho Dlamini' }),
    );
    expect(saved).toMatchObject({
      name: 'Secure Home Installations',
      contactName: 'Sipho Dlamini',
    });
    const row = await providerRow(api, id);
    expect(row).toMatchObject({ name: 'Secure Home Installations', contactName: 'Sipho Dlamini' });
    // The public answer shows the business name only.
    const provider = await okJson<Json>(api.request(`/api/providers/${id}`));
    expect(provider['name']).toBe('Secure Home Installations');
    expect(JSON.stringify(provider)).not.toContain('Sipho Dlamini');
    // The admin's views carry both.
    const admin = await okJson<Json>(sendAs(api, adminToken, 'GET', `/api/admin/providers/${id}`));
    expect(admin).toMatchObject({
      name: 'Secure Home Installations',
      contactName: 'Sipho Dlamini',
    });
  });

  /** A provider with Thandi Nkosi as its contact person, signed in, and its GET /me answer. */
  async function thandiNkosisProvider() {
    const provider = await createTestProvider(api, { contactName: 'Thandi Nkosi' });
    const token = await providerSession(api, provider.id);
    const me = await okJson<Json>(sendAs(api, token, 'GET', '/api/provider/me'));
    return { provider, token, me };
  }

  it("keeps the contact person when the spec's seven-field body renames the business", async () => {
    const { provider, token, me } = await thandiNkosisProvider();
    const { name: _, contactName: _c, ...rest } = me;
    const spec = {
      name: 'Nkosi Alarms & Gates',
      email: rest['email'],
      phone: rest['phone'],
      location: rest['location'],
      province: rest['province'],
      services: rest['services'],
      description: rest['description'],
    };
    await okJson(sendAs(api, token, 'PUT', '/api/provider/profile', spec));
    expect(await providerRow(api, provider.id)).toMatchObject({
      name: 'Nkosi Alarms & Gates',
      contactName: 'Thandi Nkosi',
    });
  });

  it('removes the contact person when sent empty', async () => {
    const { provider, token, me } = await thandiNkosisProvider();
    await okJson(sendAs(api, token, 'PUT', '/api/provider/profile', { ...me, contactName: ' ' }));
    expect((await providerRow(api, provider.id)).contactName).toBeNull();
  });
});

describe('the "Complete your profile" list', () => {
  async function newProvider() {
    const id = await applyAndApprove();
    await api.database.db.execute(
      sql`UPDATE service_providers SET password_hash = 'x' WHERE id = ${id}`,
    );
    return { id, token: await providerSession(api, id) };
  }

  it('starts with nothing confirmed and says what is given', async () => {
    const { token } = await newProvider();
    expect(await checklist(token)).toEqual({
      complete: false,
      facts: [
        { fact: 'startingPrice', given: false, confirmedAt: null },
        { fact: 'businessHours', given: false, confirmedAt: null },
        { fact: 'coverageAreas', given: true, confirmedAt: null },
        { fact: 'description', given: false, confirmedAt: null },
      ],
    });
  });

  it('confirms what a save gives, and not what it sends back unchanged', async () => {
    const { id, token } = await newProvider();
    const me = await okJson<Json>(sendAs(api, token, 'GET', '/api/provider/me'));
    // Sent back as read: nothing is the provider's new word.
    await okJson(sendAs(api, token, 'PUT', '/api/provider/profile', me));
    expect(confirmed(await checklist(token))).toEqual([]);

    await okJson(
      sendAs(api, token, 'PUT', '/api/provider/profile', {
        ...me,
        startingPrice: 950,
        businessHours: DEFAULT_BUSINESS_HOURS,
      }),
    );
    expect(confirmed(await checklist(token))).toEqual(['startingPrice', 'businessHours']);
    expect(await providerRow(api, id)).toMatchObject({
      startingPrice: 950,
      businessHours: DEFAULT_BUSINESS_HOURS,
    });

    // What GET answers now, with the description of its own.
    const now = await okJson<Json>(sendAs(api, token, 'GET', '/api/provider/me'));
    await okJson(
      sendAs(api, token, 'PUT', '/api/provider/profile', {
        ...now,
        description: 'Alarms and cameras, fitted and serviced by our own team.',
      }),
    );
    expect(confirmed(await checklist(token))).toEqual([
      'startingPrice',
      'businessHours',
      'description',
    ]);
  });

  it('takes "Price on request" as an answer: a price removed, or confirmed as shown', async () => {
    const { id, token } = await newProvider();
    await okJson(
      sendAs(api, token, 'POST', '/api/provider/profile/confirm', { facts: ['startingPrice'] }),
    );
    expect(confirmed(await checklist(token))).toEqual(['startingPrice']);
    expect((await providerRow(api, id)).startingPrice).toBeNull();

    // A provider with a price removes it: null is "Price on request".
    const other = await createTestProvider(api, { startingPrice: 1500 });
    const session = await providerSession(api, other.id);
    const me = await okJson<Json>(sendAs(api, session, 'GET', '/api/provider/me'));
    const saved = await okJson<Json>(
      sendAs(api, session, 'PUT', '/api/provider/profile', { ...me, startingPrice: null }),
    );
    expect(saved['startingPrice']).toBeNull();
    expect(confirmed(await checklist(session))).toEqual(['startingPrice']);
  });

  it('refuses to confirm what is not given, and confirms nothing then', async () => {
    const { token } = await newProvider();
    const body = await expectError(
      await sendAs(api, token, 'POST', '/api/provider/profile/confirm', {
        facts: ['coverageAreas', 'businessHours'],
      }),
      400,
    );
    expect(body.errors?.['businessHours']).toBe(
      'Give your business hours in the Profile tab first',
    );
    expect(confirmed(await checklist(token))).toEqual([]);
    await expectError(
      await sendAs(api, token, 'POST', '/api/provider/profile/confirm', { facts: ['rating'] }),
      400,
    );
    await expectError(
      await sendAs(api, token, 'POST', '/api/provider/profile/confirm', { facts: [] }),
      400,
    );
  });

  it('is complete once all four are confirmed, and the row keeps its other values', async () => {
    const { id, token } = await newProvider();
    const me = await okJson<Json>(sendAs(api, token, 'GET', '/api/provider/me'));
    await okJson(
      sendAs(api, token, 'PUT', '/api/provider/profile', {
        ...me,
        businessHours: DEFAULT_BUSINESS_HOURS,
        description: 'Gates, alarms and cameras.',
      }),
    );
    const before = await providerRow(api, id);
    const done = await okJson<Checklist>(
      sendAs(api, token, 'POST', '/api/provider/profile/confirm', {
        facts: ['startingPrice', 'coverageAreas'],
      }),
    );
    expect(done.complete).toBe(true);
    expect(confirmed(done)).toEqual([...PROFILE_FACTS]);
    const { priceConfirmedAt: _p, coverageConfirmedAt: _c, ...after } = await providerRow(api, id);
    const { priceConfirmedAt: _bp, coverageConfirmedAt: _bc, ...unchanged } = before;
    expect(after).toEqual(unchanged);
  });

  it('is for a signed-in provider only', async () => {
    expect((await api.request('/api/provider/profile/checklist')).status).toBe(401);
    expect(
      (
        await sendAs(api, adminToken, 'POST', '/api/provider/profile/confirm', {
          facts: ['startingPrice'],
        })
      ).status,
    ).toBe(403);
  });
});
