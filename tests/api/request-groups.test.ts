/**
 * One brief to up to three providers (docs/decisions/0050): POST /api/enquiries with
 * `providerIds` makes a copy per provider (group_id: the first copy's id), one reference,
 * one mail to the customer naming them all, a mail to each provider naming no other; the
 * status page shows each provider's progress; cancelling closes every open copy. Every
 * refusal answers 400 naming the field and stores nothing. The spec's body
 * (assignedProviderId alone) keeps working as it did.
 */
import { asc, count, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { customerEnquiries, enquiryPhotos, outbox, rateLimits } from '../../db/schema.ts';
import { requestReference } from '../../src/lib/request-reference.ts';
import { adminSession, createTestAdmin } from '../helpers/admin-fixtures.ts';
import { okJson, sendAs } from '../helpers/api-fixtures.ts';
import { insertProvider, type InsertedProvider, validEnquiryBody } from '../helpers/builders.ts';
import { confirmEnquiryEmail } from '../helpers/enquiry-fixtures.ts';
import { expectError, expectFieldError } from '../helpers/error-answer.ts';
import { realImageBytes } from '../helpers/image-bytes.ts';
import { linkIn, watchOutbox } from '../helpers/outbox.ts';
import { providerSession } from '../helpers/provider-fixtures.ts';
import { asProvider, customerPost } from '../helpers/quote-fixtures.ts';
import { useTestApi } from '../helpers/test-api.ts';

const api = useTestApi();
let alpha: InsertedProvider;
let beta: InsertedProvider;
let gamma: InsertedProvider;

beforeEach(async () => {
  await api.database.reset();
  const db = api.database.db;
  alpha = await insertProvider(db, { name: 'Alpha Cameras', services: ['cctv'], isVerified: true });
  beta = await insertProvider(db, {
    name: 'Beta Security',
    services: ['cctv', 'alarms'],
    isVerified: true,
  });
  gamma = await insertProvider(db, { name: 'Gamma Vision', services: ['cctv'], isVerified: true });
});

interface Copy {
  id: number;
  status: string;
  provider: { id: number; name: string } | null;
  timeline: { kind: string }[];
  responses: { text: string }[];
  reviewUrl: string | null;
}
interface Status {
  reference: string;
  status: string;
  canCancel: boolean;
  copies: Copy[];
}

const post = (path: string, body: unknown) => customerPost(api, path, body);

/** Sends the brief to the providers; answers the form's answer, the mails and the token. */
async function sendToSeveral(ids: number[], overrides: Record<string, unknown> = {}) {
  await api.database.db.delete(rateLimits);
  const mailbox = await watchOutbox(api);
  const answer = await okJson<{ id: number; reference: string; message: string }>(
    post('/api/enquiries', validEnquiryBody(ids[0]!, { providerIds: ids, ...overrides })),
    201,
  );
  const mails = await mailbox.newMails();
  const customerMail = mails.find((mail) => mail.to === 'thandi@example.co.za');
  const token =
    customerMail && linkIn(customerMail.text, '/request?token=')?.searchParams.get('token');
  return { answer, mails, customerMail, token: token ?? '' };
}

const copies = () =>
  api.database.db.select().from(customerEnquiries).orderBy(asc(customerEnquiries.id));
const statusOf = (token: string) =>
  okJson<Status>(api.get(`/api/requests/status?token=${encodeURIComponent(token)}`));

describe('one brief to several providers', () => {
  it('stores a copy per provider in one group, with one reference and no status token but the first', async () => {
    const { answer } = await sendToSeveral([alpha.id, beta.id, gamma.id]);
    const rows = await copies();
    expect(rows.map((row) => row.assignedProviderId)).toEqual([alpha.id, beta.id, gamma.id]);
    const first = rows[0]!;
    expect(answer.id).toBe(first.id);
    expect(rows.map((row) => row.groupId)).toEqual([first.id, first.id, first.id]);
    expect(rows.map((row) => row.createdAt.getTime())).toEqual(
      Array(3).fill(first.createdAt.getTime()),
    );
    expect(first.statusTokenHash).toBeTruthy();
    expect(rows.slice(1).map((row) => row.statusTokenHash)).toEqual([null, null]);
    expect(answer.reference).toBe(requestReference(first.id, first.createdAt));
    expect(answer.message).toBe(
      `Your request ${answer.reference} has been sent to Alpha Cameras, Beta Security and Gamma Vision. We have e-mailed you a link to follow it.`,
    );
  });

  it('mails the customer once, naming all, and each provider once, naming none of the others', async () => {
    const { answer, mails, customerMail } = await sendToSeveral([alpha.id, beta.id, gamma.id]);
    expect(mails.filter((mail) => mail.to === 'thandi@example.co.za')).toHaveLength(1);
    expect(customerMail?.subject).toBe(
      `Your request ${answer.reference} was sent to Alpha Cameras, Beta Security and Gamma Vision`,
    );
    const rows = await copies();
    for (const [index, provider] of [alpha, beta, gamma].entries()) {
      const theirs = mails.filter((mail) => mail.to === provider.email);
      expect(theirs, provider.name).toHaveLength(1);
      const mail = theirs[0]!;
      expect(mail.subject).toBe(
        `New request ${answer.reference}: CCTV Installations & Repairs in Sandton`,
      );
      expect(mail.text).toContain(`/dashboard?enquiry=${rows[index]!.id}`);
      expect(mail.text).toContain('The customer asked up to two other providers too');
      for (const other of [alpha, beta, gamma].filter((p) => p.id !== provider.id)) {
        expect(mail.text).not.toContain(other.name);
        expect(mail.text).not.toContain(other.email);
      }
    }
  });

  it('shares the site photos with every copy: each provider sees them, on its own copy', async () => {
    const { uploadURL } = await okJson<{ uploadURL: string }>(
      api.request('/api/public/requests/photos/upload', { method: 'POST' }),
    );
    const put = await api.request(uploadURL, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: await realImageBytes('png'),
    });
    expect(put.status).toBe(200);
    await sendToSeveral([alpha.id, beta.id], { sitePhotos: [uploadURL] });
    const photos = await api.database.db
      .select()
      .from(enquiryPhotos)
      .orderBy(asc(enquiryPhotos.id));
    expect(photos).toHaveLength(2);
    expect(new Set(photos.map((photo) => photo.objectKey)).size).toBe(1);
    const [alphaPhoto, betaPhoto] = photos;
    const asBeta = await providerSession(api, beta.id);
    expect(
      (await sendAs(api, asBeta, 'GET', `/api/provider/enquiries/photos/${betaPhoto!.id}`)).status,
    ).toBe(200);
    // Another provider's copy's photo is not Beta's to see.
    expect(
      (await sendAs(api, asBeta, 'GET', `/api/provider/enquiries/photos/${alphaPhoto!.id}`)).status,
    ).toBe(404);
  });

  it('keeps a request to one provider out of any group, with or without providerIds', async () => {
    await sendToSeveral([alpha.id]);
    await api.database.db.delete(rateLimits);
    await okJson(post('/api/enquiries', validEnquiryBody(beta.id)), 201);
    expect((await copies()).map((row) => row.groupId)).toEqual([null, null]);
  });

  it('counts a request to three against the rate limit once, as a request to one', async () => {
    await api.database.db.delete(rateLimits);
    for (let i = 0; i < 5; i++) {
      const sent = await post(
        '/api/enquiries',
        validEnquiryBody(alpha.id, { providerIds: [alpha.id, beta.id, gamma.id] }),
      );
      expect(sent.status).toBe(201);
    }
    const refused = await post(
      '/api/enquiries',
      validEnquiryBody(alpha.id, { providerIds: [alpha.id, beta.id, gamma.id] }),
    );
    await expectError(refused, 429);
    expect(await copies()).toHaveLength(15);
  });
});

