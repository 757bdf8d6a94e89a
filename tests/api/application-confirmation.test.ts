/**
 * No mail in a stranger's words (docs/decisions/0046). Anyone can type a stranger's
 * address into the join form: before, every application mailed that address a receipt
 * naming the applicant's business and contact person, and every admin one mail per
 * application, so 60 clients in turn put 60 mails in one victim's mailbox (victim+1@,
 * victim+2@ ... each passed the one-pending rule) and 195 in the admins'. Now the address
 * gets only a link in fixed words; the receipt follows its confirmation; the admins get
 * one digest an hour; and one mailbox has one pending application, whatever its +tags
 * and Gmail dots.
 *
 * The test server trusts X-Forwarded-For, so each application comes from a client of its
 * own, as the attack's did: the per-client rate limit does not stand in for the rules.
 */
import { inArray, like, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { applicationConfirmationLinks, outbox, providerApplications } from '../../db/schema.ts';
import { sendApplicationDigest } from '../../src/api/applications/send-application-digest.ts';
import {
  APPLICATION_CONFIRMATION_MESSAGES,
  PENDING_APPLICATION_MESSAGES,
} from '../../src/lib/application-confirmation.ts';
import { adminSession, createTestAdmin, type TestAdmin } from '../helpers/admin-fixtures.ts';
import { databaseRejection, sendJson } from '../helpers/api-fixtures.ts';
import {
  applicationRow,
  CONFIRMATION_SUBJECT,
  mailedConfirmationToken,
  outboxMails as allOutboxMails,
  postConfirmation,
  RECEIPT_SUBJECT,
} from '../helpers/application-confirmation.ts';
import { bearer } from '../helpers/auth-fixtures.ts';
import { validApplicationBody } from '../helpers/builders.ts';
import { expectError, expectFieldError } from '../helpers/error-answer.ts';
import { linkIn, watchOutbox, type OutboxMail } from '../helpers/outbox.ts';
import { expectRecent } from '../helpers/recent-time.ts';
import { useTestApi } from '../helpers/test-api.ts';

const api = useTestApi({ TRUST_PROXY: 'true' });
beforeEach(() => api.database.reset());

/** The applicant's own words: none of them may reach a mail. */
const STRANGERS_WORDS = {
  businessName: 'Cheap Watches Direct',
  contactName: 'Mallory Spamsworth',
  description: 'Visit watches.example.com for replica watches at half price',
  previousWork: 'Call 0825550000 now for a free gift',
  physicalAddress: '1 Phishing Lane, Sandton',
  location: 'Watchtown',
};

let clientNumber = 0;
/** A new client each time (X-Forwarded-For, trusted here): the attack's rotating clients. */
const nextClient = () => `198.51.100.${(clientNumber++ % 250) + 1}`;

function postApplication(body: Record<string, unknown>): Promise<Response> {
  return sendJson(api, 'POST', '/api/provider-applications', body, {
    'x-forwarded-for': nextClient(),
  });
}

async function apply(overrides: Record<string, unknown> = {}): Promise<number> {
  const response = await postApplication(validApplicationBody(overrides));
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

const confirm = (token: string) => postConfirmation(api, token);
const outboxMails = () => allOutboxMails(api);
const mailedToken = (email: string) => mailedConfirmationToken(api, email);

function expectNoStrangersWords(mails: { subject: string; text: string }[]) {
  for (const mail of mails) {
    for (const words of Object.values(STRANGERS_WORDS)) {
      expect(`${mail.subject}\n${mail.text}`).not.toContain(words);
    }
  }
}

describe('an application mails its address only a confirmation link', () => {
  it('mails the applicant a link in fixed words, none of the applicant’s, and the admins nothing', async () => {
    const admins = [await createTestAdmin(api), await createTestAdmin(api)];
    const delivered = await watchOutbox(api);
    const response = await postApplication(
      validApplicationBody({ ...STRANGERS_WORDS, email: 'victim@example.co.za' }),
    );
    expect(response.status).toBe(201);
    const body = (await response.json()) as { id: number; message: string };
    expect(body).toEqual({ id: expect.any(Number) as number, message: 'Application received' });

    const mails = await outboxMails();
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ['victim@example.co.za', CONFIRMATION_SUBJECT],
    ]);
    expect(linkIn(mails[0]!.text, '/join/confirm?token=')).toBeDefined();
    expect(mails[0]!.text).toContain('If you did not apply, you can ignore this e-mail.');
    expectNoStrangersWords(mails);

    // The same in the mail actually delivered.
    const sent = await delivered.newMails();
    expect(sent.map((m) => m.to)).toEqual(['victim@example.co.za']);
    expectNoStrangersWords(sent);
    for (const admin of admins) expect(sent.filter((m) => m.to === admin.email)).toEqual([]);

    // Only the token's hash is stored, and the link expires.
    const token = await mailedToken('victim@example.co.za');
    const links = await api.database.db.select().from(applicationConfirmationLinks);
    expect(links).toHaveLength(1);
    expect(links[0]!.tokenHash).not.toContain(token);
    expect(links[0]!.applicationId).toBe(body.id);
    const days = (links[0]!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    expect((await applicationRow(api, body.id)).emailConfirmedAt).toBeNull();
  });

  it('20 clients in turn, with +tags and in capitals, put one mail in the victim’s mailbox and none in the admins’', async () => {
    const admins = [await createTestAdmin(api), await createTestAdmin(api)];
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const email = i === 0 ? 'victim@example.co.za' : `Victim+${i}@Example.co.za`;
      const response = await postApplication(validApplicationBody({ ...STRANGERS_WORDS, email }));
      statuses.push(response.status);
    }
    expect(statuses[0]).toBe(201);
    expect(statuses.slice(1).every((status) => status === 409)).toBe(true);

    const mails = await outboxMails();
    expect(mails.map((m) => m.to)).toEqual(['victim@example.co.za']);
    for (const admin of admins) expect(mails.filter((m) => m.to === admin.email)).toEqual([]);
    expectNoStrangersWords(mails);
  });
});

