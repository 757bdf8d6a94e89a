/**
 * Mail that is never lost: every mail is an outbox row written with
 * the change that causes it; the sender retries with backoff for a day, then marks it
 * failed; a decision that is reversed in time never mails both answers.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { outbox, serviceProviders } from '../../db/schema.ts';
import { backoffSeconds } from '../../src/api/jobs/deliver-outbox.ts';
import type { MailMessage, Mailer } from '../../src/api/mail/mailer.ts';
import { adminSession, createTestAdmin } from '../helpers/admin-fixtures.ts';
import { applicationRow } from '../helpers/application-confirmation.ts';
import { bearer } from '../helpers/auth-fixtures.ts';
import { insertApplication, insertProvider } from '../helpers/builders.ts';
import { useTestApi } from '../helpers/test-api.ts';
import { postgresOnly } from '../helpers/test-database.ts';

/** A mail server that can be switched off. */
const server = {
  up: true,
  delivered: [] as MailMessage[],
};
const mailer: Mailer = {
  destination: 'smtp://test',
  send(message) {
    if (!server.up) return Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:25'));
    server.delivered.push(message);
    return Promise.resolve('smtp');
  },
};

const api = useTestApi({}, { mailer });
let token: string;
beforeEach(async () => {
  await api.database.reset();
  server.up = true;
  server.delivered.length = 0;
  token = await adminSession(api, (await createTestAdmin(api)).id);
});

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

/**
 * A pending application of Naledi's (no mail yet); answers its id. `confirmed`: she has
 * opened the link mailed to her address, so a rejection is mailed to her too.
 */
async function applicationOf(
  email = 'naledi@umoya.example.co.za',
  { confirmed = false }: { confirmed?: boolean } = {},
) {
  const application = await insertApplication(api.database.db, {
    businessName: 'Umoya Alarms',
    contactName: 'Naledi Khumalo',
    email,
    services: ['alarms'],
    emailConfirmedAt: confirmed ? new Date() : null,
  });
  return application.id;
}

/** What the mail server delivered to Naledi (the admins' hourly digest may come too). */
const deliveredToNaledi = () =>
  server.delivered.filter((m) => m.to === 'naledi@umoya.example.co.za');

const approve = (id: number) =>
  api.request(`/api/admin/applications/${id}/approve`, { method: 'POST', headers: bearer(token) });
const reject = (id: number) =>
  api.request(`/api/admin/applications/${id}/review`, {
    method: 'PUT',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'rejected', adminNotes: 'Please send your PSIRA number.' }),
  });

const rows = () => api.database.db.select().from(outbox).orderBy(outbox.id);

describe('the outbox', () => {
  it("keeps a new provider's set-password link through a mail server outage", async () => {
    server.up = false;
    const id = await applicationOf();
    expect((await approve(id)).status).toBe(201);
    await api.runJobs();

    const [queued] = await rows();
    expect(queued).toMatchObject({ kind: 'mail', status: 'queued', attempts: 1 });
    expect(queued?.lastError).toContain('ECONNREFUSED');
    expect(server.delivered).toEqual([]);

    // Retried with backoff: not before its time, then delivered once the server is back.
    server.up = true;
    await api.runJobs(new Date(Date.now() + 10_000));
    expect(server.delivered).toEqual([]);
    await api.runJobs(minutesFromNow(2));
    expect(server.delivered).toHaveLength(1);
    expect(server.delivered[0]?.to).toBe('naledi@umoya.example.co.za');
    expect(server.delivered[0]?.text).toContain('/dashboard/set-password?token=');
    expect((await rows())[0]).toMatchObject({ status: 'sent', attempts: 2, lastError: null });

    // Sent once: another run sends nothing more.
    await api.runJobs(minutesFromNow(60));
    expect(server.delivered).toHaveLength(1);
  });

  it('waits longer after each failure, at most an hour', () => {
    expect([1, 2, 3, 4, 7, 8, 20].map(backoffSeconds)).toEqual([
      60, 120, 240, 480, 3600, 3600, 3600,
    ]);
  });

  it('marks a mail failed after a day of failures, for an admin to resend', async () => {
    server.up = false;
    await approve(await applicationOf());
    for (const minutes of [0, 2, 10, 60, 6 * 60, 12 * 60])
      await api.runJobs(minutesFromNow(minutes));
    expect((await rows())[0]?.status).toBe('queued');
    await api.runJobs(minutesFromNow(25 * 60));
    const [failed] = await rows();
    expect(failed?.status).toBe('failed');
    expect(failed?.attempts).toBeGreaterThanOrEqual(7);
  });

  it('writes no mail for a change that is refused', async () => {
    await insertProvider(api.database.db, { email: 'taken@umoya.example.co.za' });
    const id = await applicationOf('taken@umoya.example.co.za');
    expect((await approve(id)).status).toBe(409);
    expect(await rows()).toEqual([]);
  });

  postgresOnly('lets two senders at once deliver each mail once', async () => {
    for (let i = 0; i < 6; i++) await approve(await applicationOf(`applicant${i}@example.co.za`));
    await Promise.all([api.runJobs(), api.runJobs(), api.runJobs()]);
    expect(server.delivered.map((m) => m.to).sort()).toEqual(
      [0, 1, 2, 3, 4, 5].map((i) => `applicant${i}@example.co.za`).sort(),
    );
  });
});

describe('an application decided twice', () => {
  it('mails only the decision that stands when a rejection is reversed by an approval', async () => {
    const id = await applicationOf(undefined, { confirmed: true });
    const answers = await Promise.all([reject(id), approve(id)]);
    // Either order is possible; an approval followed by a rejection is refused.
    expect(answers.map((r) => r.status).sort()).toEqual(
      answers[0].status === 200 ? [200, 201] : [201, 409],
    );
    await api.runJobs(minutesFromNow(10));
    const decisions = deliveredToNaledi();
    expect(decisions).toHaveLength(1);
    expect(decisions[0]?.text).toContain('/dashboard/set-password?token=');
    expect((await applicationRow(api, id)).status).toBe('approved');
  });

  it('mails a rejection that stands, after its two minutes', async () => {
    const id = await applicationOf(undefined, { confirmed: true });
    expect((await reject(id)).status).toBe(200);
    await api.runJobs();
    expect(deliveredToNaledi()).toEqual([]);
    await api.runJobs(minutesFromNow(3));
    expect(deliveredToNaledi().map((m) => m.subject)).toEqual([
      'Your Verified Providers application',
    ]);
    expect(await api.database.db.select().from(serviceProviders)).toEqual([]);
  });
});