describe('refusals: 400 naming the field, nothing stored', () => {
  async function expectRefused(body: Record<string, unknown>, field: string, message: string) {
    await api.database.db.delete(rateLimits);
    await expectFieldError(await post('/api/enquiries', body), field, message);
    expect(await copies()).toEqual([]);
    const [mails] = await api.database.db.select({ n: count() }).from(outbox);
    expect(mails?.n).toBe(0);
  }

  it('more than three providers', async () => {
    const delta = await insertProvider(api.database.db, { services: ['cctv'], isVerified: true });
    await expectRefused(
      validEnquiryBody(alpha.id, { providerIds: [alpha.id, beta.id, gamma.id, delta.id] }),
      'providerIds',
      'Ask at most 3 providers at once',
    );
  });

  it('no provider, one provider twice, or a list without the chosen provider', async () => {
    await expectRefused(
      validEnquiryBody(alpha.id, { providerIds: [] }),
      'providerIds',
      'Choose the providers to ask',
    );
    await expectRefused(
      validEnquiryBody(alpha.id, { providerIds: [alpha.id, alpha.id] }),
      'providerIds',
      'Each provider once',
    );
    await expectRefused(
      validEnquiryBody(alpha.id, { providerIds: [beta.id, gamma.id] }),
      'providerIds',
      'The providers asked include the chosen provider',
    );
    await expectRefused(
      validEnquiryBody(alpha.id, { providerIds: [alpha.id, 'two'] }),
      'providerIds.1',
      'Choose the providers to ask',
    );
  });

  it('a provider that is not verified today, not listed, unknown, or without the service', async () => {
    const db = api.database.db;
    const unverified = await insertProvider(db, { name: 'Unchecked Cameras', services: ['cctv'] });
    await expectRefused(
      validEnquiryBody(alpha.id, { providerIds: [alpha.id, unverified.id] }),
      'providerIds',
      'Unchecked Cameras is not verified today: only verified providers can be asked together',
    );
    const unlisted = await insertProvider(db, {
      services: ['cctv'],
      isApproved: false,
      isVerified: true,
    });
    await expectRefused(
      validEnquiryBody(alpha.id, { providerIds: [alpha.id, unlisted.id] }),
      'providerIds',
      'One of the providers chosen is not available',
    );
    await expectRefused(
      validEnquiryBody(alpha.id, { providerIds: [alpha.id, 999_999] }),
      'providerIds',
      'One of the providers chosen is not available',
    );
    await expectRefused(
      validEnquiryBody(beta.id, { serviceType: 'alarms', providerIds: [beta.id, alpha.id] }),
      'providerIds',
      'Alpha Cameras does not offer that service',
    );
  });
});

