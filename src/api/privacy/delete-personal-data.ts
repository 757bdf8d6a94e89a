/**
 * A person deletes what is held about their address (POPIA s24), in one transaction:
 * - open requests are cancelled and their providers told (by reference only);
 * - every request is anonymised: name, address, phone, words, brief, notes, networks and
 *   links erased, so the provider's response record (dates, service, town) stays true;
 * - site photos are deleted (rows now, files by the outbox), reviews lose the name;
 * - messages through the contact form and consents are deleted (a deletion ends them);
 * - mail to the address or about its requests is erased (queued mail cancelled), and so
 *   are its rate-limit counters and privacy-centre links.
 * What remains is gathered again through the same map and listed with why and until when
 * (KEPT), so the answer never claims more than was done.
 */
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client.ts';
import {
  consents,
  contactMessages,
  customerEnquiries as e,
  outbox,
  privacyLinks,
  rateLimits,
  reviews,
} from '../../../db/schema.ts';
import { requestReference } from '../../lib/request-reference.ts';
import { dueAt, periodInWords, RETENTION } from '../../lib/retention.ts';
import { enqueueMail } from '../jobs/enqueue.ts';
import { CLOSED_STATUSES } from '../requests/get-request-status.ts';
import { tellProviderOfCancellation } from '../requests/tell-provider-of-cancellation.ts';
import { anonymiseRequests, ERASED } from './anonymise-requests.ts';
import { gatherPersonalData, type HeldData } from './gather-personal-data.ts';
import type { TableName } from './personal-data-map.ts';
import { dataDeletedMessage } from './privacy-mail.ts';

/** What is left after a deletion, each with why and until when. */
export interface KeptRecord {
  table: TableName;
  /** The rows kept (their id or key), so a test can hold the deletion to its word. */
  rows: string[];
  what: string;
  why: string;
  /** When it goes (ISO), or null while an account it belongs to is open. */
  until: string | null;
}

const CANCELLED_BY_DELETION = 'The customer withdrew the request and deleted their details.';

/** A kept row's identity: its id, or the key of a table without one. */
const rowKey = (row: Record<string, unknown>): string => {
  const key = row.id ?? row.key ?? row.token_hash ?? row.mailbox_hash;
  return typeof key === 'number' || typeof key === 'string' ? String(key) : JSON.stringify(row);
};

function keptRecords(held: HeldData, now: Date): KeptRecord[] {
  const kept: KeptRecord[] = [];
  for (const [table, rows] of Object.entries(held.records) as [
    TableName,
    HeldData['records'][TableName],
  ][]) {
    if (!rows || rows.length === 0) continue;
    const keys = rows.map(rowKey);
    switch (table) {
      case 'outbox':
        kept.push({
          table,
          rows: keys,
          what: 'The e-mail that confirms this deletion',
          why: 'It tells you the deletion was done; its text is erased once sent.',
          until: dueAt(now, RETENTION.mailBodies.days).toISOString(),
        });
        break;
      case 'privacy_cases':
        kept.push({
          table,
          rows: keys,
          what: 'Your requests to our information officer and the answers',
          why: `They show that we answered you as the law requires. Each goes ${periodInWords(RETENTION.privacyCases.days)} after it is answered.`,
          // Open ones have no day yet: it counts from the answer.
          until: rows.some((row) => row.replied_at === null)
            ? null
            : dueAt(
                new Date(
                  Math.max(...rows.map((row) => new Date(String(row.replied_at)).getTime())),
                ),
                RETENTION.privacyCases.days,
              ).toISOString(),
        });
        break;
      case 'privacy_objections':
        kept.push({
          table,
          rows: keys,
          what: 'Your objection to further processing',
          why: 'So that we keep honouring it. It holds only a one-way fingerprint of your address, not the address.',
          until: null,
        });
        break;
      case 'service_providers':
      case 'provider_applications':
      case 'provider_checks':
      case 'evidence_documents':
      case 'document_views':
      case 'provider_work_photos':
      case 'provider_sign_ins':
      case 'password_tokens':
      case 'application_confirmation_links':
        kept.push({
          table,
          rows: keys,
          what: 'Your provider listing, application and checks',
          why: 'They belong to a provider account: close it from your dashboard, where the periods the checks need are stated.',
          until: null,
        });
        break;
      case 'admin_users':
        kept.push({
          table,
          rows: keys,
          what: 'A team member’s account',
          why: 'Accounts of our team are closed by our information officer.',
          until: null,
        });
        break;
      default:
        kept.push({
          table,
          rows: keys,
          what: `Records in ${table}`,
          why: 'Not covered by the automatic deletion: our information officer deletes them on request.',
          until: null,
        });
    }
  }
  return kept;
}

async function cancelOpenRequests(tx: Transaction, ids: number[], siteUrl: string) {
  if (ids.length === 0) return;
  const open = await tx
    .select({ id: e.id, createdAt: e.createdAt, providerId: e.assignedProviderId })
    .from(e)
    .where(and(inArray(e.id, ids), notInArray(e.status, [...CLOSED_STATUSES])))
    .for('update');
  for (const request of open) {
    await tx
      .update(e)
      .set({ status: 'cancelled', cancelReason: CANCELLED_BY_DELETION, updatedAt: sql`now()` })
      .where(eq(e.id, request.id));
    await tellProviderOfCancellation(tx, {
      providerId: request.providerId,
      reference: requestReference(request.id, request.createdAt),
      reason: CANCELLED_BY_DELETION,
      siteUrl,
    });
  }
}

export async function deletePersonalData(
  db: Database,
  { email, siteUrl, now = new Date() }: { email: string; siteUrl: string; now?: Date },
): Promise<{ kept: KeptRecord[]; requests: number }> {
  return db.transaction(async (tx) => {
    const held = await gatherPersonalData(tx, email);
    const ids = (held.records.customer_enquiries ?? []).map((row) => row.id as number);
    // Cancelling mails the providers by reference only: gathered afterwards, those mails
    // hold nothing of the person.
    await cancelOpenRequests(tx, ids, siteUrl);
    if (ids.length > 0) {
      await anonymiseRequests(tx, ids);
      await tx
        .update(reviews)
        .set({ customerName: ERASED.reviewer, clientAddress: null })
        .where(inArray(reviews.enquiryId, ids));
    }
    await tx
      .delete(contactMessages)
      .where(sql`mailbox_of(${contactMessages.email}) = mailbox_of(${email})`);
    const mailIds = (held.records.outbox ?? []).map((row) => row.id as number);
    if (mailIds.length > 0) {
      await tx
        .update(outbox)
        .set({
          payload: sql`'{"erased": true}'::jsonb`,
          status: sql`CASE WHEN ${outbox.status} IN ('queued', 'sending') THEN 'cancelled' ELSE ${outbox.status} END`,
          lastError: null,
        })
        .where(inArray(outbox.id, mailIds));
    }
    const counters = (held.records.rate_limits ?? []).map((row) => row.key as string);
    if (counters.length > 0) await tx.delete(rateLimits).where(inArray(rateLimits.key, counters));
    await tx.delete(consents).where(sql`mailbox_of(${consents.email}) = mailbox_of(${email})`);
    await tx
      .delete(privacyLinks)
      .where(sql`mailbox_of(${privacyLinks.email}) = mailbox_of(${email})`);
    await enqueueMail(tx, dataDeletedMessage(email, { requests: ids.length }));
    return { kept: keptRecords(await gatherPersonalData(tx, email), now), requests: ids.length };
  });
}
