/**
 * The admin's mail screen: queued, sent and failed mail, paged on the
 * server, newest first, never with its body (it may hold a reset link); a failed or sent
 * mail can be resent, as a new outbox row with the same message.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OUTBOX_STATUSES, outbox } from '../../db/schema.ts';
import type { Mailer, MailMessage } from '../../src/api/mail/mailer.ts';
import { MAIL_STATUSES } from '../../src/lib/schemas/admin-mail.ts';
import {
  adminSession,
  createTestAdmin,
  expectAdminOnly,
  resetWithAdmin,
  type TestAdmin,
} from '../helpers/admin-fixtures.ts';
import { okJson, sendAs, sendJson } from '../helpers/api-fixtures.ts';
import { CONFIRMATION_SUBJECT } from '../helpers/application-confirmation.ts';
import { insertProvider, validApplicationBody } from '../helpers/builders.ts';
import { expectError } from '../helpers/error-answer.ts';
import { watchOutbox } from '../helpers/outbox.ts';
import { providerSession } from '../helpers/provider-fixtures.ts';
import { startTestApi, type TestApi, useTestApi } from '../helpers/test-api.ts';

/** What GET /api/admin/mail answers for one mail: never its text. */
interface ListedMail {
  id: number;
  to: string;
  subject: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  sentVia: 'smtp' | 'file' | null;
  nextAttemptAt: string;
}

const LISTED_KEYS = [
  'attempts',
  'createdAt',
  'id',
  'lastError',
  'nextAttemptAt',
  'sentAt',
  'sentVia',
  'status',
  'subject',
  'to',
].sort();

const SECRET_LINK = 'https://example.test/reset-password?token=SECRET-TOKEN-1234567890';

type OutboxRow = typeof outbox.$inferInsert;

let sequence = 0;
/** A mail row as the outbox holds it, `minutesAgo` old. */
async function insertMail(
  api: TestApi,
  overrides: Partial<OutboxRow> & { minutesAgo?: number } = {},
) {
  const n = ++sequence;
  const { minutesAgo = 0, ...fields } = overrides;
  const [row] = await api.database.db
    .insert(outbox)
    .values({
      kind: 'mail',
      payload: {
        to: `customer${n}@example.co.za`,
        subject: `Subject ${n}`,
        text: `Hello ${n}. ${SECRET_LINK}`,
      },
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
      ...fields,
    })
    .returning();
  if (!row) throw new Error('The outbox row was not stored');
  return row;
}

const outboxRows = (api: TestApi) => api.database.db.select().from(outbox).orderBy(asc(outbox.id));

it('the mail screen knows every status of the outbox', () => {
  expect(MAIL_STATUSES).toEqual(OUTBOX_STATUSES);
});

