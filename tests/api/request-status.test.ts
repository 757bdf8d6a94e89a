/**
 * A request that is followed through. It gets a reference, its
 * customer is mailed the brief and a private link to its status page (whose opening
 * confirms the address), its provider is told at once and the request is marked seen
 * when the dashboard shows it; the status page answers the timeline, the responses, and
 * lets the customer cancel with a reason (the provider is told).
 */
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { customerEnquiries, enquiryEvents, rateLimits } from '../../db/schema.ts';
import { requestReference } from '../../src/lib/request-reference.ts';
import { REQUEST_STATUS_MESSAGES } from '../../src/lib/schemas/request-status.ts';
import { adminSession, createTestAdmin } from '../helpers/admin-fixtures.ts';
import { okJson, sendAs, sendJson } from '../helpers/api-fixtures.ts';
import { insertProvider, insertUbuntuSecurity, validEnquiryBody } from '../helpers/builders.ts';
import { enquiryRow } from '../helpers/enquiry-fixtures.ts';
import { expectError, expectFieldError } from '../helpers/error-answer.ts';
import { linkIn, watchOutbox, type OutboxMail } from '../helpers/outbox.ts';
import { providerSession } from '../helpers/provider-fixtures.ts';
import { asProvider, customerPost } from '../helpers/quote-fixtures.ts';
import { useTestApi } from '../helpers/test-api.ts';

const api = useTestApi();
let provider: { id: number; name: string; email: string };
beforeEach(async () => {
  await api.database.reset();
  provider = await insertUbuntuSecurity(api.database.db, { services: ['cctv', 'alarms'] });
});

interface Status {
  reference: string;
  status: string;
  provider: { id: number; name: string } | null;
  service: { id: string; name: string };
  location: string;
  description: string;
  timeline: { kind: string; at: string; detail?: string }[];
  responses: { text: string; at: string }[];
  canCancel: boolean;
  reviewUrl: string | null;
}

/** Sends a request and answers its id, the form's answer and the mails it wrote. */
async function sendRequest(overrides: Record<string, unknown> = {}) {
  await api.database.db.delete(rateLimits);
  const mailbox = await watchOutbox(api);
  const answer = await okJson<{ id: number; reference: string; message: string }>(
    sendJson(api, 'POST', '/api/enquiries', validEnquiryBody(provider.id, overrides)),
    201,
  );
  const mails = await mailbox.newMails();
  const customerMail = mails.find((mail) => mail.subject.startsWith('Your request'));
  const token =
    customerMail && linkIn(customerMail.text, '/request?token=')?.searchParams.get('token');
  return { answer, mails, customerMail, token: token ?? '' };
}

const status = (token: string) =>
  api.get(`/api/requests/status?token=${encodeURIComponent(token)}`);
const statusOf = (token: string) => okJson<Status>(status(token));
const post = (path: string, body: unknown) => customerPost(api, path, body);
const respond = async (id: number, providerResponse: string, state: string) =>
  asProvider(api, provider.id, 'PUT', `/api/provider/enquiries/${id}/response`, {
    providerResponse,
    status: state,
  });

describe('a new request', () => {
  it('answers its reference and says truly who receives it', async () => {
    const { answer } = await sendRequest();
    const row = await enquiryRow(api, answer.id);
    const reference = requestReference(answer.id, row.createdAt);
    expect(reference).toMatch(/^VP-\d{2}-\d{6}$/);
    expect(answer.reference).toBe(reference);
    expect(answer.message).toBe(
      `Your request ${reference} has been sent to Ubuntu Security Solutions. We have e-mailed you a link to follow it.`,
    );
  });

  it('mails the customer the reference, the brief, who answers and the status link, and tells the provider', async () => {
    const { answer, mails, customerMail, token } = await sendRequest();
    expect(customerMail?.to).toBe('thandi@example.co.za');
    expect(customerMail?.subject).toBe(
      `Your request ${answer.reference} was sent to Ubuntu Security Solutions`,
    );
    for (const part of [
      'Sandton',
      'Four outdoor cameras for a house',
      'R5,000 - R10,000',
      'High',
    ]) {
      expect(customerMail?.text).toContain(part);
    }
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const providerMail = mails.find((mail: OutboxMail) => mail.to === provider.email);
    expect(providerMail?.subject).toBe(
      `New request ${answer.reference}: CCTV Installations & Repairs in Sandton`,
    );
    expect(providerMail?.text).toContain(`${api.url}/dashboard?enquiry=${answer.id}`);
    expect(providerMail?.text).toContain('Four outdoor cameras for a house');
  });

  it('says nothing of a mail it did not write (an address past its mails for the day)', async () => {
    for (let i = 0; i < 3; i++) await sendRequest();
    const { answer, customerMail } = await sendRequest();
    expect(customerMail).toBeUndefined();
    expect(answer.message).toBe(
      `Your request ${answer.reference} has been sent to Ubuntu Security Solutions.`,
    );
  });
});

