/**
 * The privacy centre (docs/decisions/0052): a link by e-mail that tells nothing about
 * whether the address is known, the download that holds every row the scan finds, and a
 * deletion after which no table holds the person's e-mail, name or phone but the rows
 * it says it keeps.
 */
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { beforeEach, describe, expect, it } from 'vitest';
import { customerEnquiries, enquiryPhotos, outbox, rateLimits, reviews } from '../../db/schema.ts';
import type { KeptRecord } from '../../src/api/privacy/delete-personal-data.ts';
import { PERSONAL_DATA_MAP, type TableName } from '../../src/api/privacy/personal-data-map.ts';
import { adminSession, createTestAdmin } from '../helpers/admin-fixtures.ts';
import { queryRows, sendAs } from '../helpers/api-fixtures.ts';
import { insertProvider, validEnquiryBody } from '../helpers/builders.ts';
import { linkIn, watchOutbox } from '../helpers/outbox.ts';
import { scanForPerson, type ScanHit } from '../helpers/personal-data-scan.ts';
import { customerPost } from '../helpers/quote-fixtures.ts';
import { useTestApi } from '../helpers/test-api.ts';

const api = useTestApi();
beforeEach(() => api.database.reset());

const PERSON = {
  name: 'Nomvula Privacy-Dube',
  email: 'nomvula.privacy@example.co.za',
  phone: '+27825550199',
} as const;
const NEEDLES = [PERSON.email, PERSON.name, PERSON.phone];

const post = (path: string, body: unknown) => customerPost(api, path, body);

/** A person with two requests (one completed, reviewed, with a site photo) and a message. */
async function personWithData() {
  const { db } = api.database;
  const provider = await insertProvider(db, { isApproved: true });
  const open = await post(
    '/api/enquiries',
    validEnquiryBody(provider.id, {
      customerName: PERSON.name,
      customerEmail: PERSON.email,
      customerPhone: PERSON.phone,
    }),
  );
  expect(open.status).toBe(201);
  const [closed] = await db
    .insert(customerEnquiries)
    .values({
      customerName: PERSON.name,
      customerEmail: PERSON.email.toUpperCase(),
      customerPhone: PERSON.phone,
      serviceType: 'alarms',
      location: 'Soweto',
      description: `Alarm for ${PERSON.name}'s shop`,
      assignedProviderId: provider.id,
      clientAddress: '198.51.100.7',
    })
    .returning();
  await db
    .update(customerEnquiries)
    .set({ status: 'completed' })
    .where(sql`id = ${closed!.id}`);
  await db.insert(enquiryPhotos).values({
    enquiryId: closed!.id,
    position: 1,
    objectKey: 'private/SitePhotoOfTheShop0001.jpg',
    contentType: 'image/jpeg',
    size: 1000,
  });
  await db.insert(reviews).values({
    providerId: provider.id,
    enquiryId: closed!.id,
    customerName: PERSON.name,
    rating: 5,
    comment: 'Quick and tidy work.',
    serviceType: 'alarms',
    clientAddress: '198.51.100.7',
  });
  const contact = await post('/api/contact', {
    name: PERSON.name,
    email: PERSON.email,
    topic: 'other',
    message: 'How do you choose which providers are listed?',
  });
  expect(contact.status).toBe(201);
  // A team member opens the closed request: the access log records it (docs/decisions/0053).
  const admin = await createTestAdmin(api);
  const desk = await sendAs(
    api,
    await adminSession(api, admin.id),
    'GET',
    `/api/admin/enquiries/${closed!.id}`,
  );
  expect(desk.status).toBe(200);
  await api.runJobs();
  return { provider };
}

/** The token of the newest privacy-centre link mailed to the person. */
function mailedToken(mails: { to: string; text: string }[]): string {
  const link = mails
    .filter((m) => m.to.includes(PERSON.email))
    .map((m) => linkIn(m.text, '/privacy/my-data'))
    .findLast(Boolean);
  expect(link, 'a link to the privacy centre mailed to the person').toBeDefined();
  return link!.searchParams.get('token')!;
}

async function linkFor(email: string) {
  const watch = await watchOutbox(api);
  const answer = await post('/api/privacy/link', { email });
  return { answer, newMails: () => watch.newMails() };
}

const withheld = (table: string): readonly string[] =>
  (PERSONAL_DATA_MAP[table as TableName] as { withheld?: readonly string[] } | undefined)
    ?.withheld ?? [];
