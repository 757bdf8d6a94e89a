import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { customerEnquiries, outbox, rateLimits } from '../../db/schema.ts';
import { RATE_LIMITS } from '../../src/api/rate-limits/hit-rate-limit.ts';
import { requestReference } from '../../src/lib/request-reference.ts';
import { ENQUIRY_LIMITS } from '../../src/lib/schemas/enquiry.ts';
import { adminSession, createTestAdmin } from '../helpers/admin-fixtures.ts';
import { sendJson } from '../helpers/api-fixtures.ts';
import { bearer, FOREIGN_KEY, tamperPayload, tamperSignature } from '../helpers/auth-fixtures.ts';
import { insertProvider, validEnquiryBody } from '../helpers/builders.ts';
import { ENQUIRY_FIELD_ERRORS, type EnquiryFieldError } from '../helpers/enquiry-field-errors.ts';
import {
  confirmationToken,
  confirmEnquiryEmail,
  enquiryRow,
  postConfirmation,
} from '../helpers/enquiry-fixtures.ts';
import { expectError, expectFieldError } from '../helpers/error-answer.ts';
import { linkIn, readOutbox, watchOutbox, type OutboxMail } from '../helpers/outbox.ts';
import { providerSession } from '../helpers/provider-fixtures.ts';
import { expectRecent } from '../helpers/recent-time.ts';
import { resetAfterDeliveries, startTestApi, useTestApi } from '../helpers/test-api.ts';
import { postgresOnly } from '../helpers/test-database.ts';

// Every request of this file comes from 127.0.0.1, and RATE_LIMITS.enquiry allows five
// attempts per client: each test stays below that, apart from the rate-limit tests, and
// reset() in beforeEach empties the counters.
const api = useTestApi();

/** An approved provider offering cctv and alarms, fresh for each test. */
let providerId: number;
beforeEach(async () => {
  await resetAfterDeliveries(api);
  providerId = (await insertProvider(api.database.db, { services: ['cctv', 'alarms'] })).id;
});

/** A complete, valid request for the provider; `undefined` in the overrides leaves a field out. */
const validBody = (overrides: Record<string, unknown> = {}) =>
  validEnquiryBody(providerId, overrides);