describe('the status page', () => {
  it('shows the brief, who answers and the timeline; nothing private', async () => {
    const { answer, token } = await sendRequest();
    const page = await status(token);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    const body = (await page.json()) as Status & Record<string, unknown>;
    expect(body).toMatchObject({
      reference: answer.reference,
      status: 'new',
      provider: { id: provider.id, name: 'Ubuntu Security Solutions' },
      service: { id: 'cctv', name: 'CCTV Installations & Repairs' },
      location: 'Sandton',
      canCancel: true,
      reviewUrl: null,
      responses: [],
    });
    expect(body.timeline.map((event) => event.kind)).toEqual(['sent']);
    for (const secret of [
      'adminNotes',
      'providerNotes',
      'clientAddress',
      'customerEmail',
      'statusTokenHash',
    ]) {
      expect(body).not.toHaveProperty(secret);
    }
  });

  it('confirms the address once opened (the page posts its token)', async () => {
    const { answer, token } = await sendRequest();
    expect((await enquiryRow(api, answer.id)).emailConfirmedAt).toBeNull();
    await okJson(post('/api/requests/confirm', { token }));
    expect((await enquiryRow(api, answer.id)).emailConfirmedAt).toBeInstanceOf(Date);
  });

  it('follows the provider: seen when its dashboard shows the request, then its responses and the review link', async () => {
    const { answer, token } = await sendRequest();
    await okJson(post('/api/requests/confirm', { token }));
    const session = await providerSession(api, provider.id);
    // Another provider's dashboard cannot mark it seen.
    const other = await insertProvider(api.database.db, { email: 'other@example.co.za' });
    const otherSeen = await okJson<{ seen: number }>(
      sendAs(api, await providerSession(api, other.id), 'POST', '/api/provider/enquiries/seen', {
        ids: [answer.id],
      }),
    );
    expect(otherSeen.seen).toBe(0);
    expect((await statusOf(token)).timeline.map((e) => e.kind)).toEqual(['sent']);

    const seen = await okJson<{ seen: number }>(
      sendAs(api, session, 'POST', '/api/provider/enquiries/seen', { ids: [answer.id] }),
    );
    expect(seen.seen).toBe(1);
    // Seen once: a second showing changes nothing.
    await okJson(
      sendAs(api, session, 'POST', '/api/provider/enquiries/seen', { ids: [answer.id] }),
    );
    expect((await statusOf(token)).timeline.map((e) => e.kind)).toEqual(['sent', 'seen']);

    expect((await respond(answer.id, 'We can come on Monday at 9:00.', 'in_progress')).status).toBe(
      200,
    );
    expect((await respond(answer.id, 'Done: four cameras, app set up.', 'completed')).status).toBe(
      200,
    );
    const done = await statusOf(token);
    expect(done.timeline.map((e) => e.kind)).toEqual([
      'sent',
      'seen',
      'responded',
      'in_progress',
      'responded',
      'completed',
    ]);
    expect(done.responses.map((r) => r.text)).toEqual([
      'We can come on Monday at 9:00.',
      'Done: four cameras, app set up.',
    ]);
    expect(done).toMatchObject({ status: 'completed', canCancel: false });
    expect(done.reviewUrl).toMatch(new RegExp(`^${api.url}/review\\?token=`));
  });

  it('every later mail to the customer carries a link of its own to the same status page', async () => {
    const { answer, token } = await sendRequest();
    await okJson(post('/api/requests/confirm', { token }));
    const later = await watchOutbox(api);
    expect((await respond(answer.id, 'We can come on Monday at 9:00.', 'in_progress')).status).toBe(
      200,
    );
    expect((await respond(answer.id, 'Done: four cameras, app set up.', 'completed')).status).toBe(
      200,
    );
    await api.runJobs();
    const toCustomer = (await later.newMails()).filter((mail) =>
      mail.to.includes('thandi@example.co.za'),
    );
    // The first response's mail, and the review invitation (the second response waits for
    // the hour: one response mail an hour). In any order: mails written in the same
    // millisecond have none.
    expect(toCustomer.map((mail) => mail.subject).toSorted()).toEqual([
      'How did Ubuntu Security Solutions do?',
      'Ubuntu Security Solutions responded to your CCTV Installations & Repairs request',
    ]);
    const tokens = toCustomer.map(
      (mail) => linkIn(mail.text, '/request?token=')?.searchParams.get('token') ?? '',
    );
    expect(new Set([token, ...tokens]).size).toBe(3);
    for (const link of tokens) {
      expect((await statusOf(link)).reference).toBe(answer.reference);
    }
    // A later link closes with the request, as the first does.
    await api.database.db
      .update(customerEnquiries)
      .set({ closedAt: sql`now() - interval '31 days'` })
      .where(eq(customerEnquiries.id, answer.id));
    await expectError(await status(tokens[0]!), 410, REQUEST_STATUS_MESSAGES.expired);
  });

  it("notes the enquiry desk's status changes too", async () => {
    const { answer, token } = await sendRequest();
    const admin = await adminSession(api, (await createTestAdmin(api)).id);
    await okJson(
      sendAs(api, admin, 'PUT', `/api/admin/enquiries/${answer.id}`, { status: 'in_progress' }),
    );
    expect((await statusOf(token)).timeline.map((e) => e.kind)).toEqual(['sent', 'in_progress']);
  });

  it('answers 400 to a token no request has, and 410 a month after the request closed', async () => {
    const { answer, token } = await sendRequest();
    for (const bad of ['x'.repeat(43), `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`]) {
      await expectError(await status(bad), 400, REQUEST_STATUS_MESSAGES.invalid);
    }
    await expectError(await status('short'), 400, REQUEST_STATUS_MESSAGES.invalid);
    await api.database.db
      .update(customerEnquiries)
      .set({ status: 'completed' })
      .where(eq(customerEnquiries.id, answer.id));
    await statusOf(token); // Closed today: still open.
    await api.database.db
      .update(customerEnquiries)
      .set({ closedAt: sql`now() - interval '31 days'` })
      .where(eq(customerEnquiries.id, answer.id));
    await expectError(await status(token), 410, REQUEST_STATUS_MESSAGES.expired);
    await expectError(
      await post('/api/requests/cancel', { token, reason: 'Late.' }),
      410,
      REQUEST_STATUS_MESSAGES.expired,
    );
  });
});

