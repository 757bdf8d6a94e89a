/**
 * The customer's address of a request sent to several providers (docs/decisions/0050,
 * 0051): opening the status page from the mail confirms every copy of the group, however
 * long the request waited for it, so that a quote or a message on any provider's copy is
 * mailed to the customer with links that open the request; while the group is not
 * confirmed, nothing about it is mailed to the customer.
 */
import { asc, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { customerEnquiries } from '../../db/schema.ts';
import { newStatusLink } from '../../src/api/requests/status-tokens.ts';
import { okJson } from '../helpers/api-fixtures.ts';
import { CUSTOMER_EMAIL, type InsertedProvider } from '../helpers/builders.ts';
import { linkIn, watchOutbox } from '../helpers/outbox.ts';
import {
  asProvider,
  customerPost,
  postQuote,
  quoteBody,
  resetWithAlphaAndBeta,
  sendRequestThroughForm,
} from '../helpers/quote-fixtures.ts';
import { useTestApi } from '../helpers/test-api.ts';

/** Alpha Cameras and Beta Security, inserted afresh for each test. */
let alpha: InsertedProvider;
let beta: InsertedProvider;
const api = useTestApi();

beforeEach(async () => {
  ({ alpha, beta } = await resetWithAlphaAndBeta(api));
});

/** One request to Alpha and Beta through the form: its reference, copies and token. */
const sendRequest = () => sendRequestThroughForm(api, [alpha.id, beta.id]);

const confirmedCopies = async () =>
  (
    await api.database.db
      .select({ id: customerEnquiries.id, at: customerEnquiries.emailConfirmedAt })
      .from(customerEnquiries)
      .orderBy(asc(customerEnquiries.id))
  ).map((row) => row.at !== null);

const statusOf = (token: string) =>
  okJson<{ reference: string; copies: { provider: { name: string } | null }[] }>(
    api.get(`/api/requests/status?token=${encodeURIComponent(token)}`),
  );

/** Beta quotes and writes on its copy; answers the mails the customer got for them. */
async function betaAnswers(betaCopy: number) {
  const mailbox = await watchOutbox(api);
  const quote = await okJson<{ mailed: boolean }>(
    postQuote(api, beta.id, betaCopy, quoteBody()),
    201,
  );
  const message = await okJson<{ emailed: boolean }>(
    asProvider(api, beta.id, 'POST', `/api/provider/enquiries/${betaCopy}/messages`, {
      text: 'We can come on Tuesday to measure.',
    }),
    201,
  );
  const toCustomer = (await mailbox.newMails()).filter((mail) => mail.to === CUSTOMER_EMAIL);
  return { quote, message, toCustomer };
}

/** The mails of Beta's quote and message reach the customer with working links. */
async function expectMailedWithLinks(
  mails: Awaited<ReturnType<typeof betaAnswers>>['toCustomer'],
  reference: string,
) {
  const quoteMail = mails.find((mail) => mail.subject.includes('sent a quote'));
  const messageMail = mails.find((mail) => mail.subject.includes('wrote to you'));
  expect(quoteMail?.subject).toBe(`Beta Security sent a quote for ${reference}`);
  expect(messageMail?.subject).toMatch(/^Beta Security wrote to you about request VP-/);
  expect(messageMail?.text).toContain('We can come on Tuesday to measure.');
  for (const mail of [quoteMail, messageMail]) {
    // Each link opens the whole request, under its one reference.
    const token = linkIn(mail?.text ?? '', '/request?token=')?.searchParams.get('token') ?? '';
    const status = await statusOf(token);
    expect(status.reference).toBe(reference);
    expect(status.copies.map((copy) => copy.provider?.name)).toEqual([
      'Alpha Cameras',
      'Beta Security',
    ]);
  }
  const pdf = linkIn(quoteMail?.text ?? '', '/api/requests/quotes/');
  expect(pdf).toBeDefined();
  const answer = await api.get(`${pdf!.pathname}${pdf!.search}`);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toBe('application/pdf');
}

/**
 * The customer opens the status page (every copy is confirmed); Beta's quote and message
 * are mailed to them with links that work.
 */
async function confirmThenBetaAnswers({
  reference,
  token,
  copies,
}: Awaited<ReturnType<typeof sendRequest>>) {
  await okJson(customerPost(api, '/api/requests/confirm', { token }));
  expect(await confirmedCopies()).toEqual([true, true]);
  const { quote, message, toCustomer } = await betaAnswers(copies[1]!);
  expect(quote.mailed).toBe(true);
  expect(message.emailed).toBe(true);
  await expectMailedWithLinks(toCustomer, reference);
}

describe("a group's confirmation", () => {
  it('mails the customer nothing about any copy while the address is not confirmed', async () => {
    const { copies } = await sendRequest();
    expect(await confirmedCopies()).toEqual([false, false]);
    const { quote, message, toCustomer } = await betaAnswers(copies[1]!);
    expect(quote.mailed).toBe(false);
    expect(message.emailed).toBe(false);
    expect(toCustomer).toEqual([]);
  });

  it("opening the status page confirms every copy: the other provider's quote and message are mailed", async () => {
    await confirmThenBetaAnswers(await sendRequest());
  });

  it('a request opened first after a month still confirms every copy', async () => {
    const request = await sendRequest();
    await api.database.db
      .update(customerEnquiries)
      .set({ createdAt: sql`now() - interval '31 days'` });
    await confirmThenBetaAnswers(request);
  });

  it("confirming from the other copy's link confirms the first copy too", async () => {
    const { copies } = await sendRequest();
    // The desk's link, or a later mail's, may name Beta's copy rather than the first.
    const link = await newStatusLink(api.database.db, {
      enquiryId: copies[1]!,
      siteUrl: 'http://localhost',
    });
    const token = new URL(link).searchParams.get('token') ?? '';
    await okJson(customerPost(api, '/api/requests/confirm', { token }));
    expect(await confirmedCopies()).toEqual([true, true]);
  });
});
