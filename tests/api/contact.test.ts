/**
 * An operator you can reach: POST /api/contact stores a visitor's message, mails it to
 * the company's e-mail address (the sender as Reply-To) and the sender a copy with its
 * reference, through the outbox; limited per connection and per address. Locally, with
 * no company e-mail configured, the operator's mail goes to the active admins.
 */
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contactMessages, outbox, rateLimits } from '../../db/schema.ts';
import { RATE_LIMITS } from '../../src/api/rate-limits/hit-rate-limit.ts';
import { createTestAdmin } from '../helpers/admin-fixtures.ts';
import { okJson, sendJson } from '../helpers/api-fixtures.ts';
import { expectError, expectFieldError } from '../helpers/error-answer.ts';
import { watchOutbox } from '../helpers/outbox.ts';
import { startTestApi, type TestApi } from '../helpers/test-api.ts';

const COMPANY_EMAIL = 'hello@operator.example.org';

let api: TestApi;
beforeAll(async () => {
  // The company is read from the environment when the app is made (PUBLIC_COMPANY_*).
  const saved = process.env.PUBLIC_COMPANY_EMAIL;
  process.env.PUBLIC_COMPANY_EMAIL = COMPANY_EMAIL;
  try {
    api = await startTestApi();
  } finally {
    if (saved === undefined) delete process.env.PUBLIC_COMPANY_EMAIL;
    else process.env.PUBLIC_COMPANY_EMAIL = saved;
  }
});
afterAll(() => api.close());
beforeEach(() => api.database.reset());

let senders = 0;
const message = (overrides: Record<string, unknown> = {}) => ({
  name: 'Lerato Mokoena',
  email: `lerato${++senders}@example.com`,
  topic: 'service-request',
  message: 'I sent a request on Monday and nobody has answered. Can you help?',
  ...overrides,
});

const send = (body: unknown) => sendJson(api, 'POST', '/api/contact', body);

interface Sent {
  reference: string;
  message: string;
}

describe('POST /api/contact', () => {
  it('stores the message, mails it to the company with the sender as Reply-To, and the sender a copy with the reference', async () => {
    const mailbox = await watchOutbox(api);
    const body = message({ email: '  Lerato@Example.com ', name: ' Lerato Mokoena ' });
    const answer = await okJson<Sent>(send(body), 201);
    expect(answer.reference).toMatch(/^MSG-\d{2}-\d{6}$/);
    expect(answer.message).toBe(
      `We have your message. Your reference is ${answer.reference}, and a copy is on its way to lerato@example.com.`,
    );

    const rows = await api.database.db.select().from(contactMessages);
    expect(rows).toEqual([
      expect.objectContaining({
        name: 'Lerato Mokoena',
        email: 'lerato@example.com',
        topic: 'service-request',
        message: body.message,
        clientAddress: '127.0.0.1',
      }),
    ]);
    expect(answer.reference).toBe(
      `MSG-${answer.reference.slice(4, 6)}-${String(rows[0]!.id).padStart(6, '0')}`,
    );

    const mails = await mailbox.newMails();
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [COMPANY_EMAIL, `${answer.reference}: A service request I sent, from Lerato Mokoena`],
      ['lerato@example.com', `We received your message ${answer.reference}`],
    ]);
    const [toOperator, copy] = mails;
    expect(toOperator!.text).toContain('Lerato Mokoena <lerato@example.com>');
    expect(toOperator!.text).toContain(body.message);
    expect(copy!.text).toContain(`Your reference is ${answer.reference}`);
    expect(copy!.text).toContain(body.message);
    expect(copy!.text).toContain(`You can also write to us at ${COMPANY_EMAIL}.`);
    const payloads = await api.database.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .orderBy(asc(outbox.id));
    expect(payloads.map(({ payload }) => (payload as { replyTo?: string }).replyTo)).toEqual([
      'lerato@example.com',
      undefined,
    ]);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['no name', { name: '  ' }, 'name', 'Please enter your name'],
    ['a bad e-mail address', { email: 'lerato@' }, 'email', 'Please enter a valid email address'],
    ['an unknown topic', { topic: 'gossip' }, 'topic', 'Please choose what your message is about'],
    ['a message too short', { message: 'Help' }, 'message', 'Please write at least 10 characters'],
    ['a message too long', { message: 'x'.repeat(4001) }, 'message', 'At most 4000 characters'],
    ['a name too long', { name: 'n'.repeat(101) }, 'name', 'At most 100 characters'],
  ])('refuses %s (400), storing and mailing nothing', async (_, overrides, field, text) => {
    const mailbox = await watchOutbox(api);
    await expectFieldError(await send(message(overrides)), field, text);
    expect(await api.database.db.select().from(contactMessages)).toEqual([]);
    expect(await mailbox.newMails()).toEqual([]);
  });

  it('limits messages per connection, and copies to one address per day', async () => {
    for (let i = 0; i < RATE_LIMITS.contactPerEmail.max; i++) {
      await okJson(send(message({ email: 'same@example.com' })), 201);
    }
    await expectError(
      await send(message({ email: 'same@example.com' })),
      429,
      RATE_LIMITS.contactPerEmail.message,
    );
    await api.database.db.delete(rateLimits);
    for (let i = 0; i < RATE_LIMITS.contact.max; i++) await okJson(send(message()), 201);
    const refused = await send(message());
    await expectError(refused, 429, RATE_LIMITS.contact.message);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Invalid attempts count too: the limit is against floods.
    await api.database.db.delete(rateLimits);
    for (let i = 0; i < RATE_LIMITS.contact.max; i++) await send({});
    await expectError(await send(message()), 429, RATE_LIMITS.contact.message);
    expect(await api.database.db.select().from(contactMessages)).toHaveLength(
      RATE_LIMITS.contactPerEmail.max + RATE_LIMITS.contact.max,
    );
  });
});

describe('POST /api/contact without a company e-mail (a local start)', () => {
  let local: TestApi;
  beforeAll(async () => {
    const saved = process.env.PUBLIC_COMPANY_EMAIL;
    delete process.env.PUBLIC_COMPANY_EMAIL;
    try {
      local = await startTestApi();
    } finally {
      if (saved !== undefined) process.env.PUBLIC_COMPANY_EMAIL = saved;
    }
  });
  afterAll(() => local.close());

  it("mails the operator's copy to the active admins", async () => {
    const admin = await createTestAdmin(local);
    await createTestAdmin(local, { isActive: false });
    const mailbox = await watchOutbox(local);
    const answer = await okJson<Sent>(
      sendJson(
        local,
        'POST',
        '/api/contact',
        message({ email: 'thabo@example.com', topic: 'other' }),
      ),
      201,
    );
    const mails = await mailbox.newMails();
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [admin.email, `${answer.reference}: Something else, from Lerato Mokoena`],
      ['thabo@example.com', `We received your message ${answer.reference}`],
    ]);
    expect(mails[1]!.text).not.toContain('You can also write to us at');
  });
});