describe('the mail screen', () => {
  const api = useTestApi();
  let admin: TestAdmin;
  let token: string;
  beforeEach(async () => {
    await api.runJobs(); // the previous test's deliveries are done before the tables are emptied
    ({ admin, token } = await resetWithAdmin(api));
  });

  const list = (query = '') => sendAs(api, token, 'GET', `/api/admin/mail${query}`);
  const resend = (id: number | string, auth = token) =>
    sendAs(api, auth, 'POST', `/api/admin/mail/${id}/resend`);

  describe('who may use it', () => {
    it('GET /api/admin/mail is for signed-in admins only', async () => {
      await insertMail(api, { status: 'sent' });
      await expectAdminOnly(api, admin.id, { name: 'GET /api/admin/mail' });
    });

    it('GET /api/admin/mail/totals is for signed-in admins only', async () => {
      await expectAdminOnly(api, admin.id, { name: 'GET /api/admin/mail/totals' });
    });

    it('POST /api/admin/mail/:id/resend refuses no token (401) and a provider (403), writing nothing', async () => {
      const mail = await insertMail(api, { status: 'failed', attempts: 9, lastError: 'refused' });
      const before = await outboxRows(api);
      await expectError(
        await api.request(`/api/admin/mail/${mail.id}/resend`, { method: 'POST' }),
        401,
      );
      const provider = await insertProvider(api.database.db);
      await expectError(await resend(mail.id, await providerSession(api, provider.id)), 403);
      expect(await outboxRows(api)).toEqual(before);
      await expectAdminOnly(api, admin.id, {
        name: 'POST /api/admin/mail/:id/resend',
        id: () => mail.id,
      });
    });
  });

  describe('GET /api/admin/mail', () => {
    it('lists mail only, newest first, with recipient, subject, status, attempts and times, never the body', async () => {
      const sent = await insertMail(api, {
        status: 'sent',
        attempts: 1,
        sentAt: new Date(Date.now() - 29 * 60_000),
        sentVia: 'smtp',
        minutesAgo: 30,
      });
      const failed = await insertMail(api, {
        status: 'failed',
        attempts: 12,
        lastError: '554 Mailbox unavailable',
        minutesAgo: 20,
      });
      const queued = await insertMail(api, { minutesAgo: 10 });
      // Not mail: the outbox's other jobs are not on this screen.
      await api.database.db.insert(outbox).values([
        { kind: 'delete-object', payload: { objectKey: 'uploads/abc.png' } },
        {
          kind: 'password-reset',
          payload: { role: 'admin', email: 'a@example.co.za', siteUrl: 'http://x' },
        },
      ]);

      const response = await list();
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(response.headers.get('x-total-count')).toBe('3');
      const text = await response.text();
      expect(text).not.toContain('SECRET-TOKEN');
      expect(text).not.toContain('Hello');
      const body = JSON.parse(text) as ListedMail[];
      expect(body.map((m) => m.id)).toEqual([queued.id, failed.id, sent.id]);
      for (const mail of body) expect(Object.keys(mail).sort()).toEqual(LISTED_KEYS);
      expect(body[1]).toMatchObject({
        to: (failed.payload as MailMessage).to,
        subject: (failed.payload as MailMessage).subject,
        status: 'failed',
        attempts: 12,
        lastError: '554 Mailbox unavailable',
        createdAt: failed.createdAt.toISOString(),
        sentAt: null,
        sentVia: null,
      });
      expect(body[2]).toMatchObject({
        status: 'sent',
        sentAt: sent.sentAt?.toISOString(),
        sentVia: 'smtp',
      });
    });

    it('pages on the server with the total, and filters by status', async () => {
      const rows: (typeof outbox.$inferSelect)[] = [];
      for (let i = 0; i < 7; i++) {
        rows.push(
          await insertMail(api, { status: i % 3 === 0 ? 'failed' : 'sent', minutesAgo: 100 - i }),
        );
      }
      const newestFirst = rows.map((r) => r.id).reverse();

      const first = await list('?limit=3');
      expect(first.headers.get('x-total-count')).toBe('7');
      expect(((await first.json()) as ListedMail[]).map((m) => m.id)).toEqual(
        newestFirst.slice(0, 3),
      );
      const third = await list('?limit=3&page=3');
      expect(third.headers.get('x-total-count')).toBe('7');
      expect(((await third.json()) as ListedMail[]).map((m) => m.id)).toEqual(newestFirst.slice(6));
      expect(await okJson(list('?limit=3&page=4'))).toEqual([]);

      const failed = await list('?status=failed');
      expect(failed.headers.get('x-total-count')).toBe('3');
      const failedIds = ((await failed.json()) as ListedMail[]).map((m) => m.id);
      expect(failedIds).toEqual(
        newestFirst.filter((id) => rows.find((r) => r.id === id)?.status === 'failed'),
      );
      expect(await okJson(list('?status=queued'))).toEqual([]);
    });

    it('keeps pages stable when mail shares a creation time (id breaks the tie)', async () => {
      const at = new Date(Date.now() - 60_000);
      const rows: (typeof outbox.$inferSelect)[] = [];
      for (let i = 0; i < 5; i++) rows.push(await insertMail(api, { createdAt: at }));
      const ids = rows.map((r) => r.id).reverse();
      const pages = [];
      for (let page = 1; page <= 3; page++) {
        pages.push(...(await okJson<ListedMail[]>(list(`?limit=2&page=${page}`))).map((m) => m.id));
      }
      expect(pages).toEqual(ids);
    });

    it('defaults to 25 a page', async () => {
      for (let i = 0; i < 27; i++) await insertMail(api, { status: 'sent' });
      const response = await list();
      expect(response.headers.get('x-total-count')).toBe('27');
      expect((await response.json()) as unknown[]).toHaveLength(25);
    });

    it.each([
      ['?status=lost', 'status'],
      ['?status=', 'status'],
      ['?page=0', 'page'],
      ['?page=-1', 'page'],
      ['?page=1.5', 'page'],
      ['?page=abc', 'page'],
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?limit=ten', 'limit'],
    ])('answers 400 for %s', async (query, field) => {
      const body = await expectError(await list(query), 400);
      expect(Object.keys(body.errors ?? {})).toEqual([field]);
    });

    it('counts mail per status for the filter, the sent mail only written to files, and says there is no mail server', async () => {
      await insertMail(api, { status: 'failed' });
      await insertMail(api, { status: 'failed' });
      await insertMail(api, { status: 'sent', sentVia: 'smtp' });
      await insertMail(api, { status: 'sent', sentVia: 'file' });
      await insertMail(api, { status: 'sent', sentVia: 'file' });
      await insertMail(api, { status: 'cancelled' });
      await api.database.db
        .insert(outbox)
        .values({ kind: 'delete-object', payload: { objectKey: 'x' }, status: 'failed' });
      expect(await okJson(sendAs(api, token, 'GET', '/api/admin/mail/totals'))).toEqual({
        queued: 0,
        sending: 0,
        sent: 3,
        failed: 2,
        cancelled: 1,
        writtenToFile: 2,
        // The test API has no SMTP_URL: its mail goes to the outbox folder.
        mailServer: false,
      });
    });
  });

  describe('POST /api/admin/mail/:id/resend', () => {
    it('queues a sent mail again as a new row with the same message, which is then delivered', async () => {
      const original = await insertMail(api, {
        status: 'sent',
        attempts: 1,
        sentAt: new Date(Date.now() - 60_000),
        minutesAgo: 2,
        payload: {
          to: 'thandi@example.co.za',
          subject: 'Your Verified Providers application',
          text: 'We cannot approve the application at this time.',
          replyTo: 'team@example.co.za',
        },
      });
      const mailbox = await watchOutbox(api);
      const response = await resend(original.id);
      expect(response.status).toBe(201);
      const resent = (await response.json()) as ListedMail;
      expect(Object.keys(resent).sort()).toEqual(LISTED_KEYS);
      expect(resent).toMatchObject({
        to: 'thandi@example.co.za',
        subject: 'Your Verified Providers application',
        attempts: 0,
        lastError: null,
        sentAt: null,
      });
      expect(resent.id).not.toBe(original.id);

      const [kept] = await api.database.db.select().from(outbox).where(eq(outbox.id, original.id));
      expect(kept).toEqual(original);
      const [row] = await api.database.db.select().from(outbox).where(eq(outbox.id, resent.id));
      expect(row).toMatchObject({ kind: 'mail', payload: original.payload, onceKey: null });

      const mails = await mailbox.newMails();
      expect(mails.map((m) => [m.to, m.subject])).toEqual([
        ['thandi@example.co.za', 'Your Verified Providers application'],
      ]);
      const [delivered] = await api.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.id, resent.id));
      // No SMTP_URL here: the mail was written to the outbox folder, and the row says so.
      expect(delivered).toMatchObject({ status: 'sent', attempts: 1, sentVia: 'file' });
      expect(delivered?.sentAt).toBeInstanceOf(Date);
    });

    it.each([
      ['queued', 'This mail is still being sent.'],
      ['sending', 'This mail is still being sent.'],
    ] as const)('refuses a mail that is %s (409)', async (status, message) => {
      // Not due for an hour: the sender that runs after each request leaves it alone.
      const mail = await insertMail(api, {
        status,
        nextAttemptAt: new Date(Date.now() + 3600_000),
      });
      const before = await outboxRows(api);
      await expectError(await resend(mail.id), 409, message);
      expect(await outboxRows(api)).toEqual(before);
    });

    it('refuses a cancelled mail (409): a newer message replaced it', async () => {
      const mail = await insertMail(api, { status: 'cancelled' });
      const before = await outboxRows(api);
      await expectError(await resend(mail.id), 409);
      expect(await outboxRows(api)).toEqual(before);
    });

    it('answers 404 for an unknown id, a bad id, and an outbox row that is not mail', async () => {
      const [deletion] = await api.database.db
        .insert(outbox)
        .values({ kind: 'delete-object', payload: { objectKey: 'x' }, status: 'failed' })
        .returning();
      const [reset] = await api.database.db
        .insert(outbox)
        .values({
          kind: 'password-reset',
          payload: { role: 'admin', email: 'a@example.co.za', siteUrl: 'http://x' },
          status: 'sent',
        })
        .returning();
      const before = await outboxRows(api);
      for (const id of [9999, 'abc', '0', '99999999999', deletion!.id, reset!.id]) {
        await expectError(await resend(id), 404, 'Mail not found');
      }
      expect(await outboxRows(api)).toEqual(before);
    });
  });
});

