/**
 * Consent recorded and honoured (docs/decisions/0052): a consent to news is stored with
 * its wording's version and time and withdrawn in the privacy centre; the outbox refuses
 * a marketing mail to an address without a standing opt-in, when it is written and again
 * when it is sent; and a marketing mail's one-click unsubscribe (RFC 8058) works by POST
 * without a session.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { consents, outbox } from '../../db/schema.ts';
import { sessionSecret } from '../../src/api/auth/session-secret.ts';
import { enqueueMail } from '../../src/api/jobs/enqueue.ts';
import { marketingMail } from '../../src/api/privacy/mail-kinds.ts';
import { objectToProcessing } from '../../src/api/privacy/object-to-processing.ts';
import { createPrivacyLink } from '../../src/api/privacy/privacy-links.ts';
import { NEWS_CONSENT } from '../../src/lib/consents.ts';
import { insertEnquiry } from '../helpers/builders.ts';
import { mailFiles } from '../helpers/outbox.ts';
import { customerPost } from '../helpers/quote-fixtures.ts';
import { useTestApi } from '../helpers/test-api.ts';

const api = useTestApi();
beforeEach(() => api.database.reset());

const EMAIL = 'sipho.news@example.co.za';
const NEWS = { to: EMAIL, subject: 'New in December: NDI video providers', text: 'Hello.' };

const post = (url: string, body: unknown) => customerPost(api, url, body);

/** A centre link's token for the address (as the mailed link carries it). */
async function centreToken(email = EMAIL): Promise<string> {
  await insertEnquiry(api.database.db, { customerEmail: email });
  const url = await createPrivacyLink(api.database.db, { email, siteUrl: api.url });
  return new URL(url).searchParams.get('token')!;
}

async function optIn(email = EMAIL) {
  const token = await centreToken(email);
  const given = await post('/api/privacy/my-data/consent', { token, given: true });
  expect(given.status).toBe(200);
  return token;
}

const news = () =>
  marketingMail(api.database.db, NEWS, {
    siteUrl: api.url,
    secret: sessionSecret(api.env),
  });

describe('the outbox', () => {
  it('refuses a marketing mail to an address without an opt-in, and writes nothing', async () => {
    await centreToken();
    expect(await news()).toBeUndefined();
    expect(await enqueueMail(api.database.db, { ...NEWS, kind: 'marketing' })).toBe('refused');
    expect(await api.database.db.select().from(outbox)).toEqual([]);
  });

  it('sends one with a standing opt-in, with RFC 8058 one-click unsubscribe', async () => {
    await optIn();
    const mail = await news();
    expect(mail).toBeDefined();
    expect(await enqueueMail(api.database.db, mail!)).toBe('queued');
    const before = new Set(await mailFiles(api.env.DATA_DIR));
    await api.runJobs();
    const [file] = (await mailFiles(api.env.DATA_DIR)).filter((f) => !before.has(f));
    const raw = await readFile(path.join(api.env.DATA_DIR, 'mail', file!), 'utf8');
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const url = /^List-Unsubscribe:\s+<([^>]+)>$/m.exec(raw)?.[1];
    expect(url).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/api\/privacy\/unsubscribe\?consent=\d+&signature=/,
    );
    expect(url).not.toContain('sipho');

    // The mail program's POST: no session, no cookie, the form body RFC 8058 names.
    const unsubscribed = await fetch(url!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.status).toBe(200);
    const [consent] = await api.database.db.select().from(consents);
    expect(consent!.withdrawnAt).not.toBeNull();
    expect(await enqueueMail(api.database.db, mail!)).toBe('refused');
    // Twice is the same.
    expect((await fetch(url!, { method: 'POST', body: 'List-Unsubscribe=One-Click' })).status).toBe(
      200,
    );
  });

  it('cancels a written marketing mail whose opt-in was withdrawn before it went', async () => {
    const token = await optIn();
    // Held back a minute, so that no run of the host's own jobs sends it before the
    // withdrawal (the outbox delivers a due mail at once).
    expect(await enqueueMail(api.database.db, (await news())!, { delaySeconds: 60 })).toBe(
      'queued',
    );
    const withdrawn = await post('/api/privacy/my-data/consent', { token, given: false });
    expect(withdrawn.status).toBe(200);
    const before = (await mailFiles(api.env.DATA_DIR)).length;
    await api.runJobs(new Date(Date.now() + 120_000));
    expect((await mailFiles(api.env.DATA_DIR)).length).toBe(before);
    const [row] = await api.database.db.select().from(outbox).where(eq(outbox.kind, 'mail'));
    expect(row).toMatchObject({
      status: 'cancelled',
      lastError: 'No standing opt-in to marketing mail',
    });
  });

  it('refuses marketing mail to an address that objected, opt-in or not', async () => {
    await optIn();
    await objectToProcessing(api.database.db, EMAIL);
    expect(await enqueueMail(api.database.db, { ...NEWS, kind: 'marketing' })).toBe('refused');
  });

  it('takes no unsubscribe with a wrong signature', async () => {
    await optIn();
    const mail = (await news())!;
    const url = new URL(/<([^>]+)>/.exec(mail.headers!['List-Unsubscribe']!)![1]!);
    url.searchParams.set('signature', 'x'.repeat(43));
    expect((await fetch(url, { method: 'POST', body: 'List-Unsubscribe=One-Click' })).status).toBe(
      404,
    );
    const [consent] = await api.database.db.select().from(consents);
    expect(consent!.withdrawnAt).toBeNull();
  });
});

describe('in the privacy centre', () => {
  it('records the consent with its wording version and time, and withdraws it', async () => {
    const token = await optIn();
    const view = async () =>
      (await (await api.get(`/api/privacy/my-data?token=${token}`)).json()) as {
        consents: { what: string; version: string; givenAt: string; withdrawnAt: string | null }[];
        newsConsent: { standing: boolean };
      };
    const given = await view();
    expect(given.newsConsent.standing).toBe(true);
    expect(given.consents).toHaveLength(1);
    expect(given.consents[0]).toMatchObject({
      what: NEWS_CONSENT.wording,
      version: NEWS_CONSENT.version,
      withdrawnAt: null,
    });
    expect(Date.parse(given.consents[0]!.givenAt)).toBeGreaterThan(Date.now() - 60_000);
    await post('/api/privacy/my-data/consent', { token, given: false });
    const withdrawn = await view();
    expect(withdrawn.newsConsent.standing).toBe(false);
    expect(withdrawn.consents[0]!.withdrawnAt).not.toBeNull();
    // Given again: a new row, the history kept.
    await post('/api/privacy/my-data/consent', { token, given: true });
    expect((await view()).consents).toHaveLength(2);
  });
});
