import type { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { flashAds } from '../../../db/schema.ts';
import type { FlashAdSchema } from '../../lib/schemas/admin-operations.ts';

/** A new ad; createdBy records which admin made it. */
export async function createFlashAd(
  db: Database,
  adminId: number,
  input: z.output<typeof FlashAdSchema>,
) {
  const [row] = await db
    .insert(flashAds)
    .values({
      ...input,
      imageUrl: input.imageUrl ?? null,
      linkUrl: input.linkUrl ?? null,
      createdBy: adminId,
    })
    .returning();
  if (!row) throw new Error('The flash ad was not created');
  return row;
}
