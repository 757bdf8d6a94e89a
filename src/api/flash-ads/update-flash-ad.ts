import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { flashAds } from '../../../db/schema.ts';
import type { FlashAdSchema } from '../../lib/schemas/admin-operations.ts';
import { AppError } from '../errors.ts';
import { releaseImage } from '../uploads/release-image.ts';

/** Changes an ad; an image it no longer shows is deleted once nothing else shows it. */
export async function updateFlashAd(
  db: Database,
  id: number,
  input: z.output<typeof FlashAdSchema>,
) {
  return db.transaction(async (tx) => {
    // Locked: two changes at once each release the image they replace.
    const [previous] = await tx
      .select({ imageUrl: flashAds.imageUrl })
      .from(flashAds)
      .where(eq(flashAds.id, id))
      .for('update');
    if (!previous) throw new AppError('not_found', 'Flash ad not found');
    const [row] = await tx
      .update(flashAds)
      // Every field is sent again: a missing image or link is none.
      .set({ ...input, imageUrl: input.imageUrl ?? null, linkUrl: input.linkUrl ?? null })
      .where(eq(flashAds.id, id))
      .returning();
    if (!row) throw new AppError('not_found', 'Flash ad not found');
    await releaseImage(tx, previous.imageUrl, row.imageUrl);
    return row;
  });
}
