import { eq, sql } from 'drizzle-orm';
import type { Queryable, Transaction } from '../../../db/client.ts';
import { uploadTickets } from '../../../db/schema.ts';
import { UPLOAD_MESSAGES, type ImageType, type UploadPurpose } from '../../lib/uploads.ts';
import { AppError, fieldRefusal } from '../errors.ts';
import { enqueueObjectDeletion } from '../jobs/enqueue.ts';
import { isStoreKey, objectPathOf, type ObjectStore } from '../storage/object-store.ts';
import { reEncodeImage } from './re-encode-image.ts';
import { checkedImageType, privateImageKeyOf, storedKeyOf, ticketIdOf } from './upload-tickets.ts';

const IMAGE_NOT_FOUND = 'The uploaded image was not found. Please upload it again.';

/**
 * The object uploaded through `reference` (an upload URL, or the object path it gave),
 * for `purpose`, taken once: re-encoded (re-encode-image.ts) and stored under
 * `uploads/`, where it is served from then on. With `owner`, only that owner's uploads
 * count. Runs in a transaction of its own, or nested in the caller's: a claim rolled back
 * with the caller's change can be tried again.
 */
export async function claimUpload(
  db: Queryable,
  store: ObjectStore,
  {
    reference,
    purposes,
    owner,
    field,
  }: {
    reference: string;
    purposes: readonly UploadPurpose[];
    owner?: string;
    /** The request field that carried the reference, for the error answer. */
    field: string;
  },
): Promise<string> {
  const notFound = () => fieldRefusal('bad_request', IMAGE_NOT_FOUND, field);
  return db.transaction(async (tx) => {
    const ticket = await takeTicket(tx, { reference, purposes, owner, notFound });
    const objectKey = await storeReEncoded(tx, store, {
      ticket,
      field,
      notFound,
      keyOf: storedKeyOf,
    });
    await tx
      .update(uploadTickets)
      .set({ claimedAt: sql`now()` })
      .where(eq(uploadTickets.id, ticket.id));
    return objectPathOf(objectKey);
  });
}

export interface ClaimedPrivateImage {
  objectKey: string;
  contentType: ImageType;
  size: number;
}

/**
 * A private image (a photo of a request's site) uploaded through `reference`, taken once
 * inside the caller's transaction: checked and re-encoded like a public image (which
 * strips its metadata, the place it was taken included) but stored under `private/`,
 * which /objects/ never serves.
 */
export async function claimPrivateImage(
  tx: Transaction,
  store: ObjectStore,
  { reference, purpose, field }: { reference: string; purpose: UploadPurpose; field: string },
): Promise<ClaimedPrivateImage> {
  const notFound = () => fieldRefusal('bad_request', IMAGE_NOT_FOUND, field);
  const ticket = await takeTicket(tx, { reference, purposes: [purpose], notFound });
  const objectKey = await storeReEncoded(tx, store, {
    ticket,
    field,
    notFound,
    keyOf: privateImageKeyOf,
  });
  const [claimed] = await tx
    .update(uploadTickets)
    .set({ claimedAt: sql`now()` })
    .where(eq(uploadTickets.id, ticket.id))
    .returning({ contentType: uploadTickets.contentType, size: uploadTickets.size });
  return {
    objectKey,
    contentType: claimed?.contentType as ImageType,
    size: claimed?.size ?? 0,
  };
}

/**
 * The unclaimed ticket an upload reference names, for one of `purposes` (and `owner`),
 * locked until the caller's transaction ends: a second claim waits and then finds it
 * claimed, and the clean-up (clean-up-uploads.ts) skips it. Anything else: notFound().
 */
export async function takeTicket(
  tx: Transaction,
  {
    reference,
    purposes,
    owner,
    notFound,
  }: {
    reference: string;
    purposes: readonly UploadPurpose[];
    owner?: string | undefined;
    notFound: () => AppError;
  },
): Promise<typeof uploadTickets.$inferSelect> {
  const id = ticketIdOf(reference);
  if (!id) throw notFound();
  const [ticket] = await tx
    .select()
    .from(uploadTickets)
    .where(eq(uploadTickets.id, id))
    .for('update');
  if (
    !ticket ||
    ticket.claimedAt ||
    !(purposes as readonly string[]).includes(ticket.purpose) ||
    (owner !== undefined && ticket.owner !== owner)
  ) {
    throw notFound();
  }
  return ticket;
}

/**
 * The ticket's upload as it came (`incoming/`, from our PUT route or straight from the
 * browser to S3), checked for size and type, re-encoded and stored under `uploads/` with
 * its true type; its key. A refused upload is deleted; the bytes as they came are deleted
 * once the claim is committed (outbox), so a claim rolled back can be tried again.
 */
async function storeReEncoded(
  tx: Transaction,
  store: ObjectStore,
  {
    ticket,
    field,
    notFound,
    keyOf,
  }: {
    ticket: typeof uploadTickets.$inferSelect;
    field: string;
    notFound: () => AppError;
    /** Where the re-encoded image goes: served (`uploads/`) or private. */
    keyOf: (ticketId: string, type: ImageType) => string;
  },
): Promise<string> {
  const received = ticket.objectKey;
  // 'pending/...' (our PUT route has had no upload yet) is no object at all.
  const size = isStoreKey(received) ? await store.size(received) : undefined;
  if (size === undefined) throw notFound(); // Not uploaded (yet), or refused before.
  let image;
  try {
    if (size > ticket.maxBytes) {
      throw fieldRefusal('payload_too_large', UPLOAD_MESSAGES.tooLarge(ticket.maxBytes), field);
    }
    const bytes = (await store.get(received)) ?? new Uint8Array();
    checkedImageType(bytes, ticket.maxBytes, field);
    image = await reEncodeImage(bytes, { field });
  } catch (error) {
    // A refusal is final: the file goes now. Anything else (the store failing) may pass.
    if (error instanceof AppError) await store.delete(received);
    throw error;
  }
  const objectKey = keyOf(ticket.id, image.type);
  await store.put(objectKey, image.bytes, image.type);
  await tx
    .update(uploadTickets)
    .set({
      uploadedAt: sql`coalesce(${uploadTickets.uploadedAt}, now())`,
      objectKey,
      contentType: image.type,
      size: image.bytes.byteLength,
    })
    .where(eq(uploadTickets.id, ticket.id));
  if (received !== objectKey) await enqueueObjectDeletion(tx, received);
  return objectKey;
}
