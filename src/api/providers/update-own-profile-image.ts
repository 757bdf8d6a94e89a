import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { serviceProviders as p } from '../../../db/schema.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { claimUpload } from '../uploads/claim-upload.ts';
import { releaseImage } from '../uploads/release-image.ts';
import { getOwnProfile } from './get-own-profile.ts';
import { lockedProfileImage } from './locked-profile-image.ts';

/**
 * Takes the provider's own upload (once) and makes it the profile photo; the photo it
 * replaces is deleted once nothing else shows it.
 */
export async function updateOwnProfileImage(
  db: Database,
  objects: ObjectStore,
  { providerId, profileImageURL }: { providerId: number; profileImageURL: string },
) {
  await db.transaction(async (tx) => {
    const profileImage = await claimUpload(tx, objects, {
      reference: profileImageURL,
      purposes: ['profile-image'],
      owner: `provider:${providerId}`,
      field: 'profileImageURL',
    });
    const previous = await lockedProfileImage(tx, providerId);
    await tx.update(p).set({ profileImage }).where(eq(p.id, providerId));
    await releaseImage(tx, previous?.profileImage, profileImage);
  });
  return getOwnProfile(db, providerId);
}
