/**
 * Who looked (docs/decisions/0053): a team member's view of a customer's contact details,
 * of a site photo, of a provider's document, and every CSV export is recorded at the
 * server, one row for each person it is about; the person sees it in the privacy centre
 * and the information officer in the admin's access log; the retention job removes it
 * when its period is over.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { accessLog, documentViews, enquiryPhotos, evidenceDocuments } from '../../db/schema.ts';
import { chooseObjectStore } from '../../src/api/storage/choose-object-store.ts';
import { requestReference } from '../../src/lib/request-reference.ts';
import { RETENTION } from '../../src/lib/retention.ts';
import { adminSession, createTestAdmin } from '../helpers/admin-fixtures.ts';
import { okJson, sendAs, sendJson } from '../helpers/api-fixtures.ts';
import { insertEnquiry, insertProvider } from '../helpers/builders.ts';
import { realImageBytes } from '../helpers/image-bytes.ts';
import { linkIn, watchOutbox } from '../helpers/outbox.ts';
import { useTestApi } from '../helpers/test-api.ts';

const api = useTestApi();
beforeEach(() => api.database.reset());

const CUSTOMER = 'thandi.looked-at@example.co.za';

async function setting() {
  const { db } = api.database;
  const admin = await createTestAdmin(api, { firstName: 'Lerato', lastName: 'Officer' });
  const token = await adminSession(api, admin.id);
  const provider = await insertProvider(db, {
    isApproved: true,
    email: 'owner@looked-provider.example.com',
    name: 'Looked-At Security',
  });
  const mine = await insertEnquiry(db, {
    customerEmail: CUSTOMER,
    assignedProviderId: provider.id,
  });
  const other = await insertEnquiry(db, { customerEmail: 'someone.else@example.co.za' });
  return { admin, token, provider, mine, other };
}

const looks = () => api.database.db.select().from(accessLog).orderBy(accessLog.id);

async function centreOf(email: string) {
  const watch = await watchOutbox(api);
  const sent = await sendJson(api, 'POST', '/api/privacy/link', { email });
  expect(sent.status).toBe(202);
  const [mail] = (await watch.newMails()).filter((m) => m.to.includes(email));
  const token = linkIn(mail!.text, '/privacy/my-data')!.searchParams.get('token')!;
  return okJson<{
    whoLooked: { who: string; action: string; what: string; at: string }[];
    teamAccess: string;
  }>(api.get(`/api/privacy/my-data?token=${token}`));
}

describe('recording', () => {
  it('records an opened request and each request on a desk page, by request', async () => {
    const { admin, token, mine, other } = await setting();
    await okJson(sendAs(api, token, 'GET', `/api/admin/enquiries/${mine.id}`));
    expect(
      (await looks()).map((l) => [l.adminId, l.action, l.enquiryId, l.providerId, l.what]),
    ).toEqual([[admin.id, 'viewed-contact', mine.id, null, 'Name, e-mail and phone']]);
    await api.database.db.delete(accessLog);
    const page = await okJson<{ id: number }[]>(sendAs(api, token, 'GET', '/api/admin/enquiries'));
    expect(page).toHaveLength(2);
    expect((await looks()).map((l) => l.enquiryId).sort()).toEqual([mine.id, other.id].sort());
    // A request that does not exist records nothing.
    await api.database.db.delete(accessLog);
    expect((await sendAs(api, token, 'GET', '/api/admin/enquiries/999999')).status).toBe(404);
    expect(await looks()).toEqual([]);
  });

  it('records a desk change, whose answer carries the contact details, as a look', async () => {
    const { admin, token, mine } = await setting();
    const changed = await sendAs(api, token, 'PUT', `/api/admin/enquiries/${mine.id}`, {
      adminNotes: 'Called the customer back.',
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect(await changed.json()).toMatchObject({ customerEmail: CUSTOMER });
    expect((await looks()).map((l) => [l.adminId, l.action, l.enquiryId, l.what])).toEqual([
      [admin.id, 'viewed-contact', mine.id, 'Name, e-mail and phone'],
    ]);
    // A refused change answers nothing, and records nothing.
    await api.database.db.delete(accessLog);
    const refused = await sendAs(api, token, 'PUT', `/api/admin/enquiries/${mine.id}`, {
      status: 'no-such-status',
    });
    expect(refused.status).toBe(400);
    expect(await looks()).toEqual([]);
  });

  it('records an opened site photo', async () => {
    const { token, mine } = await setting();
    const objectKey = 'private/AccessLogSitePhoto0001.jpg';
    await chooseObjectStore(api.env).put(objectKey, await realImageBytes('jpeg'), 'image/jpeg');
    const [photo] = await api.database.db
      .insert(enquiryPhotos)
      .values({ enquiryId: mine.id, position: 1, objectKey, contentType: 'image/jpeg', size: 9 })
      .returning();
    const opened = await sendAs(api, token, 'GET', `/api/admin/enquiries/photos/${photo!.id}`);
    expect(opened.status).toBe(200);
    expect((await looks()).map((l) => [l.action, l.enquiryId, l.what])).toEqual([
      ['viewed-request-photos', mine.id, 'A site photo'],
    ]);
  });

  it.each([
    ['enquiries', 'enquiryId'],
    ['jobs', 'enquiryId'],
    ['providers', 'providerId'],
  ] as const)('records the %s CSV export for each row it holds', async (name, column) => {
    const { token, provider, mine, other } = await setting();
    const response = await sendAs(api, token, 'GET', `/api/admin/exports/${name}.csv`);
    expect(response.status).toBe(200);
    const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition')!)![1];
    const rows = await looks();
    expect(rows.every((l) => l.action === 'exported-csv' && l.what === fileName)).toBe(true);
    const expected = { enquiries: [mine.id, other.id], jobs: [], providers: [provider.id] }[name];
    expect(rows.map((l) => l[column]).sort()).toEqual([...expected].sort());
  });
});

describe('reading', () => {
  it('shows the customer who looked, with the team member’s name', async () => {
    const { token, mine, other } = await setting();
    await okJson(sendAs(api, token, 'GET', `/api/admin/enquiries/${mine.id}`));
    await okJson(sendAs(api, token, 'GET', `/api/admin/enquiries/${other.id}`));
    const view = await centreOf(CUSTOMER);
    expect(view.whoLooked.map(({ who, action, what }) => ({ who, action, what }))).toEqual([
      {
        who: 'Lerato Officer',
        action: 'Opened the contact details',
        what: `Name, e-mail and phone, ${requestReference(mine.id, mine.createdAt)}`,
      },
    ]);
    expect(view.teamAccess).toMatch(/is recorded and listed here/);
  });

  it('lists the access log for the information officer, filtered by address', async () => {
    const { token, provider, mine, other } = await setting();
    await okJson(sendAs(api, token, 'GET', `/api/admin/enquiries/${mine.id}`));
    await okJson(sendAs(api, token, 'GET', `/api/admin/enquiries/${other.id}`));
    const [document] = await api.database.db
      .insert(evidenceDocuments)
      .values({
        providerId: provider.id,
        checkType: 'insurance',
        objectKey: 'private/AccessLogDocument0001.pdf',
        fileName: 'insurance-2026.pdf',
        contentType: 'application/pdf',
        size: 100,
        uploadedBy: 'provider',
      })
      .returning();
    const admin = (await api.database.db.select().from(accessLog))[0]!.adminId;
    await api.database.db
      .insert(documentViews)
      .values({ documentId: document!.id, adminId: admin });

    type Entry = { who: string; action: string; what: string; about: string; reference: string };
    const everyone = await okJson<Entry[]>(sendAs(api, token, 'GET', '/api/admin/access-log'));
    expect(everyone).toHaveLength(3);
    const customer = await okJson<Entry[]>(
      sendAs(
        api,
        token,
        'GET',
        `/api/admin/access-log?email=${encodeURIComponent(CUSTOMER.toUpperCase())}`,
      ),
    );
    expect(customer.map((e) => [e.about, e.reference])).toEqual([
      [CUSTOMER, requestReference(mine.id, mine.createdAt)],
    ]);
    const ofProvider = await okJson<Entry[]>(
      sendAs(
        api,
        token,
        'GET',
        `/api/admin/access-log?email=${encodeURIComponent(provider.email)}`,
      ),
    );
    expect(ofProvider.map((e) => [e.who, e.action, e.what, e.about])).toEqual([
      [
        'Lerato Officer',
        'Opened a document',
        'insurance-2026.pdf',
        `Looked-At Security (${provider.email})`,
      ],
    ]);
  });

  it('is for admins only', async () => {
    expect((await api.get('/api/admin/access-log')).status).toBe(401);
  });
});

describe('retention', () => {
  it('removes a look once its period is over, and a second run changes nothing', async () => {
    const { admin, mine } = await setting();
    const now = new Date();
    const old = new Date(now.getTime() - (RETENTION.accessLogs.days + 1) * 86_400_000);
    await api.database.db.insert(accessLog).values([
      { adminId: admin.id, action: 'viewed-contact', enquiryId: mine.id, what: 'old', at: old },
      { adminId: admin.id, action: 'viewed-contact', enquiryId: mine.id, what: 'recent', at: now },
    ]);
    await api.runJobs(now);
    expect((await looks()).map((l) => l.what)).toEqual(['recent']);
    await api.runJobs(now);
    expect((await looks()).map((l) => l.what)).toEqual(['recent']);
    expect(await api.database.db.select().from(accessLog).where(eq(accessLog.what, 'old'))).toEqual(
      [],
    );
  });
});