describe('confirming the address', () => {
  it('stores when, and mails the receipt without the applicant’s words', async () => {
    await createTestAdmin(api);
    const id = await apply({ ...STRANGERS_WORDS, email: 'thandi@example.co.za' });
    const token = await mailedToken('thandi@example.co.za');
    const before = (await outboxMails()).length;

    const response = await confirm(token);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(await response.json()).toEqual({
      confirmed: true,
      alreadyConfirmed: false,
      message: APPLICATION_CONFIRMATION_MESSAGES.confirmed,
    });
    const confirmedAt = (await applicationRow(api, id)).emailConfirmedAt;
    expectRecent(confirmedAt);

    const receipts = (await outboxMails()).slice(before);
    expect(receipts.map((m) => [m.to, m.subject])).toEqual([
      ['thandi@example.co.za', RECEIPT_SUBJECT],
    ]);
    // The checks its services (CCTV, alarms) and business type (a company) need.
    expect(receipts[0]!.text).toContain('PSIRA registration');
    expect(receipts[0]!.text).toContain('Company registration (CIPC)');
    expect(receipts[0]!.text).toContain('within 2-3 business days');
    expectNoStrangersWords(receipts);
  });

  it('answers a second use that the address is confirmed already, and mails nothing more', async () => {
    const id = await apply({ email: 'thandi@example.co.za' });
    const token = await mailedToken('thandi@example.co.za');
    expect((await confirm(token)).status).toBe(200);
    const confirmedAt = (await applicationRow(api, id)).emailConfirmedAt;
    const mails = (await outboxMails()).length;

    // Twice at once too: one receipt.
    const again = await Promise.all([confirm(token), confirm(token)]);
    for (const response of again) {
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        confirmed: true,
        alreadyConfirmed: true,
        message: APPLICATION_CONFIRMATION_MESSAGES.alreadyConfirmed,
      });
    }
    // Even once the link has expired: it says what is true.
    await api.database.db
      .update(applicationConfirmationLinks)
      .set({ expiresAt: sql`now() - interval '1 day'` });
    expect(
      ((await (await confirm(token)).json()) as { alreadyConfirmed: boolean }).alreadyConfirmed,
    ).toBe(true);
    expect((await applicationRow(api, id)).emailConfirmedAt).toEqual(confirmedAt);
    expect(await outboxMails()).toHaveLength(mails);
  });

  it('confirms one receipt even when two clicks arrive together', async () => {
    await apply({ email: 'thandi@example.co.za' });
    const token = await mailedToken('thandi@example.co.za');
    const answers = await Promise.all([confirm(token), confirm(token), confirm(token)]);
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as {
      alreadyConfirmed: boolean;
    }[];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(bodies.filter((b) => !b.alreadyConfirmed)).toHaveLength(1);
    expect((await outboxMails()).filter((m) => m.subject === RECEIPT_SUBJECT)).toHaveLength(1);
  });

  it.each([
    ['a token no link has', 'A'.repeat(43)],
    ['a token of the wrong shape', 'not a token'],
  ])('answers 400 for %s and changes nothing', async (_, token) => {
    const id = await apply({ email: 'thandi@example.co.za' });
    const mails = (await outboxMails()).length;
    await expectError(await confirm(token), 400, APPLICATION_CONFIRMATION_MESSAGES.invalid);
    expect((await applicationRow(api, id)).emailConfirmedAt).toBeNull();
    expect(await outboxMails()).toHaveLength(mails);
  });

  it('answers 410 for an expired link and leaves the address unconfirmed', async () => {
    const id = await apply({ email: 'thandi@example.co.za' });
    const token = await mailedToken('thandi@example.co.za');
    await api.database.db
      .update(applicationConfirmationLinks)
      .set({ expiresAt: sql`now() - interval '1 second'` });
    const mails = (await outboxMails()).length;
    await expectError(await confirm(token), 410, APPLICATION_CONFIRMATION_MESSAGES.expired);
    expect((await applicationRow(api, id)).emailConfirmedAt).toBeNull();
    expect(await outboxMails()).toHaveLength(mails);
  });

  it('answers 409 once the application has been decided, and mails nothing', async () => {
    const admin = await createTestAdmin(api);
    const id = await apply({ ...STRANGERS_WORDS, email: 'victim@example.co.za' });
    const token = await mailedToken('victim@example.co.za');
    // The admin rejects the unconfirmed application: the address, perhaps a stranger's,
    // gets no rejection in the applicant's words.
    const rejected = await api.request(`/api/admin/applications/${id}/review`, {
      method: 'PUT',
      headers: bearer(await adminSession(api, admin.id)),
      body: JSON.stringify({ status: 'rejected', adminNotes: 'Not a security business.' }),
    });
    expect(rejected.status).toBe(200);
    await expectError(await confirm(token), 409, APPLICATION_CONFIRMATION_MESSAGES.decided);
    expect((await applicationRow(api, id)).emailConfirmedAt).toBeNull();
    await api.runJobs(new Date(Date.now() + 10 * 60_000));
    const mails = await outboxMails();
    expect(mails.map((m) => m.subject)).toEqual([CONFIRMATION_SUBJECT]);
  });
});