describe('cancelling from the status page', () => {
  it('closes the request with the reason and tells the provider; a second cancel is refused (409)', async () => {
    const { answer, token } = await sendRequest();
    const mailbox = await watchOutbox(api);
    const cancelled = await okJson<{ message: string }>(
      post('/api/requests/cancel', { token, reason: '  We found someone closer.  ' }),
    );
    expect(cancelled.message).toBe('Your request is cancelled. The provider has been told.');
    const row = await enquiryRow(api, answer.id);
    expect(row).toMatchObject({ status: 'cancelled', cancelReason: 'We found someone closer.' });
    expect(row.closedAt).toBeInstanceOf(Date);
    const [mail] = (await mailbox.newMails()).filter((m) => m.to === provider.email);
    expect(mail?.subject).toBe(`Request ${answer.reference} was cancelled by the customer`);
    expect(mail?.text).toContain('We found someone closer.');

    const page = await statusOf(token);
    expect(page).toMatchObject({ status: 'cancelled', canCancel: false });
    expect(page.timeline.at(-1)).toMatchObject({
      kind: 'cancelled',
      detail: 'We found someone closer.',
    });

    await expectError(
      await post('/api/requests/cancel', { token, reason: 'Again.' }),
      409,
      REQUEST_STATUS_MESSAGES.closed,
    );
  });

  it('refuses a completed request (409), a missing reason and a bad token (400), changing nothing', async () => {
    const { answer, token } = await sendRequest();
    await expectFieldError(
      await post('/api/requests/cancel', { token, reason: '   ' }),
      'reason',
      REQUEST_STATUS_MESSAGES.reasonRequired,
    );
    await expectError(
      await post('/api/requests/cancel', { token: 'y'.repeat(43), reason: 'No.' }),
      400,
      REQUEST_STATUS_MESSAGES.invalid,
    );
    expect((await respond(answer.id, 'All done.', 'completed')).status).toBe(200);
    const events = await api.database.db
      .select()
      .from(enquiryEvents)
      .where(eq(enquiryEvents.enquiryId, answer.id));
    await expectError(
      await post('/api/requests/cancel', { token, reason: 'Too late.' }),
      409,
      REQUEST_STATUS_MESSAGES.closed,
    );
    expect((await enquiryRow(api, answer.id)).status).toBe('completed');
    expect(
      await api.database.db
        .select()
        .from(enquiryEvents)
        .where(eq(enquiryEvents.enquiryId, answer.id)),
    ).toEqual(events);
  });
});
