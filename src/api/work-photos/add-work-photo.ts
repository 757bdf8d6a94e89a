import { count, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { providerWorkPhotos as w, serviceProviders as p } from '../../../db/schema.ts';
import { WORK_PHOTO_MESSAGES } from '../../lib/schemas/provider-dashboard.ts';
import { WORK_PHOTO_LIMIT } from '../../lib/uploads.ts';
import { AppError } from '../errors.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { claimUpload } from '../uploads/claim-upload.ts';
import { listOwnWorkPhotos } from './list-own-work-photos.ts';

/**
 * Takes the provider's own 'work-photo' upload (once: re-encoded, metadata stripped, as
 * joining's photo) and shows it with its work; at most WORK_PHOTO_LIMIT. The provider's
 * row is locked first, so two uploads at once cannot both pass the limit.
 */
export async function addWorkPhoto(
  db: Database,
  objects: ObjectStore,
  { providerId, imageURL }: { providerId: number; imageURL: string },
) {
  await db.transaction(async (tx) => {
    await tx.select({ id: p.id }).from(p).where(eq(p.id, providerId)).for('update');
    const [row] = await tx.select({ photos: count() }).from(w).where(eq(w.providerId, providerId));
    if ((row?.photos ?? 0) >= WORK_PHOTO_LIMIT) {
      const message = WORK_PHOTO_MESSAGES.limit(WORK_PHOTO_LIMIT);
      throw new AppError('bad_request', message, { imageURL: message });
    }
    const imagePath = await claimUpload(tx, objects, {
      reference: imageURL,
      purposes: ['work-photo'],
      owner: `provider:${providerId}`,
      field: 'imageURL',
    });
    await tx.insert(w).values({ providerId, imagePath });
  });
  return listOwnWorkPhotos(db, providerId);
}
