import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { serviceProviders as p } from '../../../db/schema.ts';
import { AppError } from '../errors.ts';
import { releaseImage } from '../uploads/release-image.ts';

/**
 * Deletes the provider; its enquiries stay, unassigned (the foreign key sets null), and
 * its photo is deleted once nothing else shows it.
 */
export async function deleteProvider(db: Database, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(p)
      .where(eq(p.id, id))
      .returning({ profileImage: p.profileImage });
    if (!deleted) throw new AppError('not_found', 'Provider not found');
    await releaseImage(tx, deleted.profileImage);
  });
}
