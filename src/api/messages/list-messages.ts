/**
 * The conversations of a request as each side reads them (docs/decisions/0050): the
 * customer every copy of its request, one conversation per provider; a provider only
 * its own copy's messages with it (not those of a provider the copy had before); the
 * desk everything of a copy.
 */
import { and, asc, count, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  customerEnquiries as e,
  requestMessages as m,
  serviceProviders as p,
} from '../../../db/schema.ts';
import { MESSAGE_TEXTS } from '../../lib/schemas/request-messages.ts';
import { AppError } from '../errors.ts';
import { copiesOfToken } from '../requests/request-of-token.ts';
import { filesOf, type MessageFileViewer } from './message-files.ts';

/** Messages of these copies (and, for a provider, with it only), oldest first, with files. */
async function messagesOf(
  db: Database,
  { enquiryIds, providerId }: { enquiryIds: readonly number[]; providerId?: number },
  viewer: MessageFileViewer,
) {
  if (enquiryIds.length === 0) return [];
  const rows = await db
    .select({
      id: m.id,
      enquiryId: m.enquiryId,
      providerId: m.providerId,
      providerName: p.name,
      author: m.author,
      text: m.body,
      at: m.createdAt,
    })
    .from(m)
    .leftJoin(p, eq(p.id, m.providerId))
    .where(
      and(
        inArray(m.enquiryId, [...enquiryIds]),
        providerId === undefined ? undefined : eq(m.providerId, providerId),
      ),
    )
    .orderBy(asc(m.createdAt), asc(m.id));
  const files = await filesOf(
    db,
    rows.map((row) => row.id),
    viewer,
  );
  return rows.map((row) => ({ ...row, files: files.get(row.id) ?? [] }));
}

/**
 * GET /api/requests/messages?token=: a conversation per copy of the request the token
 * opens, with the provider the copy has now and whether the customer can write there.
 * Messages with a provider the copy had before stay in it, named.
 */
export async function listCustomerMessages(db: Database, { token }: { token: string }) {
  const ids = await copiesOfToken(db, token);
  const [copies, messages] = await Promise.all([
    db
      .select({
        id: e.id,
        status: e.status,
        providerId: p.id,
        providerName: p.name,
      })
      .from(e)
      // A provider off the listing is none to write to (as the status page shows it).
      .leftJoin(p, and(eq(p.id, e.assignedProviderId), eq(p.isApproved, true)))
      .where(inArray(e.id, ids))
      .orderBy(asc(e.id)),
    messagesOf(db, { enquiryIds: ids }, { kind: 'customer', enquiryIds: ids, token }),
  ]);
  return {
    conversations: copies.map((copy) => ({
      enquiryId: copy.id,
      provider:
        copy.providerId !== null ? { id: copy.providerId, name: copy.providerName ?? '' } : null,
      canWrite: copy.providerId !== null && copy.status !== 'cancelled',
      messages: messages
        .filter((message) => message.enquiryId === copy.id)
        .map(({ providerId: _id, enquiryId: _copy, ...message }) => message),
    })),
  };
}

/**
 * GET /api/provider/enquiries/{id}/messages: the provider's conversation on its own copy;
 * a copy that is not its own answers 404, as if it did not exist.
 */
export async function listProviderMessages(
  db: Database,
  { providerId, enquiryId }: { providerId: number; enquiryId: number },
) {
  const [copy] = await db
    .select({ status: e.status })
    .from(e)
    .where(and(eq(e.id, enquiryId), eq(e.assignedProviderId, providerId)));
  if (!copy) throw new AppError('not_found', MESSAGE_TEXTS.notFound);
  const messages = await messagesOf(
    db,
    { enquiryIds: [enquiryId], providerId },
    { kind: 'provider', providerId },
  );
  return {
    canWrite: copy.status !== 'cancelled',
    messages: messages.map(
      ({ providerId: _id, providerName: _name, enquiryId: _copy, ...message }) => message,
    ),
  };
}

/**
 * GET /api/provider/messages: for each of the provider's requests with messages, how
 * many there are and who wrote last, for the dashboard's cards.
 */
export async function listProviderMessageSummaries(db: Database, providerId: number) {
  const last = db
    .selectDistinctOn([m.enquiryId], { enquiryId: m.enquiryId, author: m.author })
    .from(m)
    .where(eq(m.providerId, providerId))
    .orderBy(m.enquiryId, desc(m.createdAt), desc(m.id))
    .as('last');
  const rows = await db
    .select({
      enquiryId: m.enquiryId,
      count: count(),
      lastAt: max(m.createdAt),
      lastAuthor: sql<string>`min(${last.author})`,
    })
    .from(m)
    .innerJoin(e, and(eq(e.id, m.enquiryId), eq(e.assignedProviderId, providerId)))
    .innerJoin(last, eq(last.enquiryId, m.enquiryId))
    .where(eq(m.providerId, providerId))
    .groupBy(m.enquiryId)
    .orderBy(m.enquiryId);
  return rows.map((row) => ({
    enquiryId: row.enquiryId,
    count: row.count,
    lastAt: row.lastAt,
    lastAuthor: row.lastAuthor === 'customer' ? ('customer' as const) : ('provider' as const),
  }));
}

/** GET /api/admin/enquiries/{id}/messages: every message on the copy, for the desk. */
export async function listDeskMessages(db: Database, enquiryId: number) {
  const [copy] = await db.select({ id: e.id }).from(e).where(eq(e.id, enquiryId));
  if (!copy) throw new AppError('not_found', 'Enquiry not found');
  const messages = await messagesOf(db, { enquiryIds: [enquiryId] }, { kind: 'admin' });
  return { messages: messages.map(({ enquiryId: _copy, ...message }) => message) };
}
