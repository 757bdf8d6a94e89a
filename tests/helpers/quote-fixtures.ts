/**
 * Request groups and quotes for the tests: a group is made by inserting its copies with
 * group_id directly (one brief, one copy per provider, each holding the first's id), and
 * a status token by inserting its hash, as the request form and its mail would; or sent
 * through the form itself, its token read from the customer's mail.
 */
import { asc, eq } from 'drizzle-orm';
import { customerEnquiries, rateLimits, requestStatusLinks } from '../../db/schema.ts';
import { newStatusToken } from '../../src/api/requests/status-tokens.ts';
import { addDays, saToday } from '../../src/lib/calendar-days.ts';
import type { QuoteInput } from '../../src/lib/schemas/quotes.ts';
import { okJson, sendAs, sendJson, type Method } from './api-fixtures.ts';
import { CUSTOMER_EMAIL, insertAlphaAndBeta, insertEnquiry, validEnquiryBody } from './builders.ts';
import { linkIn, watchOutbox } from './outbox.ts';
import { providerSession } from './provider-fixtures.ts';
import type { TestApi } from './test-api.ts';

export interface RequestGroup {
  /** The copies, in the order of the providers given; the first is the group's id. */
  copies: { id: number; providerId: number }[];
  /** The customer's status token (it opens the first copy, and so the group). */
  token: string;
}

/** One request sent to these providers at once, its address confirmed. */
export async function insertRequestGroup(
  api: TestApi,
  providerIds: readonly number[],
  overrides: Partial<typeof customerEnquiries.$inferInsert> = {},
): Promise<RequestGroup> {
  const db = api.database.db;
  const common = {
    customerName: 'Thandi Nkosi',
    customerEmail: CUSTOMER_EMAIL,
    status: 'assigned' as const,
    emailConfirmedAt: new Date(),
    ...overrides,
  };
  const copies: { id: number; providerId: number }[] = [];
  for (const providerId of providerIds) {
    const first = copies[0];
    const row = await insertEnquiry(db, {
      ...common,
      assignedProviderId: providerId,
      ...(first && { groupId: first.id }),
    });
    copies.push({ id: row.id, providerId });
  }
  const first = copies[0]!;
  if (providerIds.length > 1) {
    await db
      .update(customerEnquiries)
      .set({ groupId: first.id })
      .where(eq(customerEnquiries.id, first.id));
  }
  const { token, hash } = newStatusToken();
  await db.insert(requestStatusLinks).values({ tokenHash: hash, enquiryId: first.id });
  return { copies, token };
}

/**
 * The start of each test of a request sent to several providers: an emptied database
 * with Alpha Cameras and Beta Security (insertAlphaAndBeta).
 */
export async function resetWithAlphaAndBeta(api: TestApi) {
  await api.database.reset();
  return insertAlphaAndBeta(api.database.db);
}

/**
 * One request to these providers through the form (POST /api/enquiries, the rate limit
 * forgotten first): its reference, the status token the customer is mailed, and the ids
 * of every copy stored so far, oldest first.
 */
export async function sendRequestThroughForm(api: TestApi, providerIds: readonly number[]) {
  await api.database.db.delete(rateLimits);
  const mailbox = await watchOutbox(api);
  const body = validEnquiryBody(providerIds[0]!, { providerIds });
  const answer = await okJson<{ reference: string }>(
    customerPost(api, '/api/enquiries', body),
    201,
  );
  const mail = (await mailbox.newMails()).find((m) => m.to === body['customerEmail']);
  const token = linkIn(mail?.text ?? '', '/request?token=')?.searchParams.get('token') ?? '';
  const rows = await api.database.db
    .select({ id: customerEnquiries.id })
    .from(customerEnquiries)
    .orderBy(asc(customerEnquiries.id));
  return { reference: answer.reference, token, copies: rows.map((row) => row.id) };
}

/** A valid quote body: two lines, valid a month, a 20 % deposit, repair work. */
export function quoteBody(overrides: Partial<QuoteInput> = {}): QuoteInput {
  const today = saToday();
  return {
    lines: [
      {
        kind: 'labour',
        description: 'Install and aim four cameras',
        quantity: 6,
        unit: 'hour',
        unitPriceCents: 45_000,
      },
      {
        kind: 'materials',
        description: '4 MP dome camera',
        quantity: 4,
        unit: 'each',
        unitPriceCents: 129_950,
      },
    ],
    validUntil: addDays(today, 30),
    earliestStart: addDays(today, 3),
    depositKind: 'share',
    depositPercent: 20,
    repairWork: true,
    warrantyMonths: 6,
    preparationFeeCents: 0,
    note: 'Cabling inside existing trunking.',
    ...overrides,
  };
}

/** POST the quote as the provider (a session minted for it). */
export async function postQuote(
  api: TestApi,
  providerId: number,
  enquiryId: number,
  body: unknown,
): Promise<Response> {
  return sendAs(
    api,
    await providerSession(api, providerId),
    'POST',
    `/api/provider/enquiries/${enquiryId}/quotes`,
    body,
  );
}

/** A provider's call with its session. */
export async function asProvider(
  api: TestApi,
  providerId: number,
  method: Method,
  path: string,
  body?: unknown,
): Promise<Response> {
  return sendAs(api, await providerSession(api, providerId), method, path, body);
}

/** A customer's POST (no session: the token in the body is the key). */
export function customerPost(api: TestApi, path: string, body: unknown): Promise<Response> {
  return sendJson(api, 'POST', path, body);
}

/** The customer accepts the quote, with the status token of its request. */
export function acceptQuote(api: TestApi, quoteId: number, token: string): Promise<Response> {
  return customerPost(api, `/api/requests/quotes/${quoteId}/accept`, { token });
}
