/**
 * Itemised quotes on a request's copies, compared and accepted by the customer
 * (docs/decisions/0051): VAT from the provider's registration, totals in cents, versions,
 * every refusal a 400 naming its field with nothing stored, a provider seeing only its
 * own copy, and acceptance exactly once in a request group, even twenty at once.
 */
import { count, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  customerEnquiries,
  enquiryEvents,
  jobs,
  outbox,
  quoteLines,
  quotes,
  rateLimits,
} from '../../db/schema.ts';
import { ACCEPT_MESSAGES, NOT_CHOSEN_REASON } from '../../src/api/quotes/accept-quote.ts';
import { addDays, saToday } from '../../src/lib/calendar-days.ts';
import { priceRecordWords } from '../../src/lib/price-record.ts';
import {
  REGISTERED_NAME_MESSAGE,
  VAT_NUMBER_MESSAGE,
} from '../../src/lib/schemas/provider-dashboard.ts';
import { QUOTE_MESSAGES } from '../../src/lib/schemas/quotes.ts';
import { adminSession, createTestAdmin } from '../helpers/admin-fixtures.ts';
import { okJson, sendAs } from '../helpers/api-fixtures.ts';
import {
  insertProvider,
  insertUbuntuSecurity,
  UBUNTU_VAT_REGISTRATION,
} from '../helpers/builders.ts';
import { enquiryRow } from '../helpers/enquiry-fixtures.ts';
import { expectError, expectFieldError } from '../helpers/error-answer.ts';
import { linkIn, watchOutbox } from '../helpers/outbox.ts';
import { providerSession } from '../helpers/provider-fixtures.ts';
import {
  acceptQuote,
  asProvider,
  customerPost,
  insertRequestGroup,
  postQuote,
  quoteBody,
  type RequestGroup,
} from '../helpers/quote-fixtures.ts';
import { useTestApi } from '../helpers/test-api.ts';

const api = useTestApi();

let registered: { id: number; name: string };
let plain: { id: number; name: string };
let third: { id: number; name: string };
let group: RequestGroup;

beforeEach(async () => {
  await api.database.reset();
  const db = api.database.db;
  registered = await insertUbuntuSecurity(db, UBUNTU_VAT_REGISTRATION);
  plain = await insertProvider(db, { name: 'Karoo Camera Works' });
  third = await insertProvider(db, { name: 'Highveld Alarms' });
  group = await insertRequestGroup(api, [registered.id, plain.id, third.id]);
});

const copyOf = (providerId: number) => group.copies.find((c) => c.providerId === providerId)!.id;

interface SentQuote {
  id: number;
  version: number;
  subtotalCents: number;
  vatCents: number;
  totalCents: number;
  depositCents: number;
  mailed: boolean;
}

async function sendQuoteOf(providerId: number, overrides = {}) {
  return okJson<SentQuote>(
    postQuote(api, providerId, copyOf(providerId), quoteBody(overrides)),
    201,
  );
}

const quoteCount = async () => (await api.database.db.select({ n: count() }).from(quotes))[0]!.n;
const mailCount = async () => (await api.database.db.select({ n: count() }).from(outbox))[0]!.n;

interface CustomerView {
  reference: string;
  offers: {
    enquiryId: number;
    status: string;
    provider: { id: number; name: string } | null;
    quotes: { id: number; version: number; state: string; totalCents: number }[];
  }[];
  job: { quoteId: number; version: number; agreedTotalCents: number } | null;
}
const customerView = () =>
  okJson<CustomerView>(api.get(`/api/requests/quotes?token=${group.token}`));

/** A request sent to the provider alone, quoted, and the quote accepted. */
async function acceptedAlone(providerId: number) {
  const single = await insertRequestGroup(api, [providerId]);
  const sent = await okJson<SentQuote>(
    postQuote(api, providerId, single.copies[0]!.id, quoteBody()),
    201,
  );
  await okJson(acceptQuote(api, sent.id, single.token));
  return { single, sent };
}