describe('the status page of a group', () => {
  it("shows each provider's progress, under one reference and the group's status", async () => {
    const { answer, token } = await sendToSeveral([alpha.id, beta.id, gamma.id]);
    const rows = await copies();
    let status = await statusOf(token);
    expect(status.reference).toBe(answer.reference);
    expect(status.status).toBe('new');
    expect(status.copies.map((copy) => copy.provider?.name)).toEqual([
      'Alpha Cameras',
      'Beta Security',
      'Gamma Vision',
    ]);
    expect(status.copies.map((copy) => copy.timeline.map((step) => step.kind))).toEqual([
      ['sent'],
      ['sent'],
      ['sent'],
    ]);

    // Beta answers, Gamma declines: each shows on its own copy only.
    const respond = async (
      provider: InsertedProvider,
      copyId: number,
      text: string,
      state: string,
    ) =>
      okJson(
        asProvider(api, provider.id, 'PUT', `/api/provider/enquiries/${copyId}/response`, {
          providerResponse: text,
          status: state,
        }),
      );
    await respond(beta, rows[1]!.id, 'We can quote on Thursday.', 'in_progress');
    await respond(gamma, rows[2]!.id, 'Sorry, we are fully booked.', 'cancelled');
    status = await statusOf(token);
    expect(status.status).toBe('in_progress');
    expect(status.copies.map((copy) => copy.status)).toEqual(['new', 'in_progress', 'cancelled']);
    expect(status.copies.map((copy) => copy.responses.map((r) => r.text))).toEqual([
      [],
      ['We can quote on Thursday.'],
      ['Sorry, we are fully booked.'],
    ]);
    expect(status.canCancel).toBe(true);
  });

  it('opens the whole group from a link mailed about another copy', async () => {
    const { answer, token } = await sendToSeveral([alpha.id, beta.id]);
    const rows = await copies();
    // Beta's response mails the confirmed customer a new link, to Beta's copy.
    await confirmEnquiryEmail(api, rows[0]!.id);
    const mailbox = await watchOutbox(api);
    await okJson(
      asProvider(api, beta.id, 'PUT', `/api/provider/enquiries/${rows[1]!.id}/response`, {
        providerResponse: 'Happy to help.',
        status: 'in_progress',
      }),
    );
    const mail = (await mailbox.newMails()).find((m) => m.to === 'thandi@example.co.za');
    const betaToken = linkIn(mail?.text ?? '', '/request?token=')?.searchParams.get('token') ?? '';
    expect(betaToken).not.toBe(token);
    const status = await statusOf(betaToken);
    expect(status.reference).toBe(answer.reference);
    expect(status.copies.map((copy) => copy.provider?.name)).toEqual([
      'Alpha Cameras',
      'Beta Security',
    ]);
  });

  it('gives each provider only its own copy, under the group reference', async () => {
    await sendToSeveral([alpha.id, beta.id]);
    const rows = await copies();
    const listed = await okJson<{ id: number; groupId: number | null }[]>(
      sendAs(api, await providerSession(api, beta.id), 'GET', '/api/provider/enquiries'),
    );
    expect(listed.map((enquiry) => enquiry.id)).toEqual([rows[1]!.id]);
    expect(listed[0]!.groupId).toBe(rows[0]!.id);
    // Alpha's copy is not Beta's to answer.
    await expectError(
      await asProvider(api, beta.id, 'PUT', `/api/provider/enquiries/${rows[0]!.id}/response`, {
        providerResponse: 'Mine now?',
        status: 'in_progress',
      }),
      404,
    );
  });

  it('cancels every open copy and tells each provider; a second cancel is refused (409)', async () => {
    const { token, answer } = await sendToSeveral([alpha.id, beta.id, gamma.id]);
    const rows = await copies();
    await okJson(
      asProvider(api, gamma.id, 'PUT', `/api/provider/enquiries/${rows[2]!.id}/response`, {
        providerResponse: 'Not in our area, sorry.',
        status: 'cancelled',
      }),
    );
    const mailbox = await watchOutbox(api);
    const cancelled = await okJson<{ message: string }>(
      post('/api/requests/cancel', { token, reason: 'We chose to wait until next year.' }),
    );
    expect(cancelled.message).toBe('Your request is cancelled. The providers have been told.');
    expect((await copies()).map((row) => row.status)).toEqual([
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    const mails = await mailbox.newMails();
    expect(mails.map((mail) => mail.to).sort()).toEqual([alpha.email, beta.email].sort());
    expect(
      mails.every(
        (mail) => mail.subject === `Request ${answer.reference} was cancelled by the customer`,
      ),
    ).toBe(true);
    await expectError(await post('/api/requests/cancel', { token, reason: 'Again.' }), 409);
  });
});

describe('the desk and a group', () => {
  it('cannot pass a copy to a provider that has another copy of the request', async () => {
    await sendToSeveral([alpha.id, beta.id]);
    const rows = await copies();
    const admin = await createTestAdmin(api);
    const token = await adminSession(api, admin.id);
    await expectFieldError(
      await sendAs(api, token, 'PUT', `/api/admin/enquiries/${rows[1]!.id}`, {
        assignedProviderId: alpha.id,
      }),
      'assignedProviderId',
      'That provider has this request already: it was sent to several providers, and each has its own copy.',
    );
    const candidates = await okJson<{ candidates: { id: number }[] }>(
      sendAs(api, token, 'GET', `/api/admin/enquiries/${rows[1]!.id}/candidates?search=a`),
    );
    expect(candidates.candidates.map((c) => c.id)).not.toContain(alpha.id);
    expect((await copies())[1]!.assignedProviderId).toBe(beta.id);
    expect(
      (
        await api.database.db
          .select()
          .from(customerEnquiries)
          .where(eq(customerEnquiries.id, rows[1]!.id))
      )[0]?.groupId,
    ).toBe(rows[0]!.id);
  });
});
