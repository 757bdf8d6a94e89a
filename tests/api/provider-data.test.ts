/**
 * A provider's own data (docs/decisions/0053): from the dashboard it sees what is held
 * (profile, application, checks and documents, the requests it received, reviews, who in
 * our team looked), downloads the same ZIP as a customer's centre gives, and closes the
 * account: unlisted at once, erased by the retention job the schedule's period later.
 */
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { beforeEach, describe, expect, it } from 'vitest';
import { evidenceDocuments, reviews, serviceProviders } from '../../db/schema.ts';
import { dueAt, RETENTION } from '../../src/lib/retention.ts';
import { adminSession, createTestAdmin } from '../helpers/admin-fixtures.ts';
import { listProviders, okJson, sendAs } from '../helpers/api-fixtures.ts';
import {
  insertApplication,
  insertProvider,
  recordTestCheck,
  validEnquiryBody,
} from '../helpers/builders.ts';
import { watchOutbox } from '../helpers/outbox.ts';
import { scanForPerson } from '../helpers/personal-data-scan.ts';
import { providerSession } from '../helpers/provider-fixtures.ts';
import { customerPost } from '../helpers/quote-fixtures.ts';
import { useTestApi } from '../helpers/test-api.ts';

const api = useTestApi();
beforeEach(() => api.database.reset());

const OWNER = {
  email: 'thabo@closing-provider.example.co.za',
  name: 'Thabo Closing Security',
  phone: '+27115550123',
} as const;
const DAY = 86_400_000;

/** A GET by an admin created for it (of `fields`), with a session of its own. */
async function getAsNewAdmin(path: string, fields: Parameters<typeof createTestAdmin>[1] = {}) {
  const admin = await createTestAdmin(api, fields);
  return sendAs(api, await adminSession(api, admin.id), 'GET', path);
}

interface ProviderView {
  profile: { label: string; value: string }[];
  applications: { status: string }[];
  checks: { check: string; status: string }[];
  documents: { fileName: string }[];
  enquiries: { reference: string }[];
  reviews: { rating: number }[];
  whoLooked: { who: string; action: string; what: string }[];
  closedAt: string | null;
  erasedOn: string | null;
  retention: string;
}

async function providerWithData() {
  const { db } = api.database;
  const provider = await insertProvider(db, { ...OWNER, services: ['cctv'] });
  await insertApplication(db, { email: OWNER.email, providerId: provider.id, status: 'approved' });
  await recordTestCheck(db, provider.id, 'identity');
  await db.insert(evidenceDocuments).values({
    providerId: provider.id,
    checkType: 'identity',
    objectKey: 'private/ClosingProviderIdentity001.pdf',
    fileName: 'owner-id.pdf',
    contentType: 'application/pdf',
    size: 100,
    uploadedBy: 'provider',
  });
  const sent = await customerPost(api, '/api/enquiries', validEnquiryBody(provider.id));
  expect(sent.status).toBe(201);
  await db.insert(reviews).values({
    providerId: provider.id,
    customerName: 'A customer',
    rating: 4,
    comment: 'Neat work.',
    serviceType: 'cctv',
  });
  const csv = await getAsNewAdmin('/api/admin/exports/providers.csv', {
    firstName: 'Kagiso',
    lastName: 'Desk',
  });
  expect(csv.status).toBe(200);
  await api.runJobs();
  return { provider, token: await providerSession(api, provider.id) };
}