/** POST /api/enquiries; an object is sent as JSON, a string as it is. */
function postEnquiry(body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return api.request('/api/enquiries', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

function storedEnquiries() {
  return api.database.db.select().from(customerEnquiries).orderBy(asc(customerEnquiries.id));
}

async function enquiryCount(): Promise<number> {
  return (await storedEnquiries()).length;
}

describe('POST /api/enquiries: a valid request', () => {
  it('answers 201 with the new id and stores the enquiry with status new', async () => {
    const response = await postEnquiry(validBody());
    expect(response.status).toBe(201);
    const body = (await response.json()) as { id: unknown; message: unknown; mailed: unknown };
    expect(typeof body.id).toBe('number');
    expect(typeof body.message).toBe('string');
    // The form's sent state says where the link to the request's page went.
    expect(body.mailed).toBe(true);

    const rows = await storedEnquiries();
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    // Stored as sent.
    expect(row).toMatchObject({
      id: body.id,
      ...validBody(),
      status: 'new',
      assignedProviderId: providerId,
      adminNotes: null,
      providerResponse: null,
      respondedAt: null,
    });
    expectRecent(row.createdAt);
  });

  it('trims the name, location, description and phone, and lower-cases the e-mail', async () => {
    const response = await postEnquiry(
      validBody({
        customerName: '  Thandi Nkosi \n',
        customerEmail: '  Thandi.Nkosi@Example.CO.ZA ',
        customerPhone: ' 011 555 0000 ',
        location: '\tCape Town  ',
        description: '  Alarm with armed response.  ',
      }),
    );
    expect(response.status).toBe(201);
    const [row] = await storedEnquiries();
    expect(row).toMatchObject({
      customerName: 'Thandi Nkosi',
      customerEmail: 'thandi.nkosi@example.co.za',
      customerPhone: '011 555 0000',
      location: 'Cape Town',
      description: 'Alarm with armed response.',
    });
  });

  it("stores urgency 'medium' when none is given", async () => {
    const response = await postEnquiry(validBody({ urgency: undefined }));
    expect(response.status).toBe(201);
    const [row] = await storedEnquiries();
    expect(row?.urgency).toBe('medium');
  });

  it('stores phone and budget as null when they are sent as empty strings', async () => {
    const response = await postEnquiry(validBody({ customerPhone: '', budget: '' }));
    expect(response.status).toBe(201);
    const [row] = await storedEnquiries();
    expect(row).toMatchObject({ customerPhone: null, budget: null });
  });

  it('stores phone and budget as null when they are left out or blank', async () => {
    expect(
      (await postEnquiry(validBody({ customerPhone: undefined, budget: undefined }))).status,
    ).toBe(201);
    expect((await postEnquiry(validBody({ customerPhone: '   ', budget: ' ' }))).status).toBe(201);
    const rows = await storedEnquiries();
    expect(rows.map((r) => [r.customerPhone, r.budget])).toEqual([
      [null, null],
      [null, null],
    ]);
  });

  it('accepts the provider id as a numeric string, as a form sends it', async () => {
    const response = await postEnquiry(validBody({ assignedProviderId: String(providerId) }));
    expect(response.status).toBe(201);
    const [row] = await storedEnquiries();
    expect(row?.assignedProviderId).toBe(providerId);
  });

  it('accepts a service the provider offers besides its first one', async () => {
    const response = await postEnquiry(validBody({ serviceType: 'alarms' }));
    expect(response.status).toBe(201);
    const [row] = await storedEnquiries();
    expect(row?.serviceType).toBe('alarms');
  });

  it('accepts an empty honeypot field', async () => {
    const response = await postEnquiry(validBody({ website: '' }));
    expect(response.status).toBe(201);
    expect(await enquiryCount()).toBe(1);
  });
});

describe('POST /api/enquiries: invalid fields', () => {
  it.each<EnquiryFieldError>([
    ...ENQUIRY_FIELD_ERRORS,
    [
      'customerName over 100 characters',
      { customerName: 'N'.repeat(ENQUIRY_LIMITS.name + 1) },
      'customerName',
      'Name must be at most 100 characters',
    ],
    [
      'customerEmail invalid',
      { customerEmail: 'thandi-at-example.co.za' },
      'customerEmail',
      'Please enter a valid email address',
    ],
    ['location blank', { location: '  ' }, 'location', 'Please enter the service location'],
    ['description blank', { description: ' \n ' }, 'description', 'Please describe your project'],
    [
      'description over 2000 characters',
      { description: 'd'.repeat(ENQUIRY_LIMITS.description + 1) },
      'description',
      'Description must be at most 2000 characters',
    ],
  ])(
    '%s answers 400 with the field error and stores nothing',
    async (_, overrides, field, message) => {
      const response = await postEnquiry(validBody(overrides));
      const body = await expectFieldError(response, field, message);
      expect(Object.keys(body.errors ?? {})).toEqual([field]);
      expect(await enquiryCount()).toBe(0);
    },
  );

  it('names every invalid field at once', async () => {
    const response = await postEnquiry(
      validBody({ customerName: '', customerEmail: 'nope', serviceType: 'laser' }),
    );
    const body = await expectError(response, 400);
    expect(body.errors).toEqual({
      customerName: 'Please enter your name',
      customerEmail: 'Please enter a valid email address',
      serviceType: 'Please select a service type',
    });
    expect(await enquiryCount()).toBe(0);
  });
});

describe('POST /api/enquiries: the chosen provider', () => {
  it('answers 400 for a provider id that does not exist', async () => {
    const response = await postEnquiry(validBody({ assignedProviderId: providerId + 1000 }));
    await expectFieldError(response, 'assignedProviderId', 'This provider is not available');
    expect(await enquiryCount()).toBe(0);
  });

  it('answers 400 for a provider that is not approved', async () => {
    const hidden = await insertProvider(api.database.db, {
      services: ['cctv'],
      isApproved: false,
    });
    const response = await postEnquiry(validBody({ assignedProviderId: hidden.id }));
    await expectFieldError(response, 'assignedProviderId', 'This provider is not available');
    expect(await enquiryCount()).toBe(0);
  });

  it('answers 400 on serviceType for a provider that does not offer the service', async () => {
    const response = await postEnquiry(validBody({ serviceType: 'ndi' }));
    await expectFieldError(response, 'serviceType', 'This provider does not offer that service');
    expect(await enquiryCount()).toBe(0);
  });
});

describe('POST /api/enquiries: rejected bodies', () => {
  it('answers 400 and stores nothing when the honeypot field is filled', async () => {
    const response = await postEnquiry(validBody({ website: 'https://spam.example.com' }));
    await expectFieldError(response, 'website', 'This submission looks automated');
    expect(await enquiryCount()).toBe(0);
  });

  it.each([
    ['broken JSON', '{"customerName": "Thandi",'],
    ['plain text', 'Please call me about cameras'],
    ['an empty body', ''],
  ])('answers 400 JSON for %s', async (_, text) => {
    const response = await postEnquiry(text);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({ message: 'The request body must be JSON' });
    expect(await enquiryCount()).toBe(0);
  });

  it.each([
    ['null', 'null'],
    ['an array', '[]'],
    ['a string', '"hello"'],
  ])('answers 400 JSON for a JSON body that is %s', async (_, text) => {
    await expectError(await postEnquiry(text), 400);
    expect(await enquiryCount()).toBe(0);
  });

  it('answers 413 JSON for a body over 64 KB', async () => {
    const description = 'x'.repeat(64 * 1024);
    const response = await postEnquiry(validBody({ description }));
    expect(response.status).toBe(413);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({ message: 'The request body is too large' });
    expect(await enquiryCount()).toBe(0);
  });

  it('answers 413 JSON for a body over 64 KB sent without Content-Length', async () => {
    const bytes = new TextEncoder().encode(
      JSON.stringify(validBody({ description: 'x'.repeat(70 * 1024) })),
    );
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 8 * 1024) {
          controller.enqueue(bytes.subarray(i, i + 8 * 1024));
        }
        controller.close();
      },
    });
    const response = await api.request('/api/enquiries', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'The request body is too large' });
    expect(await enquiryCount()).toBe(0);
  });
});

