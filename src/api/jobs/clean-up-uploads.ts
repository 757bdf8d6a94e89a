/**
 * Uploads nobody claimed are deleted an hour after their ticket expired: their files (as
 * they came, and re-encoded by a claim that was rolled back) and their ticket rows. An
 * S3 bucket may also have a lifecycle rule for `incoming/`; local disk has nothing else.
 *
 * Safe to run twice at once: each run locks the rows it takes (SKIP LOCKED), so two runs
 * take different rows, and a claim holding its row (claim-upload.ts) is passed over.
 * Files are deleted before the rows are: a run that fails part-way leaves its rows for the
 * next run, which deletes what is left (deleting a missing file is no error).
 */
import { and, asc, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { uploadTickets } from '../../../db/schema.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { uploadKeysOf } from '../uploads/upload-tickets.ts';

/** How long after its ticket expired an unclaimed upload is kept. */
export const KEEP_UNCLAIMED_HOURS = 1;

export interface UploadCleanUpReport {
  deleted: number;
}

export async function cleanUpUploads(
  db: Database,
  objects: ObjectStore,
  { now, limit = 100 }: { now?: Date | undefined; limit?: number } = {},
): Promise<UploadCleanUpReport> {
  // The database's clock unless a test gives one.
  const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  const cutOff = sql`${at} - ${sql.raw(`interval '${KEEP_UNCLAIMED_HOURS} hours'`)}`;
  const report: UploadCleanUpReport = { deleted: 0 };
  for (let batch = 0; batch < 10; batch++) {
    const deleted = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: uploadTickets.id, objectKey: uploadTickets.objectKey })
        .from(uploadTickets)
        .where(and(isNull(uploadTickets.claimedAt), lt(uploadTickets.expiresAt, cutOff)))
        .orderBy(asc(uploadTickets.expiresAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      for (const ticket of due) {
        for (const key of uploadKeysOf(ticket)) await objects.delete(key);
      }
      const ids = due.map((ticket) => ticket.id);
      if (ids.length > 0) await tx.delete(uploadTickets).where(inArray(uploadTickets.id, ids));
      return due.length;
    });
    report.deleted += deleted;
    if (deleted < limit) break;
  }
  return report;
}
