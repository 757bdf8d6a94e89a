import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client.ts';
import {
  evidenceDocuments,
  providerWorkPhotos,
  serviceProviders as p,
} from '../../../db/schema.ts';
import { AppError } from '../errors.ts';
import { enqueueObjectDeletion } from '../jobs/enqueue.ts';
import { releaseImage } from '../uploads/release-image.ts';

/**
 * Deletes the provider; its enquiries stay, unassigned (the foreign key sets null), its
 * photo and photos of work are deleted once nothing else shows them, and its evidence documents go with it
 * (rows by the foreign key, files by the outbox once the deletion is committed).
 */
export async function deleteProvider(db: Database, id: number): Promise<void> {
  await db.transaction((tx) => deleteProviderIn(tx, id));
}

/** The same, inside a transaction of the caller's (the retention job's). */
export async function deleteProviderIn(tx: Transaction, id: number): Promise<void> {
  const documents = await tx
    .select({ objectKey: evidenceDocuments.objectKey })
    .from(evidenceDocuments)
    .where(eq(evidenceDocuments.providerId, id));
  const workPhotos = await tx
    .select({ imagePath: providerWorkPhotos.imagePath })
    .from(providerWorkPhotos)
    .where(eq(providerWorkPhotos.providerId, id));
  const [deleted] = await tx
    .delete(p)
    .where(eq(p.id, id))
    .returning({ profileImage: p.profileImage });
  if (!deleted) throw new AppError('not_found', 'Provider not found');
  await releaseImage(tx, deleted.profileImage);
  for (const { imagePath } of workPhotos) await releaseImage(tx, imagePath);
  for (const { objectKey } of documents) await enqueueObjectDeletion(tx, objectKey);
}