describe('POST /api/enquiries: rate limit', () => {
  const { max, message } = RATE_LIMITS.enquiry;

  it('answers 429 to the sixth attempt from one client and stores nothing more', async () => {
    expect(max).toBe(5);
    for (let i = 1; i <= max; i++) {
      const response = await postEnquiry(validBody({ customerName: `Customer ${i}` }));
      expect(response.status).toBe(201);
    }
    expect(await enquiryCount()).toBe(max);

    const response = await postEnquiry(validBody({ customerName: 'One too many' }));
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const body = await expectError(response, 429, message);
    expect(body.message).toMatch(/too many/i);
    expect(await enquiryCount()).toBe(max);
  });

  it('counts invalid attempts too', async () => {
    for (let i = 1; i <= max; i++) {
      const response = await postEnquiry(validBody({ customerEmail: 'not-an-email' }));
      expect(response.status).toBe(400);
    }
    await expectError(await postEnquiry(validBody()), 429, message);
    expect(await enquiryCount()).toBe(0);
  });

  it('counts bodies that are not JSON, and keeps refusing after the limit', async () => {
    for (let i = 1; i <= max; i++) {
      expect((await postEnquiry('not json')).status).toBe(400);
    }
    expect((await postEnquiry(validBody())).status).toBe(429);
    expect((await postEnquiry(validBody())).status).toBe(429);
    expect(await enquiryCount()).toBe(0);
  });

  it('starts every test with empty counters (reset() clears them)', async () => {
    const response = await postEnquiry(validBody());
    expect(response.status).toBe(201);
  });
});

