/**
 * The badge follows from dated check records. A required check that expired
 * yesterday takes the badge off the card, the page, the verified filter, the counts and
 * the stats at once; recording a renewal brings it back. Admins record outcomes through
 * the API, which refuses what a record must never hold; the public answer carries no
 * notes, no ID numbers and no evidence.
 */
import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { providerChecks, serviceProviders } from '../../db/schema.ts';
import { sendCheckReminders } from '../../src/api/verification/send-check-reminders.ts';
import type { ProviderDetail } from '../../src/lib/api-answers.ts';
import { addDays, formatDay, saToday } from '../../src/lib/calendar-days.ts';
import { SERVICE_IDS } from '../../src/lib/catalog/categories.ts';
import {
  CHECK_TYPES,
  LEGAL_FORMS,
  requiredChecks,
  type CheckType,
  type LegalForm,
} from '../../src/lib/catalog/checks.ts';
import { adminSession, createTestAdmin, resetWithAdmin } from '../helpers/admin-fixtures.ts';
import { listProviders, okJson, queryRows, sendAs } from '../helpers/api-fixtures.ts';
import { buildProvider, insertProvider, SECURITY_COMPANY_CHECKS } from '../helpers/builders.ts';
import { expectError, expectFieldError } from '../helpers/error-answer.ts';
import { readOutboxIn } from '../helpers/outbox.ts';
import { providerSession } from '../helpers/provider-fixtures.ts';
import { useTestApi } from '../helpers/test-api.ts';

const api = useTestApi();
let adminToken: string;
beforeEach(async () => {
  ({ token: adminToken } = await resetWithAdmin(api));
});

const today = () => saToday();
const inAYear = () => addDays(today(), 365);

/** A provider of CCTV (PSIRA required) with every required check passed until `until`. */
async function verifiedProvider(
  overrides: Partial<typeof serviceProviders.$inferInsert> = {},
  until = inAYear(),
) {
  const provider = await insertProvider(api.database.db, { services: ['cctv'], ...overrides });
  const types = requiredChecks(provider.services, provider.legalForm);
  await api.database.db.insert(providerChecks).values(
    types.map((checkType) => ({
      providerId: provider.id,
      checkType,
      status: 'passed' as const,
      reference:
        checkType === 'psira' ? '1234567' : checkType === 'identity' ? '8001015009087' : null,
      insurer: checkType === 'insurance' ? 'Santam' : null,
      coverAmount: checkType === 'insurance' ? 5_000_000 : null,
      checkedAt: new Date(),
      validUntil: until,
      notes: `Admin-only note on ${checkType}`,
    })),
  );
  return provider;
}

function recordCheck(providerId: number, type: string, body: unknown, token = adminToken) {
  return sendAs(api, token, 'PUT', `/api/admin/providers/${providerId}/checks/${type}`, body);
}

const detail = (id: number) => okJson<ProviderDetail>(api.get(`/api/providers/${id}`));

async function stats() {
  return okJson<{ verifiedProviders: number; totalProviders: number }>(api.get('/api/stats'));
}

/** Every place the badge shows, for one provider. */
async function badgeEverywhere(id: number) {
  const [page, list, verifiedOnly, platform] = await Promise.all([
    detail(id),
    listProviders(api),
    listProviders(api, { verification: 'verified' }),
    stats(),
  ]);
  return {
    page: page.isVerified,
    status: page.verification.status,
    card: list.providers.find((p) => p.id === id)?.isVerified,
    inVerifiedFilter: verifiedOnly.providers.some((p) => p.id === id),
    verifiedTotal: verifiedOnly.total,
    statsVerified: platform.verifiedProviders,
  };
}

