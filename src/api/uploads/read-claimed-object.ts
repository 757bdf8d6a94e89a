/**
 * An uploaded image as /objects/{key} serves it: only once its upload was claimed by what
 * shows it (an application, a provider's photo, the admin's image for a provider or a
 * flash ad). An upload nobody claimed is never served, so nobody can host a file on our
 * domain by uploading it and leaving it there.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { uploadTickets } from '../../../db/schema.ts';
import type { ImageType } from '../../lib/uploads.ts';
import { contentTypeOfKey } from '../storage/image-type.ts';
import { OBJECT_KEY, type ObjectStore } from '../storage/object-store.ts';

export async function readClaimedObject(
  db: Database,
  objects: ObjectStore,
  key: string,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; type: ImageType } | undefined> {
  const type = contentTypeOfKey(key);
  if (!type || !OBJECT_KEY.test(key)) return undefined;
  const [claimed] = await db
    .select({ id: uploadTickets.id })
    .from(uploadTickets)
    .where(and(eq(uploadTickets.objectKey, key), isNotNull(uploadTickets.claimedAt)));
  if (!claimed) return undefined;
  const bytes = await objects.get(key);
  return bytes && { bytes, type };
}