describe('a provider quotes', () => {
  it('adds VAT at 15 % when the provider is VAT-registered, and states its registration', async () => {
    const mailbox = await watchOutbox(api);
    const sent = await sendQuoteOf(registered.id);
    // 6 h at R450 + 4 cameras at R1 299.50 = R7 898.00; VAT R1 184.70.
    expect(sent).toMatchObject({
      version: 1,
      subtotalCents: 789_800,
      vatCents: 118_470,
      totalCents: 908_270,
      depositCents: 181_654,
      mailed: true,
    });
    const [row] = await api.database.db.select().from(quotes).where(eq(quotes.id, sent.id));
    expect(row).toMatchObject({
      vatPercent: 15,
      vatNumber: '4123456789',
      registeredName: 'Ubuntu Security Solutions (Pty) Ltd',
      depositPercent: 20,
    });
    const lines = await api.database.db
      .select()
      .from(quoteLines)
      .where(eq(quoteLines.quoteId, sent.id));
    expect(lines.map((line) => line.totalCents)).toEqual([270_000, 519_800]);

    // The customer is mailed a link to compare, and the PDF.
    const mails = await mailbox.newMails();
    const mail = mails.find((m) => m.to.includes('thandi@example.co.za'))!;
    expect(mail.subject).toContain('Ubuntu Security Solutions sent a quote');
    expect(mail.text).toContain('R9\u00a0082,70 including VAT of R1\u00a0184,70');
    expect(linkIn(mail.text, '/request?token=')).toBeDefined();
    expect(linkIn(mail.text, `/api/requests/quotes/${sent.id}/pdf?token=`)).toBeDefined();

    // The copy's timeline records the response, and the copy counts as answered.
    const events = await api.database.db
      .select()
      .from(enquiryEvents)
      .where(eq(enquiryEvents.enquiryId, copyOf(registered.id)));
    expect(events.find((event) => event.kind === 'responded')?.detail).toMatch(
      /^Quote 1 sent: R9\u00a0082,70 including VAT, valid until /,
    );
    const [copy] = await api.database.db
      .select({ respondedAt: customerEnquiries.respondedAt })
      .from(customerEnquiries)
      .where(eq(customerEnquiries.id, copyOf(registered.id)));
    expect(copy?.respondedAt).not.toBeNull();
  });

  it('a provider registers for VAT on its profile: the number with its registered name', async () => {
    const token = await providerSession(api, plain.id);
    const me = await okJson<Record<string, unknown>>(sendAs(api, token, 'GET', '/api/provider/me'));
    expect(me).toMatchObject({ vatNumber: null, registeredName: null });
    const register = (vatNumber: string, registeredName: string) =>
      sendAs(api, token, 'PUT', '/api/provider/profile', { ...me, vatNumber, registeredName });
    await expectFieldError(
      await register('4987654321', ''),
      'registeredName',
      REGISTERED_NAME_MESSAGE,
    );
    await expectFieldError(
      await register('1234', 'Karoo Camera Works CC'),
      'vatNumber',
      VAT_NUMBER_MESSAGE,
    );
    await okJson(register('4987 654 321', 'Karoo Camera Works CC'));
    const sent = await sendQuoteOf(plain.id);
    expect(sent).toMatchObject({ vatCents: 118_470, totalCents: 908_270 });
  });

  it('adds no VAT when the provider is not VAT-registered', async () => {
    const sent = await sendQuoteOf(plain.id, {
      depositKind: 'amount',
      depositAmountCents: 100_000,
    });
    expect(sent).toMatchObject({
      subtotalCents: 789_800,
      vatCents: 0,
      totalCents: 789_800,
      depositCents: 100_000,
    });
  });

  it('keeps every version: a revision is the next one, the earlier one superseded', async () => {
    await sendQuoteOf(plain.id);
    const revised = await sendQuoteOf(plain.id, {
      lines: [
        {
          kind: 'call-out',
          description: 'Call-out',
          quantity: 1,
          unit: 'each',
          unitPriceCents: 50_000,
        },
      ],
    });
    expect(revised.version).toBe(2);
    const own = await okJson<{ quotes: { version: number; state: string }[] }>(
      asProvider(api, plain.id, 'GET', `/api/provider/enquiries/${copyOf(plain.id)}/quotes`),
    );
    expect(own.quotes.map((q) => [q.version, q.state])).toEqual([
      [2, 'open'],
      [1, 'superseded'],
    ]);
  });

  describe('refuses bad input with 400 naming the field, and stores nothing', () => {
    const line = quoteBody().lines[0]!;
    const today = saToday();
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['no lines', { lines: [] }, 'lines', QUOTE_MESSAGES.noLines],
      [
        'more than 50 lines',
        { lines: Array.from({ length: 51 }, () => line) },
        'lines',
        QUOTE_MESSAGES.tooManyLines,
      ],
      [
        'a negative amount',
        { lines: [{ ...line, unitPriceCents: -100 }] },
        'lines.0.unitPriceCents',
        QUOTE_MESSAGES.negative,
      ],
      [
        'an absurd unit price',
        { lines: [{ ...line, unitPriceCents: 100_000_001 }] },
        'lines.0.unitPriceCents',
        QUOTE_MESSAGES.unitPriceTooHigh,
      ],
      [
        'an absurd total',
        {
          lines: Array.from({ length: 6 }, () => ({
            ...line,
            quantity: 1,
            unitPriceCents: 99_000_000,
          })),
        },
        'lines',
        QUOTE_MESSAGES.totalTooHigh,
      ],
      [
        'a validity in the past',
        { validUntil: addDays(today, -1) },
        'validUntil',
        QUOTE_MESSAGES.validityPast,
      ],
      [
        'less than 3 months warranty on repair work',
        { repairWork: true, warrantyMonths: 1 },
        'warrantyMonths',
        QUOTE_MESSAGES.repairWarranty,
      ],
      [
        'a deposit share above the cap',
        { depositKind: 'share', depositPercent: 60 },
        'depositPercent',
        QUOTE_MESSAGES.depositCap(50),
      ],
      [
        'a deposit amount above the cap',
        { depositKind: 'amount', depositAmountCents: 400_000 },
        'depositAmountCents',
        QUOTE_MESSAGES.depositCap(50),
      ],
      [
        'a preparation fee the customer did not agree',
        { preparationFeeCents: 35_000 },
        'preparationFeeCents',
        QUOTE_MESSAGES.preparationFeeNotAgreed,
      ],
    ];
    it.each(cases)('%s', async (_, overrides, field, message) => {
      await api.database.db.delete(rateLimits);
      const response = await postQuote(api, plain.id, copyOf(plain.id), {
        ...quoteBody(),
        ...overrides,
      });
      await expectFieldError(response, field, message);
      expect(await quoteCount()).toBe(0);
      expect(await mailCount()).toBe(0);
    });
  });

  it("never touches another provider's copy: 404, as if it did not exist", async () => {
    await sendQuoteOf(plain.id);
    const other = copyOf(plain.id);
    await expectError(await postQuote(api, registered.id, other, quoteBody()), 404);
    await expectError(
      await asProvider(api, registered.id, 'GET', `/api/provider/enquiries/${other}/quotes`),
      404,
    );
    expect(await quoteCount()).toBe(1);
  });

  it('a preparation fee counts once the customer agreed to it', async () => {
    const copy = copyOf(plain.id);
    await okJson(
      asProvider(api, plain.id, 'POST', `/api/provider/enquiries/${copy}/preparation-fee`, {
        feeCents: 35_000,
      }),
    );
    await expectFieldError(
      await postQuote(api, plain.id, copy, quoteBody({ preparationFeeCents: 35_000 })),
      'preparationFeeCents',
      QUOTE_MESSAGES.preparationFeeNotAgreed,
    );
    await okJson(
      customerPost(api, '/api/requests/preparation-fee', {
        token: group.token,
        enquiryId: copy,
        agree: true,
      }),
    );
    const sent = await sendQuoteOf(plain.id, { preparationFeeCents: 35_000 });
    expect(sent.version).toBe(1);
    // Answered once.
    await expectError(
      await customerPost(api, '/api/requests/preparation-fee', {
        token: group.token,
        enquiryId: copy,
        agree: false,
      }),
      409,
    );
  });
});

