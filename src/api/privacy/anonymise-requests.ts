/**
 * A request without its person: the name, address, phone, location text, words, brief,
 * notes, networks and links erased, the responses' and cancellations' words taken off
 * its timeline, its site photos and conversation deleted (rows now, files through the
 * outbox). What stays (service, status, dates, assignments) keeps the provider's response
 * record true (docs/decisions/0052). Used by a person's deletion and by the retention schedule.
 */
import { and, inArray, ne } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import {
  customerEnquiries as e,
  enquiryEvents,
  enquiryPhotos,
  requestMessageFiles,
  requestMessages,
  requestStatusLinks,
} from '../../../db/schema.ts';
import { enqueueObjectDeletion } from '../jobs/enqueue.ts';

export const ERASED = {
  name: 'Erased',
  /** On a reserved domain (RFC 2606): nothing is ever mailed to it. */
  email: 'erased@erased.invalid',
  text: 'Erased at the customer’s request.',
  reviewer: 'Former customer',
} as const;

/** Deletes the site photos of the requests; answers how many. */
export async function deleteSitePhotos(db: Queryable, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const photos = await db
    .delete(enquiryPhotos)
    .where(inArray(enquiryPhotos.enquiryId, [...ids]))
    .returning({ objectKey: enquiryPhotos.objectKey });
  for (const { objectKey } of photos) await enqueueObjectDeletion(db, objectKey);
  return photos.length;
}

/**
 * Deletes the conversations of the requests (docs/decisions/0050): both sides' words may
 * name the customer, so none is kept; their files go through the outbox.
 */
export async function deleteConversations(db: Queryable, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const messages = db
    .select({ id: requestMessages.id })
    .from(requestMessages)
    .where(inArray(requestMessages.enquiryId, [...ids]));
  const files = await db
    .delete(requestMessageFiles)
    .where(inArray(requestMessageFiles.messageId, messages))
    .returning({ objectKey: requestMessageFiles.objectKey });
  for (const { objectKey } of files) await enqueueObjectDeletion(db, objectKey);
  await db.delete(requestMessages).where(inArray(requestMessages.enquiryId, [...ids]));
}

/** Anonymises the requests that are not yet; answers how many changed. */
export async function anonymiseRequests(
  db: Queryable,
  ids: readonly number[],
  { text = ERASED.text }: { text?: string } = {},
): Promise<number> {
  if (ids.length === 0) return 0;
  const changed = await db
    .update(e)
    .set({
      customerName: ERASED.name,
      customerEmail: ERASED.email,
      customerPhone: null,
      location: ERASED.name,
      description: text,
      brief: null,
      adminNotes: null,
      providerResponse: null,
      providerNotes: null,
      cancelReason: null,
      clientAddress: null,
      confirmedFrom: null,
      statusTokenHash: null,
      emailConfirmedAt: null,
    })
    .where(and(inArray(e.id, [...ids]), ne(e.customerEmail, ERASED.email)))
    .returning({ id: e.id });
  await db
    .update(enquiryEvents)
    .set({ detail: null })
    .where(
      and(
        inArray(enquiryEvents.enquiryId, [...ids]),
        inArray(enquiryEvents.kind, ['responded', 'cancelled']),
      ),
    );
  await db.delete(requestStatusLinks).where(inArray(requestStatusLinks.enquiryId, [...ids]));
  await deleteSitePhotos(db, ids);
  await deleteConversations(db, ids);
  return changed.length;
}
