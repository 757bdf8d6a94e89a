/**
 * A conversation with each provider (docs/decisions/0050): the customer writes from the
 * status page (its token opens every copy of its request), the provider from the
 * dashboard (its own copy only), with photos and PDFs through upload tickets; each
 * message mails the other side through the outbox with a link back, at most one an hour
 * per conversation, and the customer only at a confirmed address. A provider never sees
 * another provider's messages or files, nor those of the copy's previous provider; a
 * customer's link opens only its own request.
 */
import { asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  outbox,
  rateLimits,
  requestMessageFiles,
  requestMessages,
  serviceProviders,
} from '../../db/schema.ts';
import { MESSAGE_LIMITS, MESSAGE_TEXTS } from '../../src/lib/schemas/request-messages.ts';
import { adminSession, createTestAdmin } from '../helpers/admin-fixtures.ts';
import { okJson, sendAs } from '../helpers/api-fixtures.ts';
import { CUSTOMER_EMAIL, type InsertedProvider, insertProvider } from '../helpers/builders.ts';
import { confirmEnquiryEmail } from '../helpers/enquiry-fixtures.ts';
import { expectError, expectFieldError } from '../helpers/error-answer.ts';
import { realImageBytes } from '../helpers/image-bytes.ts';
import { linkIn, watchOutbox } from '../helpers/outbox.ts';
import { providerSession } from '../helpers/provider-fixtures.ts';
import {
  asProvider,
  customerPost,
  resetWithAlphaAndBeta,
  sendRequestThroughForm,
} from '../helpers/quote-fixtures.ts';
import { useTestApi } from '../helpers/test-api.ts';

/** A PDF of a few bytes, for the uploads. */
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const api = useTestApi();
let alpha: InsertedProvider;
let beta: InsertedProvider;

beforeEach(async () => {
  ({ alpha, beta } = await resetWithAlphaAndBeta(api));
});

interface ListedMessage {
  id: number;
  author: 'customer' | 'provider';
  text: string;
  providerName?: string | null;
  files: { id: number; name: string; contentType: string; url: string }[];
}
interface Conversations {
  conversations: {
    enquiryId: number;
    provider: { id: number; name: string } | null;
    canWrite: boolean;
    messages: ListedMessage[];
  }[];
}

const post = (path: string, body: unknown) => customerPost(api, path, body);

/** A request to the providers; its copies' ids (first first) and the status token. */
const sendRequest = (ids: number[] = [alpha.id, beta.id]) => sendRequestThroughForm(api, ids);

const customerWrites = (body: Record<string, unknown>) => post('/api/requests/messages', body);
const customerReads = (token: string) =>
  okJson<Conversations>(api.get(`/api/requests/messages?token=${encodeURIComponent(token)}`));
const providerWrites = async (provider: InsertedProvider, copy: number, body: unknown) =>
  sendAs(
    api,
    await providerSession(api, provider.id),
    'POST',
    `/api/provider/enquiries/${copy}/messages`,
    body,
  );
const providerReads = async (provider: InsertedProvider, copy: number) =>
  sendAs(
    api,
    await providerSession(api, provider.id),
    'GET',
    `/api/provider/enquiries/${copy}/messages`,
  );

/** An uploaded file's reference: from the customer's ticket, or the provider's. */
async function upload(bytes: Uint8Array<ArrayBuffer>, type: string, provider?: InsertedProvider) {
  const ticket = provider
    ? sendAs(api, await providerSession(api, provider.id), 'POST', '/api/provider/messages/upload')
    : api.request('/api/public/requests/messages/upload', { method: 'POST' });
  const { uploadURL } = await okJson<{ uploadURL: string }>(ticket);
  const put = await api.request(uploadURL, {
    method: 'PUT',
    headers: { 'content-type': type },
    body: bytes,
  });
  expect(put.status).toBe(200);
  return uploadURL;
}