describe('the badge follows from the check records', () => {
  it('a required check that expired yesterday removes the badge everywhere at once; a renewal brings it back', async () => {
    const provider = await verifiedProvider();
    await verifiedProvider({ name: 'Another verified provider' });
    const shownEverywhere = {
      page: true,
      status: 'verified',
      card: true,
      inVerifiedFilter: true,
      verifiedTotal: 2,
      statsVerified: 2,
    };
    expect(await badgeEverywhere(provider.id)).toEqual(shownEverywhere);

    await api.database.db
      .update(providerChecks)
      .set({ validUntil: addDays(today(), -1) })
      .where(
        and(eq(providerChecks.providerId, provider.id), eq(providerChecks.checkType, 'psira')),
      );

    expect(await badgeEverywhere(provider.id)).toEqual({
      page: false,
      status: 'lapsed',
      card: false,
      inVerifiedFilter: false,
      verifiedTotal: 1,
      statsVerified: 1,
    });
    const psira = (await detail(provider.id)).verification.checks.find((c) => c.type === 'psira');
    expect(psira).toMatchObject({ status: 'expired', validUntil: addDays(today(), -1) });

    const renewed = await recordCheck(provider.id, 'psira', {
      status: 'passed',
      reference: '1234567',
      validUntil: inAYear(),
    });
    expect(renewed.status).toBe(200);
    expect(await badgeEverywhere(provider.id)).toEqual(shownEverywhere);
  });

  it('a check valid until today still counts today', async () => {
    const provider = await verifiedProvider({}, today());
    expect((await detail(provider.id)).isVerified).toBe(true);
  });

  it('is unverified while a required check is missing, pending or failed', async () => {
    const provider = await verifiedProvider();
    await api.database.db
      .delete(providerChecks)
      .where(
        and(eq(providerChecks.providerId, provider.id), eq(providerChecks.checkType, 'references')),
      );
    expect((await detail(provider.id)).verification.status).toBe('unverified');

    for (const status of ['pending', 'failed'] as const) {
      await recordCheck(provider.id, 'references', { status });
      const { isVerified, verification } = await detail(provider.id);
      expect([isVerified, verification.status]).toEqual([false, 'unverified']);
      expect(verification.checks.find((c) => c.type === 'references')?.status).toBe('pending');
    }
    await recordCheck(provider.id, 'references', { status: 'passed', validUntil: inAYear() });
    expect((await detail(provider.id)).isVerified).toBe(true);
  });

  it('follows the services: adding CCTV to a network provider asks for PSIRA, a sole trader needs no CIPC check', async () => {
    const provider = await verifiedProvider({ services: ['network'] });
    expect((await detail(provider.id)).isVerified).toBe(true);

    const updated = await sendAs(api, adminToken, 'PUT', `/api/admin/providers/${provider.id}`, {
      services: ['network', 'cctv'],
    });
    expect(updated.status).toBe(200);
    const { isVerified, verification } = await detail(provider.id);
    expect(isVerified).toBe(false);
    expect(verification.checks.find((c) => c.type === 'psira')).toMatchObject({
      required: true,
      status: 'pending',
    });

    const soleTrader = await insertProvider(api.database.db, {
      services: ['wifi'],
      legalForm: 'sole_trader',
    });
    for (const type of requiredChecks(['wifi'], 'sole_trader')) {
      const answer = await recordCheck(soleTrader.id, type, {
        status: 'passed',
        validUntil: inAYear(),
        ...(type === 'insurance' && { insurer: 'Hollard', coverAmount: 2_000_000 }),
      });
      expect(answer.status, type).toBe(200);
    }
    const sole = await detail(soleTrader.id);
    expect(sole.isVerified).toBe(true);
    expect(sole.verification.checks.map((c) => c.type)).not.toContain('company_registration');
  });

  it('keeps provider_counts equal to the rows after every kind of change', async () => {
    const a = await verifiedProvider();
    const b = await verifiedProvider({ isPremium: true, services: ['alarms', 'wifi'] });
    await insertProvider(api.database.db, { services: ['ndi'] });
    await recordCheck(b.id, 'insurance', { status: 'failed' });
    await api.database.db
      .update(providerChecks)
      .set({ validUntil: addDays(today(), -3) })
      .where(eq(providerChecks.providerId, a.id));
    await sendAs(api, adminToken, 'PUT', `/api/admin/providers/${a.id}`, { isApproved: false });
    await sendAs(api, adminToken, 'PUT', `/api/admin/providers/${a.id}`, { isApproved: true });
    await sendAs(api, adminToken, 'DELETE', `/api/admin/providers/${b.id}`);

    const [counted] = await queryRows<{ kept: string; actual: string }>(
      api.database.db,
      sql`SELECT
        (SELECT coalesce(jsonb_agg(x ORDER BY x::text), '[]')::text FROM (
          SELECT services, is_premium, verified_until, approved_count::int AS n FROM provider_counts) x) AS kept,
        (SELECT coalesce(jsonb_agg(x ORDER BY x::text), '[]')::text FROM (
          SELECT p.services, p.is_premium, p.verified_until, count(*)::int AS n
            FROM service_providers p
           WHERE p.is_approved GROUP BY 1, 2, 3) x) AS actual`,
    );
    expect(counted!.kept).toBe(counted!.actual);
  });

  it('cannot be set by writing verified_until: the database derives it', async () => {
    const provider = await insertProvider(api.database.db, { services: ['wifi'] });
    await api.database.db
      .update(serviceProviders)
      .set({ verifiedUntil: '2999-01-01' })
      .where(eq(serviceProviders.id, provider.id));
    expect((await detail(provider.id)).isVerified).toBe(false);
    const [inserted] = await api.database.db
      .insert(serviceProviders)
      .values({ ...buildProvider({ services: ['wifi'] }), verifiedUntil: '2999-01-01' })
      .returning({ id: serviceProviders.id });
    expect((await detail(inserted!.id)).isVerified).toBe(false);
  });
});