const without = (row: Record<string, unknown>, columns: readonly string[]) =>
  JSON.stringify(Object.fromEntries(Object.entries(row).filter(([c]) => !columns.includes(c))));

describe('asking for a link', () => {
  it('answers the same, and does the same work, for a known and an unknown address', async () => {
    await personWithData();
    const before = await api.database.db.select().from(outbox);
    const known = await post('/api/privacy/link', { email: PERSON.email });
    const unknown = await post('/api/privacy/link', { email: 'nobody.here@example.co.za' });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(known.status);
    const [knownBody, unknownBody] = (await Promise.all([known.json(), unknown.json()])) as {
      message: string;
    }[];
    expect(unknownBody!.message.replace('nobody.here@example.co.za', 'X')).toBe(
      knownBody!.message.replace(PERSON.email, 'X'),
    );
    // The route wrote one row for each, of the same kind and shape, and looked nothing up
    // (the sender does, later: its mail follows for a known address only).
    const written = (await api.database.db.select().from(outbox)).filter(
      (row) => !before.some((b) => b.id === row.id) && row.kind === 'privacy-link',
    );
    expect(written.map((row) => Object.keys(row.payload as object).sort())).toEqual([
      ['email', 'siteUrl'],
      ['email', 'siteUrl'],
    ]);
    // No counter holds either address: the per-address counter is keyed by a hash.
    const keys = (await api.database.db.select().from(rateLimits)).map((r) => r.key);
    expect(keys.filter((k) => k.includes('@'))).toEqual([`contact-email:${PERSON.email}`]);
  });

  it('mails a link to a known address only', async () => {
    await personWithData();
    const known = await linkFor(PERSON.email);
    expect(known.answer.status).toBe(202);
    const mails = await known.newMails();
    expect(mails.map((m) => m.subject)).toEqual([
      'Your link to the data Verified Providers holds about you',
    ]);
    mailedToken(mails);
    const unknown = await linkFor('nobody.here@example.co.za');
    expect(unknown.answer.status).toBe(202);
    expect(await unknown.newMails()).toEqual([]);
  });

  it('is limited per address and per client', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await post('/api/privacy/link', { email: PERSON.email })).status).toBe(202);
    }
    const perAddress = await post('/api/privacy/link', { email: PERSON.email });
    expect(perAddress.status).toBe(429);
    expect(((await perAddress.json()) as { message: string }).message).toMatch(/this address/);
    expect((await post('/api/privacy/link', { email: 'other@example.co.za' })).status).toBe(202);
    const perClient = await post('/api/privacy/link', { email: 'third@example.co.za' });
    expect(perClient.status).toBe(429);
    expect(((await perClient.json()) as { message: string }).message).toMatch(/connection/);
  });

  it('refuses an unknown or expired token', async () => {
    const token = 'NoSuchPrivacyToken00000000000000000000000000';
    expect((await api.get(`/api/privacy/my-data?token=${token}`)).status).toBe(404);
    expect((await post('/api/privacy/my-data/delete', { token })).status).toBe(404);
  });
});

