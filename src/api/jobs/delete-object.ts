/**
 * Deletes a stored object once no record refers to it any more: a provider's photo, an
 * application's picture or a flash ad's image may share one object; an evidence document
 * goes when its record has gone.
 */
import { eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client.ts';
import {
  evidenceDocuments,
  flashAds,
  providerApplications,
  providerWorkPhotos,
  serviceProviders,
} from '../../../db/schema.ts';
import { objectPathOf, type ObjectStore } from '../storage/object-store.ts';

/** The first row of `table` (none, one) whose `column` holds `value`: a reference found. */
const firstHolding = (db: Database, table: PgTable, column: PgColumn, value: string) =>
  db
    .select({ found: sql<number>`1` })
    .from(table)
    .where(eq(column, value))
    .limit(1);

export async function deleteObjectIfUnreferenced(
  db: Database,
  objects: ObjectStore,
  objectKey: string,
): Promise<boolean> {
  // Records keep the path a claim answered ('/objects/uploads/<ticket>.<ext>').
  const path = objectPathOf(objectKey);
  const references = await Promise.all([
    firstHolding(db, serviceProviders, serviceProviders.profileImage, path),
    firstHolding(db, providerApplications, providerApplications.profileImage, path),
    firstHolding(db, flashAds, flashAds.imageUrl, path),
    firstHolding(db, providerWorkPhotos, providerWorkPhotos.imagePath, path),
    firstHolding(db, evidenceDocuments, evidenceDocuments.objectKey, objectKey),
  ]);
  if (references.some((rows) => rows.length > 0)) return false;
  await objects.delete(objectKey);
  return true;
}