describe('the first badge is mailed', () => {
  /** What an admin records for a required check that passed. */
  const passed = (type: CheckType) => ({
    status: 'passed',
    validUntil: inAYear(),
    ...(type === 'psira' && { reference: '1234567' }),
    ...(type === 'identity' && { reference: '8001015009087' }),
    ...(type === 'insurance' && { insurer: 'Santam', coverAmount: 5_000_000 }),
  });
  const badgeMails = async (to: string) =>
    (await readOutboxIn(api.env.DATA_DIR)).filter(
      (mail) => mail.to === to && mail.subject.startsWith('You are Verified'),
    );

  it('"You are Verified" once, when the last required check passes, not before nor again', async () => {
    const provider = await insertProvider(api.database.db, { services: ['cctv'] });
    const types = requiredChecks(provider.services, provider.legalForm);
    expect(types.length).toBeGreaterThan(1);
    for (const [i, type] of types.entries()) {
      expect((await recordCheck(provider.id, type, passed(type))).status).toBe(200);
      await api.runJobs();
      expect(await badgeMails(provider.email)).toHaveLength(i === types.length - 1 ? 1 : 0);
    }
    const [mail] = await badgeMails(provider.email);
    expect(mail!.subject).toBe('You are Verified: the badge now shows on your listing');
    expect(mail!.text).toContain(`It counts until ${formatDay(inAYear())}`);
    expect(mail!.text).toContain(`${api.url}/provider/${provider.id}`);
    // A renewal keeps the badge: no second mail.
    expect((await recordCheck(provider.id, types[0]!, passed(types[0]!))).status).toBe(200);
    await api.runJobs();
    expect(await badgeMails(provider.email)).toHaveLength(1);
  });
});

