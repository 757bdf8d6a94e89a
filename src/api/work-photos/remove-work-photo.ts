import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { providerWorkPhotos as w } from '../../../db/schema.ts';
import { WORK_PHOTO_MESSAGES } from '../../lib/schemas/provider-dashboard.ts';
import { AppError } from '../errors.ts';
import { releaseImage } from '../uploads/release-image.ts';
import { listOwnWorkPhotos } from './list-own-work-photos.ts';

/**
 * Removes one of the provider's own work photos; its file is deleted once nothing shows
 * it. Another provider's photo is 'not found', as an unknown one: ids reveal nothing.
 */
export async function removeWorkPhoto(
  db: Database,
  { providerId, photoId }: { providerId: number; photoId: number },
) {
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(w)
      .where(and(eq(w.id, photoId), eq(w.providerId, providerId)))
      .returning({ imagePath: w.imagePath });
    if (!removed) throw new AppError('not_found', WORK_PHOTO_MESSAGES.notFound);
    await releaseImage(tx, removed.imagePath);
  });
  return listOwnWorkPhotos(db, providerId);
}
