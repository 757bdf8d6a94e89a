/** Flash ads as the admin manages them (spec: Flash Ads tab). createdBy records who made one. */
import { asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { flashAds } from '../../../db/schema.ts';
import type { z } from 'zod';
import type { FlashAdSchema } from '../../lib/schemas/admin-operations.ts';
import { AppError } from '../errors.ts';
import { releaseImage } from '../uploads/release-image.ts';

type FlashAdInput = z.output<typeof FlashAdSchema>;

/** Every ad, active or not, in the banner's order: priority 1 first, then newest. */
export function listAllFlashAds(db: Database) {
  return db
    .select()
    .from(flashAds)
    .orderBy(asc(flashAds.priority), desc(flashAds.createdAt), desc(flashAds.id));
}

export async function createFlashAd(db: Database, adminId: number, input: FlashAdInput) {
  const [row] = await db
    .insert(flashAds)
    .values({ ...input, imageUrl: input.imageUrl ?? null, createdBy: adminId })
    .returning();
  if (!row) throw new Error('The flash ad was not created');
  return row;
}

/** Changes an ad; an image it no longer shows is deleted once nothing else shows it. */
export async function updateFlashAd(db: Database, id: number, input: FlashAdInput) {
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
      .set({ ...input, imageUrl: input.imageUrl ?? null })
      .where(eq(flashAds.id, id))
      .returning();
    if (!row) throw new AppError('not_found', 'Flash ad not found');
    await releaseImage(tx, previous.imageUrl, row.imageUrl);
    return row;
  });
}

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