describe('with the link', () => {
  async function openCentre() {
    await personWithData();
    const { newMails } = await linkFor(PERSON.email);
    return mailedToken(await newMails());
  }

  it('shows the requests, who received them, the messages and the mail', async () => {
    const token = await openCentre();
    const response = await api.get(`/api/privacy/my-data?token=${token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('no-store');
    const view = (await response.json()) as {
      requests: {
        name: string;
        photos: number;
        receivedBy: { provider: string }[];
        review: unknown;
      }[];
      contactMessages: unknown[];
      mails: { toYou: boolean }[];
    };
    expect(view.requests).toHaveLength(2);
    expect(view.requests.every((r) => r.name === PERSON.name)).toBe(true);
    expect(view.requests.every((r) => r.receivedBy.length === 1)).toBe(true);
    expect(view.requests.map((r) => r.photos).sort()).toEqual([0, 1]);
    expect(view.requests.filter((r) => r.review !== null)).toHaveLength(1);
    expect(view.contactMessages).toHaveLength(1);
    // Mail to the person, and to the provider about the request.
    expect(view.mails.some((m) => m.toYou)).toBe(true);
    expect(view.mails.some((m) => !m.toYou)).toBe(true);
  });

  it('downloads one ZIP holding every row the scan finds', async () => {
    const token = await openCentre();
    const response = await api.get(`/api/privacy/my-data/download?token=${token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(['my-data.html', 'my-data.json']);
    const file = JSON.parse(strFromU8(files['my-data.json']!)) as {
      records: Record<string, Record<string, unknown>[]>;
    };
    const hits = await scanForPerson(api.database.db, NEEDLES);
    expect(new Set(hits.map((h) => h.table))).toEqual(
      new Set([
        'customer_enquiries',
        'reviews',
        'contact_messages',
        'outbox',
        'rate_limits',
        'privacy_links',
      ]),
    );
    for (const { table, row } of hits) {
      const downloaded = (file.records[table] ?? []).map((r) => JSON.stringify(r));
      expect(downloaded, `${table} row ${JSON.stringify(row)}`).toContain(
        without(row, withheld(table)),
      );
    }
    // Who looked is in it, though its rows hold no address.
    expect(file.records.access_log).toHaveLength(1);
    // Secrets stay out: no token hash of a link or a status page.
    expect(strFromU8(files['my-data.json']!)).not.toMatch(/token_hash/);
    expect(strFromU8(files['my-data.html']!)).toContain(PERSON.name);
  });

  it('corrects the name and phone on every request', async () => {
    const token = await openCentre();
    const corrected = await post('/api/privacy/my-data/correct', {
      token,
      name: 'Nomvula Dube',
      phone: '082 555 0100',
    });
    expect(corrected.status).toBe(200);
    expect(((await corrected.json()) as { requests: number }).requests).toBe(2);
    const rows = await api.database.db.select().from(customerEnquiries);
    expect(rows.map((r) => [r.customerName, r.customerPhone])).toEqual([
      ['Nomvula Dube', '0825550100'],
      ['Nomvula Dube', '0825550100'],
    ]);
  });

  it('records an objection once, without the address', async () => {
    const token = await openCentre();
    for (let i = 0; i < 2; i++) {
      expect((await post('/api/privacy/my-data/object', { token })).status).toBe(200);
    }
    const rows = await queryRows<{ mailbox_hash: string }>(
      api.database.db,
      sql`SELECT * FROM privacy_objections`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.mailbox_hash).not.toContain('@');
    const view = (await (await api.get(`/api/privacy/my-data?token=${token}`)).json()) as {
      objectedAt: string | null;
    };
    expect(view.objectedAt).not.toBeNull();
  });

  it('deletes: afterwards no table holds the e-mail, name or phone but the rows it keeps', async () => {
    const token = await openCentre();
    expect((await post('/api/privacy/my-data/consent', { token, given: true })).status).toBe(200);
    // A complaint to the information officer, still open (docs/decisions/0053).
    const complaint = await post('/api/privacy/my-data/case', {
      token,
      kind: 'complaint',
      message: `${PERSON.name} complains: ${PERSON.phone} was phoned at night.`,
    });
    expect(complaint.status).toBe(201);
    // The scan finds the person before, so it can find them after.
    expect((await scanForPerson(api.database.db, NEEDLES)).length).toBeGreaterThan(5);
    const response = await post('/api/privacy/my-data/delete', { token });
    expect(response.status).toBe(200);
    const { kept, requests } = (await response.json()) as { kept: KeptRecord[]; requests: number };
    expect(requests).toBe(2);
    await api.runJobs();

    const keptRows = new Set(kept.flatMap((k) => k.rows.map((row) => `${k.table}:${row}`)));
    const key = (hit: ScanHit) =>
      `${hit.table}:${String(hit.row.id ?? hit.row.key ?? hit.row.mailbox_hash)}`;
    const left = await scanForPerson(api.database.db, NEEDLES);
    expect(left.filter((hit) => !keptRows.has(key(hit)))).toEqual([]);
    // What is kept: the receipt, with the day it goes, and the open complaint, whose day
    // counts from its answer.
    expect(kept.map((k) => [k.table, k.what, k.until === null])).toEqual([
      ['privacy_cases', 'Your requests to our information officer and the answers', true],
      ['outbox', 'The e-mail that confirms this deletion', false],
    ]);
    expect(new Date(kept[1]!.until!).getTime()).toBeGreaterThan(Date.now());
    // The request rows stay for the provider's record, anonymised; the link no longer works.
    const rows = await api.database.db.select().from(customerEnquiries);
    expect(rows.map((r) => r.status).sort()).toEqual(['cancelled', 'completed']);
    expect(await api.database.db.select().from(enquiryPhotos)).toEqual([]);
    expect((await api.get(`/api/privacy/my-data?token=${token}`)).status).toBe(404);
  });
});
