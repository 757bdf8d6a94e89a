import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { uploadTickets } from '../../../db/schema.ts';
import { UPLOAD_PURPOSES, type UploadPurpose } from '../../lib/uploads.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { incomingKeyOf } from './upload-tickets.ts';

export const UPLOAD_TTL_MINUTES = 15;
export const UPLOAD_PATH_PREFIX = '/api/uploads/';

const token = () => randomBytes(24).toString('base64url');

/** An upload address for one purpose (upload-tickets.ts): good for 15 minutes and one PUT. */
export async function createUploadTicket(
  db: Database,
  store: ObjectStore,
  { purpose, owner }: { purpose: UploadPurpose; owner: string },
): Promise<{ uploadURL: string }> {
  const id = token();
  const objectKey = store.directUploadUrl ? incomingKeyOf(id) : `pending/${id}`;
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