describe('what is held', () => {
  it('lists the profile, application, checks, documents, requests, reviews and who looked', async () => {
    const { token } = await providerWithData();
    const view = await okJson<ProviderView>(sendAs(api, token, 'GET', '/api/provider/my-data'));
    expect(view.profile).toContainEqual({ label: 'E-mail', value: OWNER.email });
    expect(view.applications.map((a) => a.status)).toEqual(['approved']);
    expect(view.checks.map((c) => [c.check, c.status])).toEqual([
      ['Identity of the owner or director', 'passed'],
    ]);
    expect(view.documents.map((d) => d.fileName)).toEqual(['owner-id.pdf']);
    expect(view.enquiries).toHaveLength(1);
    expect(view.enquiries[0]!.reference).toMatch(/^VP-\d{2}-\d{6}$/);
    expect(view.reviews.map((r) => r.rating)).toEqual([4]);
    expect(view.whoLooked).toEqual([
      expect.objectContaining({ who: 'Kagiso Desk', action: 'Exported to a spreadsheet (CSV)' }),
    ]);
    expect(view).toMatchObject({
      closedAt: null,
      erasedOn: null,
      retention: '12 months after the provider closed the account',
    });
  });

  it('downloads one ZIP holding every row the scan finds about the provider', async () => {
    const { token } = await providerWithData();
    const response = await sendAs(api, token, 'GET', '/api/provider/my-data/download');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const file = JSON.parse(strFromU8(files['my-data.json']!)) as {
      provider: ProviderView;
      records: Record<string, Record<string, unknown>[]>;
    };
    expect(file.provider.documents.map((d) => d.fileName)).toEqual(['owner-id.pdf']);
    // By the address: the business name is public, and customers' mail about their
    // requests names it (theirs to download, not the provider's).
    const hits = await scanForPerson(api.database.db, [OWNER.email]);
    expect(hits.length).toBeGreaterThan(0);
    for (const { table, row } of hits) {
      const ids = (file.records[table] ?? []).map((r) => r.id);
      expect(ids, `${table} row ${String(row.id)}`).toContain(row.id);
    }
    expect(strFromU8(files['my-data.json']!)).not.toMatch(/password_hash|token_version/);
    expect(strFromU8(files['my-data.html']!)).toContain('Your provider account');
  });

  it('is for the provider itself only', async () => {
    expect((await api.get('/api/provider/my-data')).status).toBe(401);
    const asAdmin = await getAsNewAdmin('/api/provider/my-data');
    expect(asAdmin.status).toBe(403);
  });
});

describe('closing the account', () => {
  it('unlists at once, states the day of erasure, and the retention job erases it then', async () => {
    const { provider, token: first } = await providerWithData();
    let token = first;
    expect((await api.get(`/api/providers/${provider.id}`)).status).toBe(200);
    const watch = await watchOutbox(api);
    const closed = await okJson<{ message: string; erasedOn: string }>(
      sendAs(api, token, 'POST', '/api/provider/my-data/close'),
    );
    const [row] = await api.database.db
      .select()
      .from(serviceProviders)
      .where(eq(serviceProviders.id, provider.id));
    expect(row).toMatchObject({ isApproved: false });
    expect(new Date(closed.erasedOn)).toEqual(
      dueAt(row!.closedAt!, RETENTION.closedProviderAccounts.days),
    );
    expect(closed.message).toMatch(
      /^Your account is closed and no longer listed\. We erase its data on \d{2} \w+ \d{4}\.$/,
    );
    // Out of the listing and its page at once.
    expect((await api.get(`/api/providers/${provider.id}`)).status).toBe(404);
    const { providers } = await listProviders(api, { limit: 50 });
    expect(providers.map((p) => p.id)).not.toContain(provider.id);
    const mails = await watch.newMails();
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      [OWNER.email, 'Your provider account at Verified Providers is closed'],
    ]);
    // Unlisting signs the provider out everywhere (db/sql/sessions.sql), as an admin's
    // deactivation does: the old session ends; signed in again, it can still download.
    expect((await sendAs(api, token, 'GET', '/api/provider/my-data')).status).toBe(401);
    token = await providerSession(api, provider.id);
    // Closing again changes nothing and states the same day.
    const again = await okJson<{ erasedOn: string }>(
      sendAs(api, token, 'POST', '/api/provider/my-data/close'),
    );
    expect(again.erasedOn).toBe(closed.erasedOn);
    const view = await okJson<ProviderView>(sendAs(api, token, 'GET', '/api/provider/my-data'));
    expect(view.erasedOn).toBe(closed.erasedOn);
    // The dashboard's profile says the account is closed, not paused by an administrator.
    const me = await okJson<{ isApproved: boolean; closedAt: string | null }>(
      sendAs(api, token, 'GET', '/api/provider/me'),
    );
    expect(me).toMatchObject({ isApproved: false, closedAt: row!.closedAt!.toISOString() });

    // A day before its date the job keeps it; on the date it erases it, once.
    const closedAt = row!.closedAt!.getTime();
    await api.runJobs(new Date(closedAt + (RETENTION.closedProviderAccounts.days - 1) * DAY));
    expect(await api.database.db.select().from(serviceProviders)).toHaveLength(1);
    const then = new Date(closedAt + (RETENTION.closedProviderAccounts.days + 1) * DAY);
    await api.runJobs(then);
    await api.runJobs(then);
    expect(await api.database.db.select().from(serviceProviders)).toEqual([]);
    expect(await scanForPerson(api.database.db, [OWNER.email, OWNER.name, OWNER.phone])).toEqual(
      [],
    );
  });
});