describe('POST /api/enquiries: caching and stats', () => {
  it('answers with Cache-Control: private, no-store, on success and on error', async () => {
    const created = await postEnquiry(validBody());
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('private, no-store');

    const invalid = await postEnquiry(validBody({ serviceType: 'laser' }));
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get('cache-control')).toBe('private, no-store');

    const unavailable = await postEnquiry(validBody({ assignedProviderId: providerId + 1000 }));
    expect(unavailable.status).toBe(400);
    expect(unavailable.headers.get('cache-control')).toBe('private, no-store');

    const notJson = await postEnquiry('not json');
    expect(notJson.status).toBe(400);
    expect(notJson.headers.get('cache-control')).toBe('private, no-store');
  });

  it('raises totalEnquiries of /api/stats by one after a valid request', async () => {
    const totalEnquiries = async () => {
      const response = await api.get('/api/stats');
      expect(response.status).toBe(200);
      return ((await response.json()) as { totalEnquiries: number }).totalEnquiries;
    };
    const before = await totalEnquiries();
    expect((await postEnquiry(validBody())).status).toBe(201);
    expect(await totalEnquiries()).toBe(before + 1);
  });

  it('leaves totalEnquiries unchanged after a rejected request', async () => {
    const response = await postEnquiry(validBody({ website: 'bot' }));
    expect(response.status).toBe(400);
    const stats = (await (await api.get('/api/stats')).json()) as { totalEnquiries: number };
    expect(stats.totalEnquiries).toBe(0);
  });
});

describe('POST /api/enquiries: rules found in review', () => {
  it('refuses a body that is not sent as JSON with 415 and stores nothing', async () => {
    const response = await postEnquiry(JSON.stringify(validBody()), {
      'content-type': 'text/plain',
    });
    expect((await expectError(response, 415)).message).toContain('JSON');
    expect(await enquiryCount()).toBe(0);
  });

  it('refuses control characters (NUL) with 400 instead of failing in the database', async () => {
    const response = await postEnquiry(validBody({ description: 'Four cameras\u0000' }));
    await expectFieldError(response, 'description', 'Please remove unusual characters');
    expect(await enquiryCount()).toBe(0);
  });

  it('refuses a phone number without enough digits', async () => {
    const response = await postEnquiry(validBody({ customerPhone: '-------' }));
    await expectFieldError(response, 'customerPhone', 'Please enter a valid phone number');
  });

  it('behind a trusted proxy limits by the address the proxy appended, not by what the client claims', async () => {
    const proxied = await startTestApi({ TRUST_PROXY: 'true' });
    try {
      const id = (await insertProvider(proxied.database.db, { services: ['cctv'] })).id;
      const statuses: number[] = [];
      for (let i = 0; i <= RATE_LIMITS.enquiry.max; i++) {
        const response = await proxied.request('/api/enquiries', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            // A made-up address each time, then the one our proxy saw.
            'x-forwarded-for': `10.0.0.${i}, 198.51.100.7`,
          },
          body: JSON.stringify(validBody({ assignedProviderId: id })),
        });
        statuses.push(response.status);
      }
      expect(statuses.slice(0, RATE_LIMITS.enquiry.max).every((s) => s === 201)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await proxied.close();
    }
  });

  // One household or host holds a whole IPv6 network: counted by address, a client that
  // picks a new one of its own addresses each time would never be limited.
  it('counts the addresses of one IPv6 /56 as one client, and an IPv4 client however written', async () => {
    const proxied = await startTestApi({ TRUST_PROXY: 'true' });
    try {
      const id = (await insertProvider(proxied.database.db, { services: ['cctv'] })).id;
      const from = async (address: string) =>
        (
          await sendJson(proxied, 'POST', '/api/enquiries', validBody({ assignedProviderId: id }), {
            'x-forwarded-for': address,
          })
        ).status;
      const { max } = RATE_LIMITS.enquiry;
      for (let i = 1; i <= max; i++) expect(await from(`2001:db8:aa:${i}::${i}`)).toBe(201);
      expect(await from('2001:db8:aa:ff:1234::1')).toBe(429);
      // The next /56 is another client.
      expect(await from('2001:db8:aa:100::1')).toBe(201);

      for (let i = 1; i < max; i++) expect(await from('::ffff:203.0.113.9')).toBe(201);
      expect(await from('203.0.113.9')).toBe(201);
      expect(await from('::ffff:cb00:7109')).toBe(429);
    } finally {
      await proxied.close();
    }
  });
});