describe('the listing order: verified today, premium, rating, name', () => {
  it('pages through the four groups alike with and without a filter that provider_counts cannot count', async () => {
    const expected: string[] = [];
    // Premium (paid) first only among the equally verified (decision 0039).
    const groups = [
      { premium: true, verified: true },
      { premium: false, verified: true },
      { premium: true, verified: false },
      { premium: false, verified: false },
    ];
    for (const [g, { premium, verified }] of groups.entries()) {
      for (const rating of ['4.9', '4.1', '3.0']) {
        const name = `Group ${g} rated ${rating}`;
        const fields = { name, rating, isPremium: premium, location: 'Durban' };
        if (verified) await verifiedProvider(fields);
        else await insertProvider(api.database.db, { services: ['cctv'], ...fields });
        expected.push(name);
      }
    }
    // A lapsed provider is not verified today: it ranks with the unverified ones.
    const lapsed = await verifiedProvider({
      name: 'Group 3 lapsed',
      rating: '5.0',
      location: 'Durban',
    });
    await api.database.db
      .update(providerChecks)
      .set({ validUntil: addDays(today(), -1) })
      .where(eq(providerChecks.providerId, lapsed.id));
    expected.splice(9, 0, 'Group 3 lapsed');

    for (const filter of [{}, { location: 'durban' }]) {
      const names: string[] = [];
      for (let page = 1; page <= 5; page++) {
        const list = await listProviders(api, { ...filter, limit: 3, offset: (page - 1) * 3 });
        expect(list.total).toBe(expected.length);
        names.push(...list.names);
      }
      expect(names, JSON.stringify(filter)).toEqual(expected);
    }
    const verifiedOnly = await listProviders(api, {
      verification: 'verified',
      limit: 4,
      offset: 4,
    });
    expect(verifiedOnly.names).toEqual(expected.filter((n) => /Group [01] /.test(n)).slice(4, 8));
  });
});

describe('the required checks', () => {
  it('are the same in SQL (required_check_types) as in src/lib/catalog/checks.ts', async () => {
    const cases: { services: string[]; legalForm: LegalForm }[] = [];
    for (let mask = 1; mask < 1 << SERVICE_IDS.length; mask++) {
      const services = SERVICE_IDS.filter((_, i) => mask & (1 << i));
      for (const legalForm of LEGAL_FORMS) cases.push({ services, legalForm });
    }
    const rows = await queryRows<{ i: number; types: string[] }>(
      api.database.db,
      sql`SELECT c.i, required_check_types(c.services, c.legal_form) AS types
            FROM jsonb_to_recordset(${JSON.stringify(cases.map((c, i) => ({ i, ...c, legal_form: c.legalForm })))}::jsonb)
              AS c(i int, services text[], legal_form text)
           ORDER BY c.i`,
    );
    expect(rows).toHaveLength(cases.length);
    for (const { i, types } of rows) {
      const { services, legalForm } = cases[i]!;
      expect(types, `${services.join('+')} ${legalForm}`).toEqual(
        requiredChecks(services, legalForm),
      );
    }
  });
});

describe('GET /api/providers/{id}: the public Verification section', () => {
  it('lists each required check with its dates, public register numbers only, and no notes, ID or evidence', async () => {
    const provider = await verifiedProvider();
    await api.database.db.insert(providerChecks).values({
      providerId: provider.id,
      checkType: 'saidsa',
      status: 'failed',
      notes: 'Membership lapsed',
      checkedAt: new Date(),
    });
    const { verification } = await detail(provider.id);
    expect(verification.checks.map((c) => c.type)).toEqual(SECURITY_COMPANY_CHECKS);
    for (const check of verification.checks) {
      expect(Object.keys(check).sort()).toEqual(
        [
          'checkedAt',
          'label',
          'required',
          'status',
          'type',
          'validUntil',
          ...(check.type === 'psira' ? ['reference'] : []),
        ].sort(),
      );
      expect(check).toMatchObject({ status: 'passed', checkedAt: today(), validUntil: inAYear() });
    }
    expect(verification.checks.find((c) => c.type === 'psira')?.reference).toBe('1234567');
    const text = JSON.stringify(await (await api.get(`/api/providers/${provider.id}`)).json());
    for (const secret of ['8001015009087', 'Admin-only note', 'Membership lapsed', 'notes']) {
      expect(text).not.toContain(secret);
    }
  });

  it('shows an optional check only once it has passed', async () => {
    const provider = await verifiedProvider({ services: ['alarms'] });
    expect((await detail(provider.id)).verification.checks.map((c) => c.type)).not.toContain(
      'saidsa',
    );
    await recordCheck(provider.id, 'saidsa', {
      status: 'passed',
      reference: 'S1234',
      validUntil: inAYear(),
    });
    const saidsa = (await detail(provider.id)).verification.checks.find((c) => c.type === 'saidsa');
    expect(saidsa).toMatchObject({ required: false, status: 'passed' });
    // Only the PSIRA number is public (customers confirm it on PSIRA's site).
    expect(saidsa).not.toHaveProperty('reference');
  });
});