describe('the customer compares and accepts', () => {
  it('sees every provider of the group side by side, with their quotes', async () => {
    await sendQuoteOf(registered.id);
    await sendQuoteOf(plain.id);
    await sendQuoteOf(plain.id);
    const view = await customerView();
    expect(view.offers.map((offer) => offer.provider?.name)).toEqual([
      registered.name,
      plain.name,
      third.name,
    ]);
    expect(view.offers[0]!.quotes.map((q) => [q.version, q.state])).toEqual([[1, 'open']]);
    expect(view.offers[1]!.quotes.map((q) => [q.version, q.state])).toEqual([
      [2, 'open'],
      [1, 'superseded'],
    ]);
    expect(view.offers[2]!.quotes).toEqual([]);
    expect(view.job).toBeNull();
  });

  it('accepts one version; the others are told at once, politely', async () => {
    const chosen = await sendQuoteOf(registered.id);
    await sendQuoteOf(plain.id);
    const view0 = await customerView();
    const mailbox = await watchOutbox(api);
    const answer = await okJson<{ message: string; job: { quoteId: number; version: number } }>(
      acceptQuote(api, chosen.id, group.token),
    );
    expect(answer.message).toBe(ACCEPT_MESSAGES.accepted);
    expect(answer.job).toMatchObject({ quoteId: chosen.id, version: 1 });

    const copies = await api.database.db
      .select({
        id: customerEnquiries.id,
        status: customerEnquiries.status,
        cancelReason: customerEnquiries.cancelReason,
      })
      .from(customerEnquiries);
    const statusOf = (providerId: number) => copies.find((c) => c.id === copyOf(providerId));
    expect(statusOf(registered.id)?.status).toBe('in_progress');
    for (const other of [plain.id, third.id]) {
      expect(statusOf(other)).toMatchObject({
        status: 'cancelled',
        cancelReason: NOT_CHOSEN_REASON,
      });
    }

    const mails = await mailbox.newMails();
    const subjects = mails.map((mail) => mail.subject);
    expect(subjects).toHaveLength(4);
    expect(subjects.filter((s) => s.endsWith('the customer chose another provider'))).toHaveLength(
      2,
    );
    expect(subjects).toContain(`Your quote for ${view0.reference} was accepted`);
    expect(subjects).toContain(
      `You accepted Ubuntu Security Solutions's quote for ${view0.reference}`,
    );
    const polite = mails.filter((mail) => mail.subject.includes('chose another provider'));
    // Nobody learns who the others are.
    for (const mail of polite) expect(mail.text).not.toContain(registered.name);
    const customerMail = mails.find((mail) => mail.subject.startsWith('You accepted'))!;
    expect(linkIn(customerMail.text, '/api/requests/job/pdf?token=')).toBeDefined();

    const view = await customerView();
    expect(view.job).toMatchObject({ quoteId: chosen.id, version: 1, agreedTotalCents: 908_270 });
    expect(view.offers[1]!.quotes[0]!.state).toBe('not-chosen');
    // The other provider's dashboard knows only that another quote was accepted.
    const own = await okJson<{ otherChosen: boolean; job: unknown }>(
      asProvider(api, plain.id, 'GET', `/api/provider/enquiries/${copyOf(plain.id)}/quotes`),
    );
    expect(own).toMatchObject({ otherChosen: true, job: null });
    // It can quote no more.
    await expectError(await postQuote(api, plain.id, copyOf(plain.id), quoteBody()), 409);
  });

  it('accepts exactly once, even when twenty acceptances arrive at once', async () => {
    const first = await sendQuoteOf(registered.id);
    const second = await sendQuoteOf(plain.id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        acceptQuote(api, i % 2 ? first.id : second.id, group.token),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    const rows = await api.database.db.select().from(jobs);
    expect(rows).toHaveLength(1);
    const closed = await api.database.db
      .select({ n: count() })
      .from(customerEnquiries)
      .where(eq(customerEnquiries.status, 'cancelled'));
    expect(closed[0]!.n).toBe(2);
  });

  it('refuses a superseded, an expired or a declined quote with 409', async () => {
    const old = await sendQuoteOf(plain.id);
    const newest = await sendQuoteOf(plain.id);
    await expectError(await acceptQuote(api, old.id, group.token), 409, ACCEPT_MESSAGES.superseded);

    const lapsed = await sendQuoteOf(registered.id);
    await api.database.db
      .update(quotes)
      .set({ validUntil: addDays(saToday(), -1) })
      .where(eq(quotes.id, lapsed.id));
    await expectError(await acceptQuote(api, lapsed.id, group.token), 409, ACCEPT_MESSAGES.expired);

    const mailbox = await watchOutbox(api);
    await expectFieldError(
      await customerPost(api, `/api/requests/quotes/${newest.id}/decline`, {
        token: group.token,
        reason: ' ',
      }),
      'reason',
      QUOTE_MESSAGES.reasonRequired,
    );
    await okJson(
      customerPost(api, `/api/requests/quotes/${newest.id}/decline`, {
        token: group.token,
        reason: 'Too dear for us this year.',
      }),
    );
    const [declineMail] = await mailbox.newMails();
    expect(declineMail?.text).toContain('Too dear for us this year.');
    await expectError(
      await acceptQuote(api, newest.id, group.token),
      409,
      ACCEPT_MESSAGES.declined,
    );
    expect(await api.database.db.select().from(jobs)).toEqual([]);
  });

  it('a status token opens its own request group only', async () => {
    const stranger = await insertProvider(api.database.db);
    const otherGroup = await insertRequestGroup(api, [stranger.id]);
    const theirs = await okJson<SentQuote>(
      postQuote(api, stranger.id, otherGroup.copies[0]!.id, quoteBody()),
      201,
    );
    await expectError(await acceptQuote(api, theirs.id, group.token), 404);
    const view = await customerView();
    expect(view.offers.flatMap((offer) => offer.quotes)).toEqual([]);
    expect(await api.database.db.select().from(jobs)).toEqual([]);
  });

  it('a request sent to one provider is a group of its own', async () => {
    const { single, sent } = await acceptedAlone(plain.id);
    const [job] = await api.database.db.select().from(jobs);
    expect(job).toMatchObject({ groupId: single.copies[0]!.id, quoteId: sent.id });
    expect(
      (
        await api.database.db
          .select({ groupId: customerEnquiries.groupId })
          .from(customerEnquiries)
          .where(sql`${customerEnquiries.id} = ${single.copies[0]!.id}`)
      )[0]?.groupId,
    ).toBeNull();
  });
});

describe('changes in writing, and completion at the agreed price', () => {
  const variationBody = {
    reason: 'The second camera needs a 20 m longer cable run than the site visit showed.',
    lines: [
      {
        kind: 'materials',
        description: 'Cat6 cable',
        quantity: 20,
        unit: 'm',
        unitPriceCents: 1_250,
      },
      {
        kind: 'labour',
        description: 'Extra cable run',
        quantity: 1.5,
        unit: 'hour',
        unitPriceCents: 45_000,
      },
    ],
  };
  // R250 + R675 = R925, VAT R138.75: R1 063.75.
  const VARIATION_TOTAL = 106_375;
  const QUOTE_TOTAL = 908_270;

  async function acceptedJob() {
    const quote = await sendQuoteOf(registered.id);
    await okJson(acceptQuote(api, quote.id, group.token));
    return { quote, copy: copyOf(registered.id) };
  }
  const propose = (copy: number, body: unknown = variationBody) =>
    asProvider(api, registered.id, 'POST', `/api/provider/enquiries/${copy}/variations`, body);
  const complete = (copy: number, finalTotalCents: number) =>
    asProvider(api, registered.id, 'POST', `/api/provider/enquiries/${copy}/job/complete`, {
      finalTotalCents,
    });
  const agreedTotal = async () => (await customerView()).job?.agreedTotalCents;

  it('a variation needs an accepted quote first', async () => {
    await sendQuoteOf(registered.id);
    await expectError(await propose(copyOf(registered.id)), 409);
  });

  it('counts in the agreed total only once the customer approves it', async () => {
    const { copy } = await acceptedJob();
    const mailbox = await watchOutbox(api);
    const proposed = await okJson<{ id: number; number: number; totalCents: number }>(
      propose(copy),
      201,
    );
    expect(proposed).toMatchObject({ number: 1, totalCents: VARIATION_TOTAL });
    const [mail] = await mailbox.newMails();
    expect(mail?.subject).toContain('proposes a change of price');
    expect(await agreedTotal()).toBe(QUOTE_TOTAL);

    await okJson(
      customerPost(api, `/api/requests/variations/${proposed.id}/approve`, { token: group.token }),
    );
    expect(await agreedTotal()).toBe(QUOTE_TOTAL + VARIATION_TOTAL);
    // Answered once.
    await expectError(
      await customerPost(api, `/api/requests/variations/${proposed.id}/decline`, {
        token: group.token,
        reason: 'Changed my mind.',
      }),
      409,
    );

    const second = await okJson<{ id: number; number: number }>(propose(copy), 201);
    expect(second.number).toBe(2);
    await okJson(
      customerPost(api, `/api/requests/variations/${second.id}/decline`, {
        token: group.token,
        reason: 'The cable was in the quote already.',
      }),
    );
    expect(await agreedTotal()).toBe(QUOTE_TOTAL + VARIATION_TOTAL);
  });

  it('refuses completing at more than the agreed total, storing nothing', async () => {
    const { copy } = await acceptedJob();
    await expectFieldError(
      await complete(copy, QUOTE_TOTAL + 1),
      'finalTotalCents',
      'The final total R9\u00a0082,71 is more than the agreed R9\u00a0082,70: propose a variation for the difference, and complete the job once the customer has approved it.',
      409,
    );
    const [job] = await api.database.db.select().from(jobs);
    expect(job).toMatchObject({ completedAt: null, finalTotalCents: null });
    expect((await enquiryRow(api, copy)).status).toBe('in_progress');
  });

  it('is completed at the agreed total with an approved variation, and the review invitation goes out', async () => {
    const { copy } = await acceptedJob();
    const variation = await okJson<{ id: number }>(propose(copy), 201);
    await okJson(
      customerPost(api, `/api/requests/variations/${variation.id}/approve`, { token: group.token }),
    );
    const mailbox = await watchOutbox(api);
    await okJson(complete(copy, QUOTE_TOTAL + VARIATION_TOTAL));
    const mails = await mailbox.newMails();
    expect(mails.map((mail) => mail.subject)).toContain(`How did ${registered.name} do?`);
    expect((await enquiryRow(api, copy)).status).toBe('completed');
    // Completed: the price holds.
    await expectError(await propose(copy), 409);
    await expectError(await complete(copy, 1), 409);
    // The provider's public record counts it, too few yet to be a record.
    const page = await okJson<{ priceRecord: { jobs: number; kept: number } }>(
      api.get(`/api/providers/${registered.id}`),
    );
    expect(page.priceRecord).toEqual({ jobs: 1, kept: 1 });
  });

  it('the public record counts the jobs completed in 12 months, and those kept to the price', async () => {
    const db = api.database.db;
    // Five earlier jobs of the provider, each a request of its own, completed at the
    // agreed total; one of them disputed, one completed 13 months ago.
    for (const [index, age] of [
      '1 month',
      '2 months',
      '3 months',
      '4 months',
      '13 months',
    ].entries()) {
      const { single, sent } = await acceptedAlone(registered.id);
      await okJson(complete(single.copies[0]!.id, sent.totalCents));
      await db.execute(
        sql`UPDATE jobs SET completed_at = now() - ${age}::interval,
              disputed_at = CASE WHEN ${index} = 1 THEN now() END,
              disputed_by = CASE WHEN ${index} = 1 THEN 'customer' END,
              dispute_reason = CASE WHEN ${index} = 1 THEN 'The gate motor was left loose.' END
            WHERE quote_id = ${sent.id}`,
      );
      await db.delete(rateLimits);
    }
    const page = await okJson<{ priceRecord: { jobs: number; kept: number } }>(
      api.get(`/api/providers/${registered.id}`),
    );
    expect(page.priceRecord).toEqual({ jobs: 4, kept: 3 });
    expect(priceRecordWords(page.priceRecord)).toBe('Kept to the agreed price on 3 of 4 jobs');
    expect(priceRecordWords({ jobs: 2, kept: 2 })).toBe(
      'Too few jobs with an agreed price in the last 12 months to show a record (2 so far).',
    );
  });

  it('an agreed job is completed with its final total only, not by the response form or the desk', async () => {
    const { copy } = await acceptedJob();
    await expectError(
      await asProvider(api, registered.id, 'POST', `/api/provider/enquiries/${copy}/job/complete`, {
        finalTotalCents: -5,
      }),
      400,
    );
    const token = await providerSession(api, registered.id);
    await expectError(
      await sendAs(api, token, 'PUT', `/api/provider/enquiries/${copy}/response`, {
        providerResponse: 'All done.',
        status: 'completed',
      }),
      409,
    );
    const admin = await createTestAdmin(api);
    await expectError(
      await sendAs(api, await adminSession(api, admin.id), 'PUT', `/api/admin/enquiries/${copy}`, {
        status: 'completed',
      }),
      409,
    );
    expect((await enquiryRow(api, copy)).status).toBe('in_progress');
  });
});

describe('the desk sees the jobs, and disputes either side raises', () => {
  async function acceptedJob() {
    const quote = await sendQuoteOf(registered.id);
    await okJson(acceptQuote(api, quote.id, group.token));
    return { quote, copy: copyOf(registered.id) };
  }

  it('a dispute needs an agreed job, a reason, and is raised once', async () => {
    await expectError(
      await customerPost(api, '/api/requests/job/dispute', {
        token: group.token,
        reason: 'The work is not done.',
      }),
      409,
    );
    const { copy } = await acceptedJob();
    await expectFieldError(
      await customerPost(api, '/api/requests/job/dispute', { token: group.token, reason: '' }),
      'reason',
      QUOTE_MESSAGES.reasonRequired,
    );
    // Another provider's copy is none of its business.
    await expectError(
      await asProvider(api, plain.id, 'POST', `/api/provider/enquiries/${copy}/job/dispute`, {
        reason: 'Not mine.',
      }),
      404,
    );
    await okJson(
      customerPost(api, '/api/requests/job/dispute', {
        token: group.token,
        reason: 'The provider asks R2 000 more in cash.',
      }),
    );
    await expectError(
      await asProvider(api, registered.id, 'POST', `/api/provider/enquiries/${copy}/job/dispute`, {
        reason: 'The customer will not pay the deposit.',
      }),
      409,
    );
    const [job] = await api.database.db.select().from(jobs);
    expect(job).toMatchObject({
      disputedBy: 'customer',
      disputeReason: 'The provider asks R2 000 more in cash.',
    });
  });

  it('lists the agreed jobs, disputed first, with their quotes, and exports them as CSV', async () => {
    const admin = await createTestAdmin(api);
    const session = await adminSession(api, admin.id);
    const { quote, copy } = await acceptedJob();
    await okJson(
      asProvider(api, registered.id, 'POST', `/api/provider/enquiries/${copy}/job/dispute`, {
        reason: 'The customer changed the access point positions twice.',
      }),
    );
    const list = await okJson<
      { reference: string; disputedBy: string; agreedTotalCents: number; providerName: string }[]
    >(sendAs(api, session, 'GET', '/api/admin/jobs'));
    expect(list).toEqual([
      expect.objectContaining({
        disputedBy: 'provider',
        agreedTotalCents: 908_270,
        providerName: registered.name,
      }),
    ]);
    expect(list[0]?.reference).toMatch(/^VP-\d{2}-\d{6}$/);
    const quotesOfRequest = await okJson<{ quotes: { id: number; state: string }[] }>(
      sendAs(api, session, 'GET', `/api/admin/enquiries/${copyOf(plain.id)}/quotes`),
    );
    expect(quotesOfRequest.quotes).toEqual([
      expect.objectContaining({ id: quote.id, state: 'accepted' }),
    ]);
    const pdf = await sendAs(api, session, 'GET', `/api/admin/quotes/${quote.id}/pdf`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    await pdf.arrayBuffer();

    const csv = await sendAs(api, session, 'GET', '/api/admin/exports/jobs.csv');
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="jobs-/);
    const [header, row] = (await csv.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toContain('Agreed total (R)');
    expect(row).toContain('9082.70');
    expect(row).toContain('provider');
    expect(row).toContain('The customer changed the access point positions twice.');
  });
});
