/**
 * Upload addresses: made for one purpose (its size limit), good for 15 minutes and one
 * PUT; the stored object is then taken once by the operation that uses it.
 *
 * Two ways in, both to `incoming/{ticket}`. Local disk: the browser PUTs to our own
 * /api/uploads/{ticket}, checked for size and type on arrival. S3: the browser PUTs to a
 * presigned URL. When the upload is claimed, it is checked (again), re-encoded and only
 * then stored under `uploads/`, the one place images are served from (issue 11: nobody
 * can host a file on our domain by uploading it and never using it). Unclaimed uploads
 * are deleted a day after their ticket expired (jobs/clean-up-uploads.ts).
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database, Queryable, Transaction } from '../../../db/client.ts';
import { uploadTickets } from '../../../db/schema.ts';
import {
  IMAGE_TYPES,
  UPLOAD_MESSAGES,
  UPLOAD_PURPOSES,
  type ImageType,
  type UploadPurpose,
} from '../../lib/uploads.ts';
import { AppError } from '../errors.ts';
import { enqueueObjectDeletion } from '../jobs/enqueue.ts';
import { detectImageType, EXTENSIONS } from '../storage/image-type.ts';
import { isStoreKey, objectPathOf, type ObjectStore } from '../storage/object-store.ts';
import { reEncodeImage, storedTypeOf } from './re-encode-image.ts';

export const UPLOAD_TTL_MINUTES = 15;
export const UPLOAD_PATH_PREFIX = '/api/uploads/';

const token = () => randomBytes(24).toString('base64url');

export async function createUploadTicket(
  db: Database,
  store: ObjectStore,
  { purpose, owner }: { purpose: UploadPurpose; owner: string },
): Promise<{ uploadURL: string }> {
  const id = token();
  const objectKey = store.directUploadUrl ? `incoming/${id}` : `pending/${id}`;
  await db.insert(uploadTickets).values({
    id,
    purpose,
    owner,
    maxBytes: UPLOAD_PURPOSES[purpose].maxBytes,
    objectKey,
    expiresAt: sql`now() + ${sql.raw(`interval '${UPLOAD_TTL_MINUTES} minutes'`)}`,
  });
  const uploadURL = store.directUploadUrl
    ? await store.directUploadUrl(objectKey, UPLOAD_TTL_MINUTES * 60)
    : `${UPLOAD_PATH_PREFIX}${id}`;
  return { uploadURL };
}

/** The image type of an upload within `maxBytes`, or the error answer (400, 413, 415). */
function checkedImageType(bytes: Uint8Array, maxBytes: number, field?: string) {
  const refuse = (
    code: 'bad_request' | 'payload_too_large' | 'unsupported_media_type',
    message: string,
  ) => new AppError(code, message, field ? { [field]: message } : undefined);
  if (bytes.byteLength === 0) throw refuse('bad_request', UPLOAD_MESSAGES.empty);
  if (bytes.byteLength > maxBytes) {
    throw refuse('payload_too_large', UPLOAD_MESSAGES.tooLarge(maxBytes));
  }
  const type = detectImageType(bytes);
  if (!type) throw refuse('unsupported_media_type', UPLOAD_MESSAGES.wrongType);
  return type;
}

/**
 * Takes one PUT for a ticket: the size within the purpose's limit and a real image by
 * its bytes; the ticket is used up atomically, so a second PUT stores nothing. The bytes
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
  const type = checkedImageType(bytes, ticket.maxBytes);

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
  // Where the image will be once claimed: a reference the claim accepts as well.
  return { objectPath: objectPathOf(storedKeyOf(ticket.id, storedTypeOf(type))) };
}

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
  const notFound = () => new AppError('bad_request', IMAGE_NOT_FOUND, { [field]: IMAGE_NOT_FOUND });
  const id = ticketIdOf(reference);
  if (!id) throw notFound();
  return db.transaction(async (tx) => {
    // The row stays locked until the caller commits: a second claim waits and then finds
    // it claimed, and the clean-up (clean-up-uploads.ts) skips it.
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
    const objectKey = await storeReEncoded(tx, store, { ticket, field, notFound });
    await tx
      .update(uploadTickets)
      .set({ claimedAt: sql`now()` })
      .where(eq(uploadTickets.id, id));
    return objectPathOf(objectKey);
  });
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
  }: { ticket: typeof uploadTickets.$inferSelect; field: string; notFound: () => AppError },
): Promise<string> {
  const received = ticket.objectKey;
  // 'pending/...' (our PUT route has had no upload yet) is no object at all.
  const size = isStoreKey(received) ? await store.size(received) : undefined;
  if (size === undefined) throw notFound(); // Not uploaded (yet), or refused before.
  let image;
  try {
    if (size > ticket.maxBytes) {
      throw new AppError('payload_too_large', UPLOAD_MESSAGES.tooLarge(ticket.maxBytes), {
        [field]: UPLOAD_MESSAGES.tooLarge(ticket.maxBytes),
      });
    }
    const bytes = (await store.get(received)) ?? new Uint8Array();
    checkedImageType(bytes, ticket.maxBytes, field);
    image = await reEncodeImage(bytes, { field });
  } catch (error) {
    // A refusal is final: the file goes now. Anything else (the store failing) may pass.
    if (error instanceof AppError) await store.delete(received);
    throw error;
  }
  const objectKey = storedKeyOf(ticket.id, image.type);
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

/** Where an upload waits for its claim, as it came: never served. */
const incomingKeyOf = (ticketId: string) => `incoming/${ticketId}`;

/** Where a claimed upload is stored and served from. */
const storedKeyOf = (ticketId: string, type: ImageType) =>
  `uploads/${ticketId}.${EXTENSIONS[type]}`;

/** Every key an upload of this ticket may have been stored under, for the clean-up. */
export function uploadKeysOf(ticket: { id: string; objectKey: string }): string[] {
  const keys = [
    ticket.objectKey,
    incomingKeyOf(ticket.id),
    ...IMAGE_TYPES.map((type) => storedKeyOf(ticket.id, type)),
  ];
  return [...new Set(keys)].filter(isStoreKey);
}

/**
 * The ticket id in an upload reference: '/api/uploads/<id>' (absolute or not), a
 * presigned '.../incoming/<id>?X-Amz-...' or the object path '/objects/uploads/<id>.<ext>'.
 */
export function ticketIdOf(reference: string): string | undefined {
  const path = reference.replace(/^https?:\/\/[^/]+/, '').replace(/\?.*$/, '');
  const match =
    /^\/api\/uploads\/([A-Za-z0-9_-]{16,64})$/.exec(path) ??
    /\/incoming\/([A-Za-z0-9_-]{16,64})$/.exec(path) ??
    /^\/objects\/uploads\/([A-Za-z0-9_-]{16,64})\.(?:jpg|png|gif|webp)$/.exec(path);
  return match?.[1];
}
