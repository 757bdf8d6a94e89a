import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { providerWorkPhotos as w } from '../../../db/schema.ts';

/** The signed-in provider's photos of past work, oldest first, with the ids to remove them. */
export async function listOwnWorkPhotos(db: Queryable, providerId: number) {
  return db
    .select({ id: w.id, imagePath: w.imagePath })
    .from(w)
    .where(eq(w.providerId, providerId))
    .orderBy(asc(w.id));
}
