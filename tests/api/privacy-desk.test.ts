/**
 * The information officer's desk (docs/decisions/0053): a correction or complaint sent from
 * the privacy centre, and an objection, become cases due 30 days later; the desk lists
 * them with the deadline (overdue ones say so), and each answer is mailed and kept.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { privacyCases } from '../../db/schema.ts';
import { CASE_DAYS } from '../../src/lib/privacy-cases.ts';
import { adminSession, createTestAdmin } from '../helpers/admin-fixtures.ts';
import { okJson, sendAs } from '../helpers/api-fixtures.ts';
import { insertEnquiry } from '../helpers/builders.ts';
import { linkIn, watchOutbox } from '../helpers/outbox.ts';
import { customerPost } from '../helpers/quote-fixtures.ts';
import { useTestApi } from '../helpers/test-api.ts';

const api = useTestApi();
beforeEach(() => api.database.reset());

const PERSON = 'sipho.writes@example.co.za';
const DAY = 86_400_000;

const post = (path: string, body: unknown) => customerPost(api, path, body);

async function centreToken() {
  await insertEnquiry(api.database.db, { customerEmail: PERSON });
  const watch = await watchOutbox(api);
  expect((await post('/api/privacy/link', { email: PERSON })).status).toBe(202);
  const [mail] = (await watch.newMails()).filter((m) => m.to.includes(PERSON));
  return linkIn(mail!.text, '/privacy/my-data')!.searchParams.get('token')!;
}

interface DeskCase {
  id: number;
  kind: string;
  email: string;
  status: string;
  overdue: boolean;
  dueAt: string;
  receivedAt: string;
  reply: string | null;
  repliedBy: string | null;
}

describe('from the privacy centre', () => {
  it('opens a case for a correction, mails a receipt, and shows it in the centre', async () => {
    const token = await centreToken();
    const watch = await watchOutbox(api);
    const sent = await post('/api/privacy/my-data/case', {
      token,
      kind: 'correction',
      message: 'My surname is spelt Nkosi, not Nkozi, on the review I wrote.',
    });
    expect(sent.status).toBe(201);
    const { message, dueAt } = (await sent.json()) as { message: string; dueAt: string };
    expect(message).toMatch(/information officer, who answers by e-mail by /);
    const [row] = await api.database.db.select().from(privacyCases);
    expect(row!.kind).toBe('correction');
    expect(row!.dueAt.getTime() - row!.receivedAt.getTime()).toBe(CASE_DAYS * DAY);
    expect(new Date(dueAt)).toEqual(row!.dueAt);
    expect((await watch.newMails()).map((m) => [m.to, m.subject])).toEqual([
      [PERSON, 'Your correction is with our information officer'],
    ]);
    const view = await okJson<{ cases: { kind: string; answeredAt: string | null }[] }>(
      api.get(`/api/privacy/my-data?token=${token}`),
    );
    expect(view.cases).toEqual([expect.objectContaining({ kind: 'Correction', answeredAt: null })]);
  });

  it('refuses a case without a valid link or with too short a message', async () => {
    const token = await centreToken();
    const short = await post('/api/privacy/my-data/case', {
      token,
      kind: 'complaint',
      message: 'Bad',
    });
    expect(short.status).toBe(400);
    const noLink = await post('/api/privacy/my-data/case', {
      token: 'NoSuchPrivacyToken00000000000000000000000000',
      kind: 'complaint',
      message: 'A complaint long enough to be read.',
    });
    expect(noLink.status).toBe(404);
    const objection = await post('/api/privacy/my-data/case', {
      token,
      kind: 'objection',
      message: 'Objections go through their own button.',
    });
    expect(objection.status).toBe(400);
    expect(await api.database.db.select().from(privacyCases)).toEqual([]);
  });

  it('opens one objection case, however often the person objects', async () => {
    const token = await centreToken();
    for (let i = 0; i < 2; i++) {
      expect((await post('/api/privacy/my-data/object', { token })).status).toBe(200);
    }
    const rows = await api.database.db.select().from(privacyCases);
    expect(rows.map((r) => [r.kind, r.email, r.status])).toEqual([['objection', PERSON, 'open']]);
  });
});

describe('on the desk', () => {
  it('lists open cases first by deadline, overdue ones marked, and mails each answer', async () => {
    const admin = await createTestAdmin(api, { firstName: 'Naledi', lastName: 'Officer' });
    const token = await adminSession(api, admin.id);
    const now = Date.now();
    const received = (daysAgo: number) => new Date(now - daysAgo * DAY);
    await api.database.db.insert(privacyCases).values([
      {
        kind: 'complaint',
        email: 'late@example.co.za',
        message: 'Late one, overdue now.',
        receivedAt: received(31),
        dueAt: received(1),
      },
      {
        kind: 'correction',
        email: 'fresh@example.co.za',
        message: 'A fresh correction.',
        receivedAt: received(2),
        dueAt: new Date(now + 28 * DAY),
      },
    ]);
    const listed = await okJson<DeskCase[]>(sendAs(api, token, 'GET', '/api/admin/privacy-cases'));
    expect(listed.map((c) => [c.email, c.overdue])).toEqual([
      ['late@example.co.za', true],
      ['fresh@example.co.za', false],
    ]);

    const watch = await watchOutbox(api);
    const answered = await okJson<DeskCase>(
      sendAs(api, token, 'POST', `/api/admin/privacy-cases/${listed[0]!.id}/reply`, {
        reply: 'We are sorry for the delay: your complaint is upheld.',
      }),
    );
    expect(answered).toMatchObject({
      status: 'answered',
      overdue: false,
      repliedBy: 'Naledi Officer',
    });
    const mails = await watch.newMails();
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ['late@example.co.za', 'Our answer to your complaint'],
    ]);
    expect(mails[0]!.text).toContain('your complaint is upheld');

    // Once answered, not again.
    const again = await sendAs(
      api,
      token,
      'POST',
      `/api/admin/privacy-cases/${listed[0]!.id}/reply`,
      {
        reply: 'A second answer to the same case.',
      },
    );
    expect(again.status).toBe(409);
    // Closed with the answer; filtered by status.
    await okJson(
      sendAs(api, token, 'POST', `/api/admin/privacy-cases/${listed[1]!.id}/reply`, {
        reply: 'Corrected as you asked.',
        close: true,
      }),
    );
    const closed = await okJson<DeskCase[]>(
      sendAs(api, token, 'GET', '/api/admin/privacy-cases?status=closed'),
    );
    expect(closed.map((c) => c.email)).toEqual(['fresh@example.co.za']);
  });

  it('refuses an empty answer and an unknown case, and is for admins only', async () => {
    const admin = await createTestAdmin(api);
    const token = await adminSession(api, admin.id);
    expect(
      (await sendAs(api, token, 'POST', '/api/admin/privacy-cases/999999/reply', { reply: '' }))
        .status,
    ).toBe(400);
    expect(
      (
        await sendAs(api, token, 'POST', '/api/admin/privacy-cases/999999/reply', {
          reply: 'An answer to nobody at all.',
        })
      ).status,
    ).toBe(404);
    expect((await api.get('/api/admin/privacy-cases')).status).toBe(401);
  });
});