describe('rejecting an application', () => {
  async function reject(id: number, admin: TestAdmin) {
    const response = await api.request(`/api/admin/applications/${id}/review`, {
      method: 'PUT',
      headers: bearer(await adminSession(api, admin.id)),
      body: JSON.stringify({ status: 'rejected', adminNotes: 'Insurance certificate missing.' }),
    });
    expect(response.status).toBe(200);
  }

  it('mails the rejection to a confirmed address only', async () => {
    const admin = await createTestAdmin(api);
    const unconfirmed = await apply({ email: 'unconfirmed@example.co.za' });
    const confirmed = await apply({ email: 'confirmed@example.co.za' });
    expect((await confirm(await mailedToken('confirmed@example.co.za'))).status).toBe(200);
    const mailbox = await watchOutbox(api);
    await reject(unconfirmed, admin);
    await reject(confirmed, admin);
    const mails = (await mailbox.newMails()).filter((m) => m.to !== admin.email);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ['confirmed@example.co.za', 'Your Verified Providers application'],
    ]);
  });
});

describe('the admins’ hourly digest', () => {
  const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3600_000);
  // The outbox is read as it is now: read ten minutes ahead (the default) in the last ten
  // minutes of an hour, it would run the next hour's digest (failed at 14:55).
  const NOW = { deliverAt: () => new Date() };

  /** Mails to the admins since `mailbox` began watching. */
  async function digests(mailbox: { newMails(): Promise<OutboxMail[]> }, admins: TestAdmin[]) {
    const addresses = new Set(admins.map((a) => a.email));
    return (await mailbox.newMails()).filter((m) => addresses.has(m.to));
  }

  /**
   * Confirms the applications as their applicants would have two hours ago, in one
   * statement, so no run of the jobs meanwhile can count some of them and not the others.
   */
  async function confirmedHoursAgo(ids: number[]) {
    await api.database.db
      .update(providerApplications)
      .set({ emailConfirmedAt: sql`now() - interval '2 hours'` })
      .where(inArray(providerApplications.id, ids));
  }

  it('mails each active admin one digest counting the confirmed applications, once', async () => {
    const admins = [await createTestAdmin(api), await createTestAdmin(api)];
    const retired = await createTestAdmin(api, { isActive: false });
    const ids = [];
    for (let i = 0; i < 3; i++) {
      ids.push(await apply({ ...STRANGERS_WORDS, email: `applicant${i}@example.co.za` }));
    }
    // A fourth never confirms its address: the digest leaves it out.
    await apply({ email: 'never.confirmed@example.co.za' });
    const mailbox = await watchOutbox(api, NOW);
    await confirmedHoursAgo(ids);

    await api.runJobs();
    await api.runJobs();
    await api.runJobs(hoursFromNow(0.2));
    const mails = await digests(mailbox, [...admins, retired]);
    expect(mails.map((m) => m.to).sort()).toEqual(admins.map((a) => a.email).sort());
    for (const mail of mails) {
      expect(mail.subject).toBe('3 new provider applications');
      expect(mail.text).toContain('3 new applications to join Verified Providers have come in');
      expect(mail.text).toContain(
        'In all, 3 applications with a confirmed address are pending review.',
      );
      expect(mail.text).toContain(`${api.url}/admin`);
    }
    expectNoStrangersWords(mails);
    const digested = await api.database.db
      .select({ id: providerApplications.id })
      .from(providerApplications)
      .where(sql`${providerApplications.digestedAt} IS NOT NULL`);
    expect(digested.map((row) => row.id).sort()).toEqual([...ids].sort());
  });

  it('sends no digest while no application has a confirmed address', async () => {
    const admins = [await createTestAdmin(api)];
    const mailbox = await watchOutbox(api, NOW);
    await apply({ email: 'never.confirmed@example.co.za' });
    await api.runJobs(hoursFromNow(1));
    await api.runJobs(hoursFromNow(2));
    expect(await digests(mailbox, admins)).toEqual([]);
  });

  it('counts an application confirmed after this hour’s digest in the next hour’s', async () => {
    const admins = [await createTestAdmin(api)];
    const first = await apply({ email: 'first@example.co.za' });
    const mailbox = await watchOutbox(api, NOW);
    await confirmedHoursAgo([first]);
    await api.runJobs();
    expect((await digests(mailbox, admins)).map((m) => m.subject)).toEqual([
      '1 new provider application',
    ]);

    const later = await watchOutbox(api, NOW);
    const second = await apply({ email: 'second@example.co.za' });
    expect((await confirm(await mailedToken('second@example.co.za'))).status).toBe(200);
    await api.runJobs();
    expect(await digests(later, admins)).toEqual([]);
    await api.runJobs(hoursFromNow(1));
    const next = await digests(later, admins);
    expect(next.map((m) => m.subject)).toEqual(['1 new provider application']);
    expect(next[0]!.text).toContain('In all, 2 applications with a confirmed address');
    expect((await applicationRow(api, second)).digestedAt).toBeInstanceOf(Date);
  });

  it('writes one digest an admin when two instances run it at once', async () => {
    const admins = [await createTestAdmin(api), await createTestAdmin(api)];
    const ids = [
      await apply({ email: 'one@example.co.za' }),
      await apply({ email: 'two@example.co.za' }),
    ];
    await confirmedHoursAgo(ids);
    const at = hoursFromNow(0);
    const counted = await Promise.all(
      [1, 2, 3].map(() => sendApplicationDigest(api.database.db, { now: at, siteUrl: api.url })),
    );
    // A run of the host's own jobs may have taken them first: then these count none.
    expect(counted.filter((n) => n > 0).length).toBeLessThanOrEqual(1);
    const written = await api.database.db
      .select({ to: sql<string>`${outbox.payload}->>'to'` })
      .from(outbox)
      .where(like(outbox.onceKey, 'application-digest:%'));
    expect(written.map((row) => row.to).sort()).toEqual(admins.map((a) => a.email).sort());
  });
});

