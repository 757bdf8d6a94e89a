import { randomBytes } from 'node:crypto';
import { isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { uploadTickets } from '../../../db/schema.ts';
import { UPLOAD_PURPOSES, type UploadPurpose } from '../../lib/uploads.ts';
import { AppError } from '../errors.ts';
import { hitRateLimit, RATE_LIMITS } from '../rate-limits/hit-rate-limit.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { incomingKeyOf } from './upload-tickets.ts';

export const UPLOAD_TTL_MINUTES = 15;
export const UPLOAD_PATH_PREFIX = '/api/uploads/';

export const UPLOAD_BUSY = 'Uploads are paused for a moment. Please try again in a few minutes.';
const UPLOAD_BUSY_RETRY_AFTER_SECONDS = 5 * 60;

const token = () => randomBytes(24).toString('base64url');

/**
 * What uploads nobody has claimed may hold now. When the browser sends to the bucket
 * (`direct`), every ticket the most its form lets in: we never hear whether it did, and
 * the form takes a new body until it expires, even after a PUT through our API recorded
 * a smaller one. Otherwise an upload its size, an open ticket the most it may take, an
 * expired ticket without an upload nothing.
 */
async function unclaimedBytes(db: Database, { direct }: { direct: boolean }): Promise<number> {
  const t = uploadTickets;
  const [row] = await db
    .select({
      bytes: direct
        ? sql<string>`coalesce(sum(${t.maxBytes}), 0)`
        : sql<string>`coalesce(sum(CASE
            WHEN ${t.size} IS NOT NULL THEN ${t.size}
            WHEN ${t.expiresAt} > now() THEN ${t.maxBytes}
            ELSE 0 END), 0)`,
    })
    .from(uploadTickets)
    .where(isNull(uploadTickets.claimedAt));
  return Number(row?.bytes ?? 0);
}

/**
 * A ticket's answer: `uploadURL`, the spec's address that takes one PUT of the file
 * (our own API, which holds it to the ticket's size) and that later calls refer to. With
 * S3 the browser sends the file straight to the bucket instead: a form POST to `url`,
 * `fields` first and the file last, whose signed policy holds it to the ticket's size
 * (decision 0045).
 */
export type UploadTicketAnswer =
  | { uploadURL: string; method: 'PUT' }
  | { uploadURL: string; method: 'POST'; url: string; fields: Record<string, string> };

/**
 * An upload address for one purpose (upload-tickets.ts): good for 15 minutes and one PUT
 * (or, with S3, the bucket's form). Refused while unclaimed uploads hold the ceiling (503),
 * and beyond the `client`'s limits (429): its tickets in 10 minutes, and the bytes they
 * may take in an hour.
 */
export async function createUploadTicket(
  db: Database,
  store: ObjectStore,
  {
    purpose,
    owner,
    client,
    ceilingBytes,
  }: {
    purpose: UploadPurpose;
    owner: string;
    client?: string;
    /**
     * The most unclaimed uploads may hold, all clients together (UNCLAIMED_UPLOADS_MAX_MB):
     * beyond it no ticket is made (503) until claims or the clean-up (an hour after a
     * ticket expires) free room, so no number of networks can fill the disk.
     */
    ceilingBytes: number;
  },
): Promise<UploadTicketAnswer> {
  const { maxBytes } = UPLOAD_PURPOSES[purpose];
  const direct = store.directUploadForm !== undefined;
  if ((await unclaimedBytes(db, { direct })) + maxBytes > ceilingBytes) {
    throw new AppError('unavailable', UPLOAD_BUSY, undefined, {
      retryAfterSeconds: UPLOAD_BUSY_RETRY_AFTER_SECONDS,
    });
  }
  if (client !== undefined) {
    await hitRateLimit(db, RATE_LIMITS.upload, client);
    await hitRateLimit(db, RATE_LIMITS.uploadBytes, client, maxBytes);
  }
  const id = token();
  const objectKey = direct ? incomingKeyOf(id) : `pending/${id}`;
  await db.insert(uploadTickets).values({
    id,
    purpose,
    owner,
    maxBytes,
    objectKey,
    expiresAt: sql`now() + ${sql.raw(`interval '${UPLOAD_TTL_MINUTES} minutes'`)}`,
  });
  const uploadURL = `${UPLOAD_PATH_PREFIX}${id}`;
  if (!store.directUploadForm) return { uploadURL, method: 'PUT' };
  const form = await store.directUploadForm(objectKey, {
    maxBytes,
    expiresInSeconds: UPLOAD_TTL_MINUTES * 60,
  });
  return { uploadURL, method: 'POST', url: form.url, fields: form.fields };
}
