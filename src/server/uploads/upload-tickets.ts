/**
 * Upload addresses: made for one purpose (its size limit), good for 15 minutes and one
 * PUT; the stored object is then taken once by the operation that uses it.
 *
 * Two ways in. Local disk: the browser PUTs to our own /api/uploads/{ticket}, checked on
 * arrival. S3: the browser PUTs to a presigned URL under `incoming/`; the same checks
 * run when the upload is claimed, and only then is it stored under `uploads/`.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../../db/client.ts';
import { uploadTickets } from '../../../db/schema.ts';
import { UPLOAD_MESSAGES, UPLOAD_PURPOSES, type UploadPurpose } from '../../lib/uploads.ts';
import { AppError } from '../errors.ts';
import { detectImageType, EXTENSIONS } from '../storage/image-type.ts';
import type { ObjectStore } from '../storage/object-store.ts';

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
 * its bytes; the ticket is used up atomically, so a second PUT stores nothing.
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

  const objectKey = `uploads/${ticket.id}.${EXTENSIONS[type]}`;
  const [claimed] = await db
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
  if (!claimed) throw new AppError('conflict', 'This upload address has been used already.');
  await store.put(objectKey, bytes, type);
  return { objectPath: `/objects/${objectKey}` };
}

/**
 * The object uploaded through `reference` (an upload URL, or the object path it gave),
 * for `purpose`, taken once. With `owner`, only that owner's uploads count.
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
  const id = ticketIdOf(reference);
  if (id) await checkDirectUpload(db, store, { id, field });
  const [ticket] = id
    ? await db
        .update(uploadTickets)
        .set({ claimedAt: sql`now()` })
        .where(
          and(
            eq(uploadTickets.id, id),
            isNotNull(uploadTickets.uploadedAt),
            isNull(uploadTickets.claimedAt),
            sql`${uploadTickets.purpose} IN (${sql.join(
              purposes.map((p) => sql`${p}`),
              sql`, `,
            )})`,
            owner ? eq(uploadTickets.owner, owner) : undefined,
          ),
        )
        .returning({ objectKey: uploadTickets.objectKey })
    : [];
  if (!ticket) {
    throw new AppError('bad_request', 'The uploaded image was not found. Please upload it again.', {
      [field]: 'The uploaded image was not found. Please upload it again.',
    });
  }
  return `/objects/${ticket.objectKey}`;
}

/**
 * A direct upload (S3) not yet checked: its size and bytes are checked now, as our own
 * PUT route checks them on arrival; a refused one is deleted, an accepted one is stored
 * under `uploads/` with its true type. Nothing happens for any other ticket.
 */
async function checkDirectUpload(
  db: Queryable,
  store: ObjectStore,
  { id, field }: { id: string; field: string },
) {
  const [ticket] = await db
    .select()
    .from(uploadTickets)
    .where(
      and(
        eq(uploadTickets.id, id),
        isNull(uploadTickets.uploadedAt),
        sql`${uploadTickets.objectKey} LIKE 'incoming/%'`,
      ),
    );
  if (!ticket) return;
  const incoming = ticket.objectKey;
  const size = await store.size(incoming);
  if (size === undefined) return; // Not uploaded (yet): the claim answers "not found".
  if (size > ticket.maxBytes) {
    await store.delete(incoming);
    throw new AppError('payload_too_large', UPLOAD_MESSAGES.tooLarge(ticket.maxBytes), {
      [field]: UPLOAD_MESSAGES.tooLarge(ticket.maxBytes),
    });
  }
  const bytes = (await store.get(incoming)) ?? new Uint8Array();
  let type;
  try {
    type = checkedImageType(bytes, ticket.maxBytes, field);
  } catch (error) {
    await store.delete(incoming);
    throw error;
  }
  const objectKey = `uploads/${ticket.id}.${EXTENSIONS[type]}`;
  await store.put(objectKey, bytes, type);
  await store.delete(incoming);
  await db
    .update(uploadTickets)
    .set({ uploadedAt: sql`now()`, objectKey, contentType: type, size: bytes.byteLength })
    .where(and(eq(uploadTickets.id, id), isNull(uploadTickets.uploadedAt)));
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
