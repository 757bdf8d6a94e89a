import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { uploadTickets } from '../../../db/schema.ts';
import { isPrivatePurpose, type UploadPurpose } from '../../lib/uploads.ts';
import { AppError } from '../errors.ts';
import { objectPathOf, type ObjectStore } from '../storage/object-store.ts';
import { UPLOAD_PATH_PREFIX } from './create-upload-ticket.ts';
import { storedTypeOf } from './re-encode-image.ts';
import { checkedUploadType, incomingKeyOf, storedKeyOf } from './upload-tickets.ts';

/**
 * Takes one PUT for a ticket: the size within the purpose's limit and a real image (or,
 * for evidence, a PDF or image) by its bytes; the ticket is used up atomically, so a
 * second PUT stores nothing. The bytes
 * are kept as they came, under `incoming/`, never served: the claim re-encodes them.
 */
export async function receiveUpload(
  db: Database,
  store: ObjectStore,
  { ticketId, bytes }: { ticketId: string; bytes: Uint8Array },
): Promise<{ objectPath: string }> {
  const [ticket] = await db.select().from(uploadTickets).where(eq(uploadTickets.id, ticketId));
  if (!ticket) throw new AppError('not_found', 'This upload address is not valid.');
  if (ticket.uploadedAt)
    throw new AppError('conflict', 'This upload address has been used already.');
  if (ticket.expiresAt.getTime() <= Date.now()) {
    throw new AppError('gone', 'This upload address has expired. Please try again.');
  }
  const type = checkedUploadType(bytes, ticket);

  const objectKey = incomingKeyOf(ticket.id);
  const [received] = await db
    .update(uploadTickets)
    .set({ uploadedAt: sql`now()`, objectKey, contentType: type, size: bytes.byteLength })
    .where(
      and(
        eq(uploadTickets.id, ticketId),
        isNull(uploadTickets.uploadedAt),
        gt(uploadTickets.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: uploadTickets.id });
  if (!received) throw new AppError('conflict', 'This upload address has been used already.');
  await store.put(objectKey, bytes, type);
  // Where the image will be once claimed: a reference the claim accepts as well. A
  // private upload (a document, a site photo) has no public path: its reference stays
  // the upload address.
  if (type === 'application/pdf' || isPrivatePurpose(ticket.purpose as UploadPurpose)) {
    return { objectPath: `${UPLOAD_PATH_PREFIX}${ticket.id}` };
  }
  return { objectPath: objectPathOf(storedKeyOf(ticket.id, storedTypeOf(type))) };
}