// ---------------------------------------------------------------------------------------
// The customer's e-mail is confirmed by a mailed link, and nothing else is
// mailed to an unconfirmed address (no mail cannon).
// ---------------------------------------------------------------------------------------

const INVALID_CONFIRMATION =
  'This confirmation link is not valid. Please use the link from your e-mail.';
const EXPIRED_CONFIRMATION =
  'This confirmation link has expired: links work for 30 days. Please send your request again.';
const CONFIRMED = 'Thank you: your e-mail address is confirmed.';

/** The customer's mails of new requests, with their status-page links. */
const statusLinksIn = (mails: OutboxMail[]) =>
  mails.flatMap((mail) => {
    const link = linkIn(mail.text, '/request?token=');
    return link ? [{ mail, link }] : [];
  });
const customerMails = (mails: OutboxMail[]) =>
  mails.filter((mail) => mail.subject.startsWith('Your request '));

/** Sends a request as a visitor would and answers its id (the rate limit is forgotten first). */
/** The answers of the requests sendRequest sent, in order. */
let sentAnswers: { id: number; message: string; mailed: boolean }[] = [];

async function sendRequest(overrides: Record<string, unknown> = {}, headers = {}) {
  await api.database.db.delete(rateLimits);
  const response = await postEnquiry(validBody(overrides), headers);
  expect(response.status).toBe(201);
  const answer = (await response.json()) as { id: number; message: string; mailed: boolean };
  sentAnswers.push(answer);
  return answer.id;
}