describe('messages both ways', () => {
  it('the customer writes to one provider; only that provider reads it, and is mailed', async () => {
    const { token, copies } = await sendRequest();
    const [alphaCopy, betaCopy] = copies as [number, number];
    const mailbox = await watchOutbox(api);
    const sent = await customerWrites({
      token,
      enquiryId: betaCopy,
      text: 'Can you also look at the gate motor?',
    });
    expect(sent.status).toBe(201);

    const betaView = await okJson<{ canWrite: boolean; messages: ListedMessage[] }>(
      providerReads(beta, betaCopy),
    );
    expect(betaView.canWrite).toBe(true);
    expect(betaView.messages.map((m) => [m.author, m.text])).toEqual([
      ['customer', 'Can you also look at the gate motor?'],
    ]);
    // Alpha's own conversation is empty, and Beta's is not Alpha's to read.
    const alphaView = await okJson<{ messages: ListedMessage[] }>(providerReads(alpha, alphaCopy));
    expect(alphaView.messages).toEqual([]);
    await expectError(await providerReads(alpha, betaCopy), 404, MESSAGE_TEXTS.notFound);

    const mails = await mailbox.newMails();
    expect(mails.map((m) => m.to)).toEqual([beta.email]);
    const [mail] = mails;
    expect(mail?.subject).toMatch(/^New message from Thandi Nkosi about request VP-\d{2}-\d{6}$/);
    expect(mail?.text).toContain('Can you also look at the gate motor?');
    expect(mail?.text).toContain(`/dashboard?enquiry=${betaCopy}`);
    // Neither the customer's address nor the other provider is in it.
    expect(mail?.text).not.toContain(CUSTOMER_EMAIL);
    expect(mail?.text).not.toContain(alpha.name);

    const conversations = await customerReads(token);
    expect(
      conversations.conversations.map((c) => [c.provider?.name, c.messages.length, c.canWrite]),
    ).toEqual([
      ['Alpha Cameras', 0, true],
      ['Beta Security', 1, true],
    ]);
  });

  it('the provider answers: a confirmed customer is mailed a link back, an unconfirmed one nothing', async () => {
    const { token, copies } = await sendRequest();
    const betaCopy = copies[1]!;
    let mailbox = await watchOutbox(api);
    const unconfirmed = await okJson<{ emailed: boolean }>(
      providerWrites(beta, betaCopy, { text: 'Yes, we can look at the gate too.' }),
      201,
    );
    expect(unconfirmed.emailed).toBe(false);
    expect(await mailbox.newMails()).toEqual([]);

    await confirmEnquiryEmail(api, copies[0]!);
    mailbox = await watchOutbox(api);
    const confirmed = await okJson<{ emailed: boolean }>(
      providerWrites(beta, betaCopy, { text: 'Would Tuesday at nine suit you?' }),
      201,
    );
    expect(confirmed.emailed).toBe(true);
    const [mail] = await mailbox.newMails();
    expect(mail?.to).toBe(CUSTOMER_EMAIL);
    expect(mail?.subject).toMatch(/^Beta Security wrote to you about request VP-/);
    expect(mail?.text).toContain('Would Tuesday at nine suit you?');
    expect(mail?.text).not.toContain(beta.email);
    expect(mail?.text).not.toContain(beta.phone);
    // The mail's link opens the request's page, with both conversations.
    const link = linkIn(mail?.text ?? '', '/request?token=')?.searchParams.get('token') ?? '';
    const view = await customerReads(link);
    expect(view.conversations[1]?.messages.map((m) => m.text)).toEqual([
      'Yes, we can look at the gate too.',
      'Would Tuesday at nine suit you?',
    ]);
    expect(token).not.toBe(link);
  });

  it('mails a side at most once an hour per conversation; the newest message waits its turn', async () => {
    const { token, copies } = await sendRequest();
    const betaCopy = copies[1]!;
    for (const text of ['First question.', 'Second question.', 'Third question.']) {
      await okJson(customerWrites({ token, enquiryId: betaCopy, text }), 201);
      await api.runJobs();
    }
    const rows = await api.database.db
      .select({ status: outbox.status, topic: outbox.topic, payload: outbox.payload })
      .from(outbox)
      .where(eq(outbox.topic, `request-message:${betaCopy}:provider`))
      .orderBy(asc(outbox.id));
    // The first went at once; the second was replaced by the third, which waits for the hour.
    expect(rows.map((row) => row.status)).toEqual(['sent', 'cancelled', 'queued']);
    expect(JSON.stringify(rows[2]?.payload)).toContain('Third question.');
  });
});