describe('one pending application per mailbox', () => {
  it.each([
    ['a +tag', 'thandi@example.co.za', 'Thandi+second@Example.co.za'],
    ['capitals', 'thandi@example.co.za', 'THANDI@EXAMPLE.CO.ZA'],
    ['Gmail’s dots', 'thandi.nkosi@gmail.com', 'thandinkosi@gmail.com'],
    [
      'Gmail’s other domain, dots and a +tag',
      'thandinkosi@gmail.com',
      'T.handi.Nkosi+join@googlemail.com',
    ],
  ])(
    'refuses %s of a pending application’s address (409) and mails nothing',
    async (_, first, second) => {
      const admin = await createTestAdmin(api);
      const id = await apply({ email: first });
      const mails = (await outboxMails()).length;
      await expectFieldError(
        await postApplication(validApplicationBody({ email: second, businessName: 'Second try' })),
        'email',
        PENDING_APPLICATION_MESSAGES.unconfirmed,
        409,
      );
      // Once the first is confirmed, it is with the review team, and the answer says so.
      expect((await confirm(await mailedToken(first))).status).toBe(200);
      await expectFieldError(
        await postApplication(validApplicationBody({ email: second, businessName: 'Third try' })),
        'email',
        PENDING_APPLICATION_MESSAGES.reviewing,
        409,
      );
      const rows = await api.database.db
        .select({ id: providerApplications.id })
        .from(providerApplications);
      expect(rows.map((row) => row.id)).toEqual([id]);
      // The first application's receipt only.
      const written = (await outboxMails()).slice(mails);
      expect(written.filter((m) => m.to !== admin.email).map((m) => m.subject)).toEqual([
        RECEIPT_SUBJECT,
      ]);
    },
  );

  it('tells other mailboxes apart: dots outside Gmail, other domains', async () => {
    await apply({ email: 'thandi.nkosi@example.co.za' });
    await apply({ email: 'thandinkosi@example.co.za' });
    await apply({ email: 'thandi.nkosi@example.com' });
    const rows = await api.database.db.select().from(providerApplications);
    expect(rows).toHaveLength(3);
  });

  it('holds in the database too: the unique index is on mailbox_of(email)', async () => {
    await apply({ email: 'thandi@example.co.za' });
    const second = api.database.db.insert(providerApplications).values({
      businessName: 'Direct insert',
      contactName: 'Someone',
      email: 'thandi+direct@example.co.za',
      phone: '0825550123',
      location: 'Pretoria',
      province: 'gauteng',
      physicalAddress: '1 Church Street',
      services: ['cctv'],
      yearsExperience: 1,
    });
    expect(await databaseRejection(second)).toEqual({
      code: '23505',
      constraint: 'provider_applications_pending_email_key',
    });
  });
});