describe('mail that failed through a failing mail server', () => {
  let api: TestApi;
  let token: string;
  let broken = true;
  const delivered: MailMessage[] = [];
  const mailer: Mailer = {
    destination: 'test mailer',
    send(message) {
      if (broken) return Promise.reject(new Error('421 Service not available'));
      delivered.push(message);
      return Promise.resolve('smtp');
    },
  };
  beforeAll(async () => {
    // SMTP_URL names a server the mailer above stands in for.
    api = await startTestApi({ SMTP_URL: 'smtp://127.0.0.1:2525' }, { mailer });
    const admin = await createTestAdmin(api);
    token = await adminSession(api, admin.id);
  });
  afterAll(async () => {
    broken = false;
    await api.close();
  });

  it('is listed as failed with its error after a day of retries, and a resend delivers it', async () => {
    const application = validApplicationBody({ email: 'failing.mail@example.co.za' });
    const submitted = await sendJson(api, 'POST', '/api/provider-applications', application);
    expect(submitted.status).toBe(201);
    await api.runJobs();
    // A day later the sender gives up: the mail is failed, for an admin to see.
    await api.runJobs(new Date(Date.now() + 25 * 3600_000));

    const failedList = await okJson<ListedMail[]>(
      sendAs(api, token, 'GET', '/api/admin/mail?status=failed'),
    );
    const failed = failedList.find((m) => m.to === 'failing.mail@example.co.za');
    expect(failed).toMatchObject({ status: 'failed', lastError: '421 Service not available' });
    expect(failed?.attempts).toBeGreaterThanOrEqual(2);
    expect(delivered).toEqual([]);

    // Resent while the server still fails: the copy waits for its next attempt, and a
    // second resend of the same mail is refused until it is through.
    const firstTry = await okJson<ListedMail>(
      sendAs(api, token, 'POST', `/api/admin/mail/${failed!.id}/resend`),
      201,
    );
    await api.runJobs();
    await expectError(
      await sendAs(api, token, 'POST', `/api/admin/mail/${failed!.id}/resend`),
      409,
      'A resend of this mail is on its way already.',
    );

    // The mail server is back: the queued copy goes out at its next attempt.
    broken = false;
    await api.runJobs(new Date(Date.now() + 10 * 60_000));
    expect(delivered.map((m) => [m.to, m.subject])).toEqual([
      ['failing.mail@example.co.za', CONFIRMATION_SUBJECT],
    ]);
    const [row] = await api.database.db.select().from(outbox).where(eq(outbox.id, firstTry.id));
    expect(row).toMatchObject({ status: 'sent', lastError: null, sentVia: 'smtp' });
    expect(await okJson(sendAs(api, token, 'GET', '/api/admin/mail/totals'))).toMatchObject({
      sent: 1,
      writtenToFile: 0,
      mailServer: true,
    });
    const [original] = await api.database.db.select().from(outbox).where(eq(outbox.id, failed!.id));
    expect(original?.status).toBe('failed');

    // Once the copy is sent, the failed original may be resent again.
    const again = await sendAs(api, token, 'POST', `/api/admin/mail/${failed!.id}/resend`);
    expect(again.status).toBe(201);
    await api.runJobs();
    expect(delivered).toHaveLength(2);
  });
});