describe('files with messages', () => {
  it('a photo (re-encoded) and a PDF go to the provider of that copy, the customer and the desk only', async () => {
    const { token, copies } = await sendRequest();
    const [alphaCopy, betaCopy] = copies as [number, number];
    const photo = await realImageBytes('jpeg', { width: 16, height: 16 });
    const files = [
      { upload: await upload(photo, 'image/jpeg'), fileName: 'gate.jpg' },
      { upload: await upload(PDF, 'application/pdf'), fileName: 'floor plan.pdf' },
    ];
    await okJson(customerWrites({ token, enquiryId: betaCopy, text: '', files }), 201);

    const { messages } = await okJson<{ messages: ListedMessage[] }>(providerReads(beta, betaCopy));
    const listed = messages[0]!.files;
    expect(listed.map((f) => [f.name, f.contentType])).toEqual([
      ['gate.jpg', 'image/jpeg'],
      ['floor plan.pdf', 'application/pdf'],
    ]);
    const [photoFile, pdfFile] = listed as [
      ListedMessage['files'][number],
      ListedMessage['files'][number],
    ];
    const asBeta = await providerSession(api, beta.id);
    const fromBeta = await sendAs(api, asBeta, 'GET', photoFile.url);
    expect(fromBeta.status).toBe(200);
    expect(fromBeta.headers.get('content-type')).toBe('image/jpeg');
    expect(fromBeta.headers.get('cache-control')).toBe('private, no-store');
    expect(new Uint8Array(await fromBeta.arrayBuffer())).not.toEqual(photo);
    const pdf = await sendAs(api, asBeta, 'GET', pdfFile.url);
    expect(new Uint8Array(await pdf.arrayBuffer())).toEqual(PDF);

    // Not Alpha's, not another request's customer, not anybody's without the link.
    const asAlpha = await providerSession(api, alpha.id);
    await expectError(await sendAs(api, asAlpha, 'GET', photoFile.url), 404);
    expect(alphaCopy).toBeLessThan(betaCopy);
    const customerFiles = (await customerReads(token)).conversations[1]!.messages[0]!.files;
    expect((await api.get(customerFiles[0]!.url)).status).toBe(200);
    const other = await sendRequest([alpha.id]);
    const foreign = customerFiles[0]!.url.replace(/token=.*/, `token=${other.token}`);
    await expectError(await api.get(foreign), 404);
    const admin = await createTestAdmin(api);
    const desk = await okJson<{ messages: ListedMessage[] }>(
      sendAs(
        api,
        await adminSession(api, admin.id),
        'GET',
        `/api/admin/enquiries/${betaCopy}/messages`,
      ),
    );
    expect(desk.messages[0]?.files.map((f) => f.url)).toEqual([
      `/api/admin/messages/files/${photoFile.id}`,
      `/api/admin/messages/files/${pdfFile.id}`,
    ]);
    expect(
      (await sendAs(api, await adminSession(api, admin.id), 'GET', desk.messages[0]!.files[0]!.url))
        .status,
    ).toBe(200);
  });

  it("refuses another side's upload, and a file that is neither a photo nor a PDF", async () => {
    const { token, copies } = await sendRequest();
    const betaCopy = copies[1]!;
    // A provider's upload is not the customer's to send, nor the other way round.
    const providers = await upload(PDF, 'application/pdf', beta);
    await expectFieldError(
      await customerWrites({
        token,
        enquiryId: betaCopy,
        files: [{ upload: providers, fileName: 'a.pdf' }],
      }),
      'files.0',
      'The file was not found. Please add it again.',
    );
    const customers = await upload(PDF, 'application/pdf');
    await expectFieldError(
      await providerWrites(beta, betaCopy, { files: [{ upload: customers, fileName: 'a.pdf' }] }),
      'files.0',
      'The file was not found. Please add it again.',
    );
    // A text file is refused at the upload itself.
    const { uploadURL } = await okJson<{ uploadURL: string }>(
      api.request('/api/public/requests/messages/upload', { method: 'POST' }),
    );
    const put = await api.request(uploadURL, {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf' },
      body: new TextEncoder().encode('not a pdf'),
    });
    expect(put.status).toBe(415);
    expect(await api.database.db.select().from(requestMessages)).toEqual([]);
    expect(await api.database.db.select().from(requestMessageFiles)).toEqual([]);
  });
});