describe('POST /api/enquiries: the confirmation of the customer’s e-mail', () => {
  it('stores where the request came from and mails the customer the link to its status page', async () => {
    const mailbox = await watchOutbox(api);
    const id = await sendRequest({ customerName: 'Thandi Nkosi' });
    const row = await enquiryRow(api, id);
    expect(row).toMatchObject({ emailConfirmedAt: null, senderProviderId: null });
    expect(row.clientAddress).toMatch(/127\.0\.0\.1/);

    const mails = customerMails(await mailbox.newMails());
    expect(mails).toHaveLength(1);
    const [{ mail, link }] = statusLinksIn(mails) as [{ mail: OutboxMail; link: URL }];
    expect(mail.to).toBe('thandi@example.co.za');
    expect(mail.subject).toMatch(/^Your request VP-\d{2}-\d{6} was sent to /);
    expect(mail.text).toContain('Hi Thandi Nkosi,');
    expect(link.origin).toBe(api.url);
    expect(link.pathname).toBe('/request');
    // Random: the token says nothing by itself, and only its hash is stored.
    const token = link.searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(row.statusTokenHash).not.toContain(token);
  });

  it('remembers the provider whose session cookie the browser carries, and ignores a bad one', async () => {
    const session = await providerSession(api, providerId);
    const signedIn = await sendRequest({}, { cookie: `vp_provider_session=${session}` });
    expect(await enquiryRow(api, signedIn)).toMatchObject({ senderProviderId: providerId });

    const admin = await createTestAdmin(api);
    const cases = [
      tamperSignature(session),
      tamperPayload(session, { sub: '999' }),
      await adminSession(api, admin.id),
      'not-a-token',
    ];
    for (const cookie of cases) {
      const id = await sendRequest({}, { cookie: `vp_provider_session=${cookie}` });
      expect(await enquiryRow(api, id)).toMatchObject({ senderProviderId: null });
    }
    const anonymous = await sendRequest();
    expect(await enquiryRow(api, anonymous)).toMatchObject({ senderProviderId: null });
  });

  it('mails one address at most 3 confirmations a day; further requests are stored, not mailed', async () => {
    const mailbox = await watchOutbox(api);
    const ids: number[] = [];
    sentAnswers = [];
    for (const email of [
      'target@example.co.za',
      'Target@Example.co.za',
      'target+2@example.co.za',
      'target+3@example.co.za',
      'TARGET@example.co.za',
    ]) {
      ids.push(await sendRequest({ customerEmail: email }));
    }
    expect(await enquiryCount()).toBe(5);
    const mails = customerMails(await mailbox.newMails());
    expect(mails).toHaveLength(3);
    // The answers say which were mailed, and the message promises no mail for the others.
    expect(sentAnswers.map((answer) => answer.mailed)).toEqual([true, true, true, false, false]);
    expect(sentAnswers[3]?.message).not.toMatch(/e-mailed/);
    const references = await Promise.all(
      ids.map(async (id) => requestReference(id, (await enquiryRow(api, id)).createdAt)),
    );
    // The first three, in any order: mails written in one millisecond have no order.
    expect(
      statusLinksIn(mails)
        .map(({ mail }) => mail.subject.split(' ')[2])
        .sort(),
    ).toEqual(references.slice(0, 3).sort());

    // Another address is not affected.
    const other = await watchOutbox(api);
    await sendRequest({ customerEmail: 'someone.else@example.co.za' });
    expect(customerMails(await other.newMails()).map((m) => m.to)).toEqual([
      'someone.else@example.co.za',
    ]);

    // A day later the address may be mailed again.
    await api.database.db.update(outbox).set({ createdAt: sql`now() - interval '25 hours'` });
    const later = await watchOutbox(api);
    await sendRequest({ customerEmail: 'target@example.co.za' });
    expect(customerMails(await later.newMails()).map((m) => m.to)).toEqual([
      'target@example.co.za',
    ]);
  });

  it('counts Gmail’s dot and googlemail variants of one address as that one mailbox', async () => {
    const mailbox = await watchOutbox(api);
    for (const email of [
      'thabo.nkosi@gmail.com',
      'thabonkosi@gmail.com',
      'T.h.a.b.o.Nkosi+quote@googlemail.com',
      'th.abonkosi@gmail.com',
    ]) {
      await sendRequest({ customerEmail: email });
    }
    expect(customerMails(await mailbox.newMails())).toHaveLength(3);
    // Dots still tell other providers' mailboxes apart.
    const other = await watchOutbox(api);
    await sendRequest({ customerEmail: 'thabo.nkosi@example.co.za' });
    await sendRequest({ customerEmail: 'thabonkosi@example.co.za' });
    expect(customerMails(await other.newMails())).toHaveLength(2);
  });

  it('confirms the same address’s unmailed requests with any one of its links', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(await sendRequest({ customerEmail: 'Busy@Example.co.za' }));
    const other = await sendRequest({ customerEmail: 'someone.else@example.co.za' });
    await confirmEnquiryEmail(api, ids[0]!);
    const rows = await api.database.db
      .select({ id: customerEnquiries.id, confirmedAt: customerEnquiries.emailConfirmedAt })
      .from(customerEnquiries)
      .orderBy(asc(customerEnquiries.id));
    expect(rows.filter((r) => r.confirmedAt !== null).map((r) => r.id)).toEqual(ids);
    expect(rows.find((r) => r.id === other)?.confirmedAt).toBeNull();
  });

  it('sends nothing and stores nothing for a rejected request', async () => {
    const mailbox = await watchOutbox(api);
    expect((await postEnquiry(validBody({ serviceType: 'laser' }))).status).toBe(400);
    expect(await mailbox.newMails()).toEqual([]);
    expect(await enquiryCount()).toBe(0);
  });
});

