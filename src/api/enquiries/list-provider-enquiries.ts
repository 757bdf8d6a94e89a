import { and, asc, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { customerEnquiries as e, enquiryEvents as ev } from '../../../db/schema.ts';
import { photoIdsOf, sitePhotoPaths } from '../requests/site-photos.ts';

/**
 * What a provider sees of an enquiry: all of it (admin notes included, spec section 6)
 * except where the request came from and was confirmed from, which is kept to hold self-written reviews, and
 * the customer's status-page token (its hash).
 */
const {
  clientAddress: _clientAddress,
  confirmedFrom: _confirmedFrom,
  senderProviderId: _senderProviderId,
  statusTokenHash: _statusTokenHash,
  ...providerColumns
} = getTableColumns(e);

/** A stored enquiry as its provider may see it (the same columns as providerColumns). */
export function providerView<T extends typeof e.$inferSelect>(row: T) {
  const {
    clientAddress: _address,
    confirmedFrom: _confirmed,
    senderProviderId: _sender,
    statusTokenHash: _statusToken,
    ...seen
  } = row;
  return seen;
}

/** One of the provider's responses to a request, as the customer was sent it. */
export interface SentResponse {
  at: Date;
  text: string;
}

/**
 * The provider's responses to each request, oldest first (the 'responded' events the
 * triggers record): those since the request was last passed to it, not another provider's.
 */
async function responsesTo(db: Database, ids: number[]): Promise<Map<number, SentResponse[]>> {
  const byRequest = new Map<number, SentResponse[]>();
  if (ids.length === 0) return byRequest;
  const rows = await db
    .select({ enquiryId: ev.enquiryId, at: ev.at, text: ev.detail })
    .from(ev)
    .where(
      and(
        inArray(ev.enquiryId, ids),
        eq(ev.kind, 'responded'),
        sql`${ev.at} >= coalesce((SELECT max(passed.at) FROM ${ev} AS passed
             WHERE passed.enquiry_id = ${ev.enquiryId} AND passed.kind = 'reassigned'), '-infinity')`,
      ),
    )
    .orderBy(asc(ev.enquiryId), asc(ev.at), asc(ev.id));
  for (const row of rows) {
    if (row.text === null) continue;
    const list = byRequest.get(row.enquiryId) ?? [];
    list.push({ at: row.at, text: row.text });
    byRequest.set(row.enquiryId, list);
  }
  return byRequest;
}

/**
 * The enquiries assigned to the provider, newest first, with their site photos' addresses
 * and the provider's responses so far. A provider off the listing sees them without the
 * customer's e-mail, phone and photos.
 */
export async function listProviderEnquiries(
  db: Database,
  { id: providerId, isListed }: { id: number; isListed: boolean },
) {
  const rows = await db
    .select(providerColumns)
    .from(e)
    .where(eq(e.assignedProviderId, providerId))
    .orderBy(desc(e.createdAt), desc(e.id));
  const ids = rows.map((row) => row.id);
  const [photos, responses] = await Promise.all([photoIdsOf(db, ids), responsesTo(db, ids)]);
  return rows.map((row) => {
    const sent = responses.get(row.id) ?? [];
    return isListed
      ? {
          ...row,
          photos: (photos.get(row.id) ?? []).map(sitePhotoPaths.provider),
          responses: sent,
          contactWithheld: false,
        }
      : {
          ...row,
          customerEmail: '',
          customerPhone: null,
          photos: [],
          responses: sent,
          contactWithheld: true,
        };
  });
}