describe('refusals', () => {
  it('answers 400 naming the field for an empty or long message, too many files, a bad token; nothing stored', async () => {
    const { token, copies } = await sendRequest();
    const enquiryId = copies[1]!;
    await expectFieldError(
      await customerWrites({ token, enquiryId, text: '   ' }),
      'text',
      MESSAGE_TEXTS.empty,
    );
    await expectFieldError(
      await customerWrites({ token, enquiryId, text: 'a'.repeat(MESSAGE_LIMITS.text + 1) }),
      'text',
      MESSAGE_TEXTS.tooLong,
    );
    const file = { upload: '/api/uploads/AAAAAAAAAAAAAAAAAAAAAAAA', fileName: 'x.pdf' };
    await expectFieldError(
      await customerWrites({
        token,
        enquiryId,
        files: [1, 2, 3, 4].map((n) => ({ ...file, upload: `${file.upload}${n}` })),
      }),
      'files',
      MESSAGE_TEXTS.tooManyFiles,
    );
    await expectFieldError(
      await customerWrites({ token: 'nope', enquiryId, text: 'Hello' }),
      'token',
      'This request link is not valid. Please use the link from your e-mail.',
    );
    await expectFieldError(
      await providerWrites(beta, enquiryId, { text: '' }),
      'text',
      MESSAGE_TEXTS.empty,
    );
    expect(await api.database.db.select().from(requestMessages)).toEqual([]);
  });

  it("answers 404 for a copy of another request, and for another provider's copy", async () => {
    const mine = await sendRequest([alpha.id]);
    const theirs = await sendRequest([beta.id]);
    await expectError(
      await customerWrites({ token: mine.token, enquiryId: theirs.copies.at(-1), text: 'Hi' }),
      404,
      MESSAGE_TEXTS.notFound,
    );
    await expectError(
      await providerWrites(beta, mine.copies[0]!, { text: 'Hello from Beta' }),
      404,
      MESSAGE_TEXTS.notFound,
    );
    expect(await api.database.db.select().from(requestMessages)).toEqual([]);
  });

  it('answers 409 on a cancelled copy and once a conversation holds its most messages', async () => {
    const { token, copies } = await sendRequest();
    const [alphaCopy, betaCopy] = copies as [number, number];
    await okJson(
      asProvider(api, alpha.id, 'PUT', `/api/provider/enquiries/${alphaCopy}/response`, {
        providerResponse: 'Sorry, fully booked.',
        status: 'cancelled',
      }),
    );
    await expectError(
      await customerWrites({ token, enquiryId: alphaCopy, text: 'Are you sure?' }),
      409,
      MESSAGE_TEXTS.closed,
    );
    await expectError(
      await providerWrites(alpha, alphaCopy, { text: 'One more thing' }),
      409,
      MESSAGE_TEXTS.closed,
    );
    expect((await customerReads(token)).conversations[0]?.canWrite).toBe(false);

    await api.database.db.insert(requestMessages).values(
      Array.from({ length: MESSAGE_LIMITS.perConversation }, (_, n) => ({
        enquiryId: betaCopy,
        providerId: beta.id,
        author: 'customer' as const,
        body: `Message ${n}`,
      })),
    );
    await expectError(
      await customerWrites({ token, enquiryId: betaCopy, text: 'One too many' }),
      409,
      MESSAGE_TEXTS.full,
    );
  });

  it('refuses a provider off the listing (403), and the customer writing to it (409); limits a flood (429)', async () => {
    const { token, copies } = await sendRequest();
    const betaCopy = copies[1]!;
    for (let n = 0; n < 60; n++) {
      await okJson(providerWrites(beta, betaCopy, { text: `Note ${n}` }), 201);
    }
    await expectError(await providerWrites(beta, betaCopy, { text: 'Note 61' }), 429);
    await api.database.db
      .update(serviceProviders)
      .set({ isApproved: false })
      .where(eq(serviceProviders.id, beta.id));
    await api.database.db.delete(rateLimits);
    await expectError(await providerWrites(beta, betaCopy, { text: 'Still here' }), 403);
    await expectError(await providerReads(beta, betaCopy), 403);
    await expectError(
      await customerWrites({ token, enquiryId: betaCopy, text: 'Are you there?' }),
      409,
      MESSAGE_TEXTS.noProvider,
    );
    const view = await customerReads(token);
    expect(view.conversations[1]).toMatchObject({ provider: null, canWrite: false });
    expect(view.conversations[1]?.messages).toHaveLength(60);
  });
});

describe('a copy passed to another provider', () => {
  it('keeps the earlier conversation from the new provider; the customer still reads it, named', async () => {
    const gamma = await insertProvider(api.database.db, {
      name: 'Gamma Vision',
      services: ['cctv'],
      isVerified: true,
    });
    const { token, copies } = await sendRequest();
    const betaCopy = copies[1]!;
    await okJson(customerWrites({ token, enquiryId: betaCopy, text: 'Hello Beta' }), 201);
    await okJson(providerWrites(beta, betaCopy, { text: 'Hello from Beta' }), 201);
    const admin = await createTestAdmin(api);
    await okJson(
      sendAs(api, await adminSession(api, admin.id), 'PUT', `/api/admin/enquiries/${betaCopy}`, {
        assignedProviderId: gamma.id,
      }),
    );
    const gammaView = await okJson<{ messages: ListedMessage[] }>(providerReads(gamma, betaCopy));
    expect(gammaView.messages).toEqual([]);
    await expectError(await providerReads(beta, betaCopy), 404);
    await okJson(customerWrites({ token, enquiryId: betaCopy, text: 'Hello Gamma' }), 201);
    const view = await customerReads(token);
    expect(view.conversations[1]?.provider?.name).toBe('Gamma Vision');
    expect(view.conversations[1]?.messages.map((m) => [m.providerName, m.author, m.text])).toEqual([
      ['Beta Security', 'customer', 'Hello Beta'],
      ['Beta Security', 'provider', 'Hello from Beta'],
      ['Gamma Vision', 'customer', 'Hello Gamma'],
    ]);
    const summaries = await okJson<{ enquiryId: number; count: number; lastAuthor: string }[]>(
      sendAs(api, await providerSession(api, gamma.id), 'GET', '/api/provider/messages'),
    );
    expect(summaries).toEqual([
      expect.objectContaining({ enquiryId: betaCopy, count: 1, lastAuthor: 'customer' }),
    ]);
  });
});