describe('POST /api/enquiries/confirm', () => {
  let id: number;
  beforeEach(async () => {
    id = await sendRequest();
  });

  it('confirms the e-mail with a link of the kind mailed before status pages, once (a second use answers the same)', async () => {
    const token = await confirmationToken(api, id);
    const response = await postConfirmation(api, token);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(await response.json()).toEqual({ message: CONFIRMED });
    const confirmed = await enquiryRow(api, id);
    expectRecent(confirmed.emailConfirmedAt);

    const again = await postConfirmation(api, token);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ message: CONFIRMED });
    expect((await enquiryRow(api, id)).emailConfirmedAt).toEqual(confirmed.emailConfirmedAt);
  });

  it('answers 400 to tampered, foreign and other tokens, 410 once expired, changing nothing', async () => {
    const second = await sendRequest({ customerEmail: 'second@example.co.za' });
    const valid = await confirmationToken(api, id);
    const cases: [string, unknown, number, string][] = [
      ['a changed signature', tamperSignature(valid), 400, INVALID_CONFIRMATION],
      ['a changed sub', tamperPayload(valid, { sub: String(second) }), 400, INVALID_CONFIRMATION],
      [
        'a longer validity',
        tamperPayload(valid, { exp: 9_999_999_999 }),
        400,
        INVALID_CONFIRMATION,
      ],
      [
        'another key',
        await confirmationToken(api, id, { key: FOREIGN_KEY }),
        400,
        INVALID_CONFIRMATION,
      ],
      [
        'a review link',
        await confirmationToken(api, id, { purpose: 'review' }),
        400,
        INVALID_CONFIRMATION,
      ],
      [
        'no purpose',
        await confirmationToken(api, id, { purpose: null }),
        400,
        INVALID_CONFIRMATION,
      ],
      ['a sub that is no id', await confirmationToken(api, 'abc'), 400, INVALID_CONFIRMATION],
      ['a provider session', await providerSession(api, providerId), 400, INVALID_CONFIRMATION],
      ['garbage', 'x'.repeat(40), 400, INVALID_CONFIRMATION],
      ['a short token', 'abc', 400, INVALID_CONFIRMATION],
      ['no token', {}, 400, INVALID_CONFIRMATION],
      ['a number', { token: 42 }, 400, INVALID_CONFIRMATION],
      ['expired', await confirmationToken(api, id, { expiresIn: -60 }), 410, EXPIRED_CONFIRMATION],
    ];
    const before = await storedEnquiries();
    for (const [what, token, status, message] of cases) {
      const response = await postConfirmation(api, token);
      expect({ what, status: response.status }).toEqual({ what, status });
      await expectError(response, status, message);
    }
    expect(await storedEnquiries()).toEqual(before);
    expect(before.every((row) => row.emailConfirmedAt === null)).toBe(true);
  });

  it('answers 404 for a request that no longer exists', async () => {
    const response = await postConfirmation(api, await confirmationToken(api, 999_999));
    await expectError(response, 404, 'This request no longer exists.');
  });
});