describe('a new confirmation link, for a lost or expired one', () => {
  const askForLink = (email: string, client = nextClient()) =>
    api.request('/api/provider-applications/confirmation-link', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
      body: JSON.stringify({ email }),
    });

  it('mails a new link to the address the application holds; it confirms, and the expired one still does not', async () => {
    const id = await apply({ ...STRANGERS_WORDS, email: 'thandi@example.co.za' });
    const expired = await mailedToken('thandi@example.co.za');
    await api.database.db
      .update(applicationConfirmationLinks)
      .set({ expiresAt: sql`now() - interval '1 second'` });

    const response = await askForLink('Thandi+join@Example.co.za');
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({
      message: APPLICATION_CONFIRMATION_MESSAGES.newLinkSent,
    });
    const mail = (await outboxMails()).at(-1)!;
    expect(mail).toMatchObject({ to: 'thandi@example.co.za', subject: CONFIRMATION_SUBJECT });
    expectNoStrangersWords([mail]);
    const fresh = await mailedToken('thandi@example.co.za');
    expect(fresh).not.toBe(expired);

    await expectError(await confirm(expired), 410, APPLICATION_CONFIRMATION_MESSAGES.expired);
    expect((await confirm(fresh)).status).toBe(200);
    expect((await applicationRow(api, id)).emailConfirmedAt).not.toBeNull();
  });

  it('gives the same answer, and mails nothing, for an unknown, a confirmed or a decided application', async () => {
    await apply({ email: 'confirmed@example.co.za' });
    expect((await confirm(await mailedToken('confirmed@example.co.za'))).status).toBe(200);
    const mails = (await outboxMails()).length;
    for (const email of ['nobody@example.co.za', 'confirmed@example.co.za']) {
      const response = await askForLink(email);
      expect(response.status).toBe(202);
      expect(await response.json()).toEqual({
        message: APPLICATION_CONFIRMATION_MESSAGES.newLinkSent,
      });
    }
    expect(await outboxMails()).toHaveLength(mails);
  });

  it('mails one mailbox at most 3 new links a day, whatever its +tags or clients', async () => {
    await apply({ email: 'victim@example.co.za' });
    const before = (await outboxMails()).length;
    for (const tag of [1, 2, 3]) {
      expect((await askForLink(`victim+${tag}@example.co.za`)).status).toBe(202);
    }
    const fourth = await askForLink('VICTIM@example.co.za');
    expect(fourth.status).toBe(429);
    expect(await outboxMails()).toHaveLength(before + 3);
  });

  it('answers 400 naming the field for a missing or malformed address, and mails nothing', async () => {
    const INVALID_EMAIL = 'Please enter a valid email address';
    const mails = (await outboxMails()).length;
    await expectFieldError(await askForLink('not an address'), 'email', INVALID_EMAIL);
    const empty = await api.request('/api/provider-applications/confirmation-link', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    await expectFieldError(empty, 'email', INVALID_EMAIL);
    expect(await outboxMails()).toHaveLength(mails);
  });
});
