/** Flash ads as the admin manages them (spec: Flash Ads tab). createdBy records who made one. */
import { asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { flashAds } from '../../../db/schema.ts';
import type { z } from 'zod';
import type { FlashAdSchema } from '../../lib/schemas/admin-operations.ts';
import { AppError } from '../errors.ts';

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

export async function updateFlashAd(db: Database, id: number, input: FlashAdInput) {
  const [row] = await db
    .update(flashAds)
    .set({ ...input, imageUrl: input.imageUrl ?? null })
    .where(eq(flashAds.id, id))
    .returning();
  if (!row) throw new AppError('not_found', 'Flash ad not found');
  return row;
}

export async function deleteFlashAd(db: Database, id: number): Promise<void> {
  const deleted = await db
    .delete(flashAds)
    .where(eq(flashAds.id, id))
    .returning({ id: flashAds.id });
  if (deleted.length === 0) throw new AppError('not_found', 'Flash ad not found');
}