describe('provider responses: no mail cannon', () => {
  const respond = (enquiryId: number, text: string, session: string) =>
    api.request(`/api/provider/enquiries/${enquiryId}/response`, {
      method: 'PUT',
      headers: bearer(session),
      body: JSON.stringify({ providerResponse: text, status: 'in_progress' }),
    });

  it('50 responses to a stranger’s unconfirmed address mail the stranger nothing but the confirmation, and the limit answers 429', async () => {
    const stranger = 'stranger@example.co.za';
    const id = await sendRequest({ customerEmail: stranger });
    const session = await providerSession(api, providerId);
    const { max, message } = RATE_LIMITS.enquiryResponse;
    expect(max).toBe(30);

    const statuses: number[] = [];
    for (let i = 1; i <= 50; i++) {
      const response = await respond(id, `Response number ${i}`, session);
      statuses.push(response.status);
      if (response.status === 429) {
        await expectError(response, 429, message);
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(max);
    expect(statuses.slice(max).every((s) => s === 429)).toBe(true);
    // The responses are stored (the provider sees them), the last accepted one last.
    expect((await enquiryRow(api, id)).providerResponse).toBe(`Response number ${max}`);

    const mails = (await readOutbox(api)).filter((mail) => mail.to === stranger);
    expect(mails).toHaveLength(1);
    expect(statusLinksIn(mails)).toHaveLength(1);
  });

  it('mails a confirmed customer one response an hour at most', async () => {
    const id = await sendRequest({ customerEmail: 'lerato@example.co.za' });
    await confirmEnquiryEmail(api, id);
    const session = await providerSession(api, providerId);
    const mailbox = await watchOutbox(api);
    // The first response goes out (newMails runs the outbox: the background run kicked by
    // the response may not have taken it yet, and a newer response would replace it).
    expect((await respond(id, 'Response number 1', session)).status).toBe(200);
    const first = await mailbox.newMails();
    expect(first.map((m) => m.to)).toEqual(['lerato@example.co.za']);
    expect(first[0]!.text).toContain('Response number 1');
    // The next four within the hour mail nothing now: the newest waits for the hour's end.
    for (let i = 2; i <= 5; i++) {
      expect((await respond(id, `Response number ${i}`, session)).status).toBe(200);
    }
    expect(await mailbox.newMails()).toHaveLength(1);
    const waiting = await api.database.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(and(eq(outbox.topic, `enquiry-response:${id}`), eq(outbox.status, 'queued')));
    expect(waiting).toHaveLength(1);
    expect(JSON.stringify(waiting[0]!.payload)).toContain('Response number 5');

    // An hour later the newest response is mailed.
    await api.database.db.update(outbox).set({ createdAt: sql`now() - interval '61 minutes'` });
    const later = await watchOutbox(api);
    expect((await respond(id, 'Response number 6', session)).status).toBe(200);
    const next = await later.newMails();
    expect(next).toHaveLength(1);
    expect(next[0]!.text).toContain('Response number 6');
  });

  postgresOnly(
    'holds a response for its hour when the sender claims the waiting mail at that moment',
    async () => {
      const id = await sendRequest({ customerEmail: 'thabo@example.co.za' });
      await confirmEnquiryEmail(api, id);
      const session = await providerSession(api, providerId);
      const topic = `enquiry-response:${id}`;
      // A response mail waiting in the outbox (not due yet: no background run takes it)...
      await api.database.db.insert(outbox).values({
        kind: 'mail',
        topic,
        nextAttemptAt: sql`now() + interval '30 minutes'`,
        payload: { to: 'thabo@example.co.za', subject: 'responded', text: 'Response number 1' },
      });
      // ...that the sender claims just as the next response arrives (not committed yet).
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let claimed = () => {};
      const isClaimed = new Promise<void>((resolve) => (claimed = resolve));
      const sender = api.database.db.transaction(async (tx) => {
        await tx
          .update(outbox)
          .set({ status: 'sending' })
          .where(and(eq(outbox.topic, topic), eq(outbox.status, 'queued')));
        claimed();
        await held;
      });
      await isClaimed;
      const second = respond(id, 'Response number 2', session);
      await new Promise((resolve) => setTimeout(resolve, 300));
      release();
      await sender;
      expect((await second).status).toBe(200);
      const rows = await api.database.db
        .select({
          status: outbox.status,
          waitsItsHour: sql<boolean>`${outbox.nextAttemptAt} > now() + interval '50 minutes'`,
        })
        .from(outbox)
        .where(eq(outbox.topic, topic))
        .orderBy(asc(outbox.id));
      expect(rows).toEqual([
        { status: 'sending', waitsItsHour: false },
        { status: 'queued', waitsItsHour: true },
      ]);
    },
  );
});