describe('GET /api/provider/checks', () => {
  it('shows the signed-in provider its own checks with their expiry, as the public sees them', async () => {
    const provider = await verifiedProvider({}, addDays(today(), 12));
    await verifiedProvider({ name: 'Someone else' });
    const own = await okJson<ProviderDetail['verification']>(
      sendAs(api, await providerSession(api, provider.id), 'GET', '/api/provider/checks'),
    );
    expect(own).toEqual({ ...(await detail(provider.id)).verification, renewals: [] });
    expect(own.checks.every((check) => check.validUntil === addDays(today(), 12))).toBe(true);
    expect((await api.get('/api/provider/checks')).status).toBe(401);
  });
});

describe('PUT /api/admin/providers/{id}/checks/{type}', () => {
  it('records an outcome with who checked and when; the admin screen shows it with its notes', async () => {
    const admin = await createTestAdmin(api, { firstName: 'Lindiwe', lastName: 'Dube' });
    const token = await adminSession(api, admin.id);
    const provider = await insertProvider(api.database.db, { services: ['cctv'] });
    const answer = await okJson<{
      provider: { status: string };
      checks: {
        type: CheckType;
        required: boolean;
        record: { status: string; checkedBy: string; checkedOn: string; notes: string } | null;
      }[];
    }>(
      recordCheck(
        provider.id,
        'psira',
        {
          status: 'passed',
          reference: ' 2345678 ',
          checkedOn: addDays(today(), -2),
          validUntil: inAYear(),
          notes: 'Confirmed on the PSIRA site',
        },
        token,
      ),
    );
    expect(answer.provider.status).toBe('unverified');
    const psira = answer.checks.find((c) => c.type === 'psira')!;
    expect(psira.required).toBe(true);
    expect(psira.record).toMatchObject({
      status: 'passed',
      reference: '2345678',
      checkedBy: 'Lindiwe Dube',
      checkedOn: addDays(today(), -2),
      notes: 'Confirmed on the PSIRA site',
    });
    // Required checks come first; optional ones that apply follow.
    const required = answer.checks.map((c) => c.required);
    expect(required).toEqual([...required].sort((a, b) => Number(b) - Number(a)));
    const screen = await okJson<typeof answer>(
      sendAs(api, token, 'GET', `/api/admin/providers/${provider.id}/checks`),
    );
    expect(screen).toEqual(answer);
  });

  it.each([
    [
      'an expiry in the past on a passed check',
      { status: 'passed', validUntil: '2020-01-01' },
      'validUntil',
      'A passed check must be valid today or later',
    ],
    [
      'a passed check without an expiry',
      { status: 'passed' },
      'validUntil',
      'A passed check needs the last day it is valid',
    ],
    [
      'a check day in the future',
      { status: 'failed', checkedOn: '2999-01-01' },
      'checkedOn',
      'Checked on cannot be in the future',
    ],
    [
      'a day that does not exist',
      { status: 'passed', validUntil: '2030-02-31' },
      'validUntil',
      'Valid until must be a date (YYYY-MM-DD)',
    ],
    [
      'an unknown status',
      { status: 'approved' },
      'status',
      'Status must be pending, passed, failed or not_applicable',
    ],
    [
      'a required check marked not applicable',
      { status: 'not_applicable' },
      'status',
      'Identity of the owner or director is required for this provider: it cannot be not applicable',
    ],
  ])('refuses %s and stores nothing', async (_, body, field, message) => {
    const provider = await insertProvider(api.database.db, { services: ['cctv'] });
    await expectFieldError(await recordCheck(provider.id, 'identity', body), field, message);
    expect(await api.database.db.select().from(providerChecks)).toEqual([]);
  });

  it('asks insurance for its insurer and cover amount', async () => {
    const provider = await insertProvider(api.database.db, { services: ['wifi'] });
    await expectFieldError(
      await recordCheck(provider.id, 'insurance', { status: 'passed', validUntil: inAYear() }),
      'insurer',
      'Public liability insurance needs the insurer and the cover amount',
    );
    expect(await api.database.db.select().from(providerChecks)).toEqual([]);
  });

  it('refuses an unknown check type, a PSIRA check without security services and CIPC for a sole trader', async () => {
    const network = await insertProvider(api.database.db, { services: ['network', 'wifi'] });
    const sole = await insertProvider(api.database.db, {
      services: ['cctv'],
      legalForm: 'sole_trader',
    });
    await expectError(
      await recordCheck(network.id, 'horoscope', { status: 'passed' }),
      400,
      'Unknown check type',
    );
    await expectError(
      await recordCheck(network.id, 'psira', { status: 'passed', validUntil: inAYear() }),
      400,
      'PSIRA registration applies only to providers of CCTV, alarms or access control',
    );
    await expectError(
      await recordCheck(sole.id, 'company_registration', { status: 'pending' }),
      400,
      'Company registration (CIPC) applies only to registered companies, not sole traders',
    );
    await expectError(
      await recordCheck(999_999, 'identity', { status: 'pending' }),
      404,
      'Provider not found',
    );
    expect(await api.database.db.select().from(providerChecks)).toEqual([]);
  });

  it('is for admins only', async () => {
    const provider = await insertProvider(api.database.db, { services: ['wifi'] });
    const providerToken = await providerSession(api, provider.id);
    const body = JSON.stringify({ status: 'pending' });
    const path = `/api/admin/providers/${provider.id}/checks/identity`;
    const anonymous = await api.request(path, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(anonymous.status).toBe(401);
    expect(
      (await recordCheck(provider.id, 'identity', { status: 'pending' }, providerToken)).status,
    ).toBe(403);
    for (const get of [
      `/api/admin/providers/${provider.id}/checks`,
      '/api/admin/verification?queue=expired',
    ]) {
      expect((await api.get(get)).status).toBe(401);
      expect((await sendAs(api, providerToken, 'GET', get)).status).toBe(403);
    }
    expect(await api.database.db.select().from(providerChecks)).toEqual([]);
  });

  it('accepts every check type of the catalogue that applies', async () => {
    const provider = await insertProvider(api.database.db, { services: ['cctv', 'alarms'] });
    for (const type of CHECK_TYPES) {
      const answer = await recordCheck(provider.id, type, { status: 'pending' });
      expect(answer.status, type).toBe(200);
    }
  });
});

describe('GET /api/admin/verification: the queues', () => {
  it('lists passes expiring within 30 days, expired passes and checks waiting for review', async () => {
    await verifiedProvider({ name: 'Expiring Soon Ltd' }, addDays(today(), 10));
    const later = await verifiedProvider({ name: 'Valid Long Ltd' }, addDays(today(), 200));
    const expired = await verifiedProvider({ name: 'Expired Ltd' });
    await api.database.db
      .update(providerChecks)
      .set({ validUntil: addDays(today(), -5) })
      .where(
        and(eq(providerChecks.providerId, expired.id), eq(providerChecks.checkType, 'insurance')),
      );
    const waiting = await insertProvider(api.database.db, {
      name: 'Waiting Ltd',
      services: ['wifi'],
    });
    await recordCheck(waiting.id, 'identity', { status: 'pending' });

    const queue = (name: string) =>
      okJson<{ providerName: string; type: string; validUntil: string | null }[]>(
        sendAs(api, adminToken, 'GET', `/api/admin/verification?queue=${name}`),
      );
    const soon = await queue('expiring');
    expect(new Set(soon.map((row) => row.providerName))).toEqual(new Set(['Expiring Soon Ltd']));
    expect(soon.every((row) => row.validUntil === addDays(today(), 10))).toBe(true);
    expect(await queue('expired')).toEqual([
      expect.objectContaining({ providerName: 'Expired Ltd', type: 'insurance' }),
    ]);
    expect(await queue('waiting')).toEqual([
      expect.objectContaining({ providerName: 'Waiting Ltd', type: 'identity' }),
    ]);
    expect(later.id).toBeGreaterThan(0);
    await expectError(
      await sendAs(api, adminToken, 'GET', '/api/admin/verification?queue=everything'),
      400,
      'Queue must be expiring, expired or waiting',
    );
  });
});

describe('renewal reminders', () => {
  /** Noon in South Africa, `days` after today. */
  const noonIn = (days: number) => new Date(`${addDays(today(), days)}T12:00:00+02:00`);
  const mailsTo = async (address: string) =>
    (await readOutboxIn(api.env.DATA_DIR)).filter((mail) => mail.to.includes(address));

  it('mails 30 and 7 days before a required check expires and on the day the badge lapses, each once', async () => {
    const provider = await verifiedProvider({ email: 'owner@reminded.co.za' });
    await api.database.db
      .update(providerChecks)
      .set({ validUntil: addDays(today(), 25) })
      .where(
        and(eq(providerChecks.providerId, provider.id), eq(providerChecks.checkType, 'insurance')),
      );
    const untilWords = formatDay(addDays(today(), 25));

    await api.runJobs(noonIn(0));
    await api.runJobs(noonIn(0));
    await api.runJobs(noonIn(1));
    expect((await mailsTo('owner@reminded.co.za')).map((m) => m.subject)).toEqual([
      `Public liability insurance expires on ${untilWords}: please renew`,
    ]);
    // Sent from the no-reply address: the renewal goes through the dashboard.
    const [first] = await mailsTo('owner@reminded.co.za');
    expect(first!.text).toContain(
      'open the Verification tab and choose "Upload a renewed certificate"',
    );
    expect(first!.text).not.toMatch(/reply/i);

    await api.runJobs(noonIn(19));
    await api.runJobs(noonIn(20));
    expect(await mailsTo('owner@reminded.co.za')).toHaveLength(2);
    expect((await mailsTo('owner@reminded.co.za'))[1]!.text).toContain('in less than a week');

    await api.runJobs(noonIn(26));
    await api.runJobs(noonIn(27));
    const mails = await mailsTo('owner@reminded.co.za');
    expect(mails.map((m) => m.subject).at(-1)).toBe(
      'Your Verified badge has lapsed: Public liability insurance expired',
    );
    expect(mails).toHaveLength(3);
  });

  it('writes each reminder once and passes over those already written in later runs', async () => {
    const provider = await verifiedProvider({ email: 'once@reminded.co.za' });
    await api.database.db
      .update(providerChecks)
      .set({ validUntil: addDays(today(), 5) })
      .where(eq(providerChecks.providerId, provider.id));
    const required = await queryRows<{ n: number }>(
      api.database.db,
      sql`SELECT count(*)::int AS n FROM provider_checks WHERE provider_id = ${provider.id}`,
    );
    // The schedule runs every 15 s and after each change: a run reads only what is new.
    const runs = [];
    for (const now of [noonIn(0), noonIn(0), noonIn(1)]) {
      runs.push(await sendCheckReminders(api.database.db, { now }));
    }
    expect(runs).toEqual([required[0]!.n, 0, 0]);
    await api.runJobs(noonIn(1));
    expect(await mailsTo('once@reminded.co.za')).toHaveLength(required[0]!.n);
    // The day a check lapses, its own reminder is new.
    expect(await sendCheckReminders(api.database.db, { now: noonIn(6) })).toBe(required[0]!.n);
  });

  it('sends nothing for optional checks, failed checks or unlisted providers', async () => {
    const optional = await verifiedProvider({
      email: 'optional@reminded.co.za',
      services: ['alarms'],
    });
    await recordCheck(optional.id, 'saidsa', {
      status: 'passed',
      validUntil: addDays(today(), 3),
    });
    const unlisted = await verifiedProvider(
      { email: 'unlisted@reminded.co.za', isApproved: false },
      addDays(today(), 3),
    );
    await api.runJobs(noonIn(0));
    expect(await mailsTo('optional@reminded.co.za')).toEqual([]);
    expect(await mailsTo('unlisted@reminded.co.za')).toEqual([]);
    expect(unlisted.id).toBeGreaterThan(0);
  });
});
