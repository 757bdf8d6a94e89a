import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { flashAds } from '../../../db/schema.ts';
import { AppError } from '../errors.ts';
import { releaseImage } from '../uploads/release-image.ts';

/** Deletes an ad; its image is deleted once nothing else shows it. */
export async function deleteFlashAd(db: Database, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(flashAds)
      .where(eq(flashAds.id, id))
      .returning({ imageUrl: flashAds.imageUrl });
    if (!deleted) throw new AppError('not_found', 'Flash ad not found');
    await releaseImage(tx, deleted.imageUrl);
  });
}
