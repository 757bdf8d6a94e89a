/**
 * Deletes a stored object once no record refers to it any more: a provider's photo, an
 * application's picture or a flash ad's image may share one object; an evidence document
 * goes when its record has gone.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  evidenceDocuments,
  flashAds,
  providerApplications,
  providerWorkPhotos,
  serviceProviders,
} from '../../../db/schema.ts';
import { objectPathOf, type ObjectStore } from '../storage/object-store.ts';

export async function deleteObjectIfUnreferenced(
  db: Database,
  objects: ObjectStore,
  objectKey: string,
): Promise<boolean> {
  // Records keep the path a claim answered ('/objects/uploads/<ticket>.<ext>').
  const path = objectPathOf(objectKey);
  const references = await Promise.all([
    db
      .select({ id: serviceProviders.id })
      .from(serviceProviders)
      .where(eq(serviceProviders.profileImage, path))
      .limit(1),
    db
      .select({ id: providerApplications.id })
      .from(providerApplications)
      .where(eq(providerApplications.profileImage, path))
      .limit(1),
    db.select({ id: flashAds.id }).from(flashAds).where(eq(flashAds.imageUrl, path)).limit(1),
    db
      .select({ id: providerWorkPhotos.id })
      .from(providerWorkPhotos)
      .where(eq(providerWorkPhotos.imagePath, path))
      .limit(1),
    db
      .select({ id: evidenceDocuments.id })
      .from(evidenceDocuments)
      .where(eq(evidenceDocuments.objectKey, objectKey))
      .limit(1),
  ]);
  if (references.some((rows) => rows.length > 0)) return false;
  await objects.delete(objectKey);
  return true;
}
