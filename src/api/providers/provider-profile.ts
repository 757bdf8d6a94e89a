/** A signed-in provider's own profile (spec: GET /api/provider/me, PUT profile and photo). */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { serviceProviders as p } from '../../../db/schema.ts';
import type { z } from 'zod';
import type { ProviderProfileSchema } from '../../lib/schemas/provider-dashboard.ts';
import { AppError } from '../errors.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { releaseImage } from '../uploads/release-image.ts';
import { claimUpload } from '../uploads/upload-tickets.ts';
import { coordinatesOf } from './coordinates.ts';

/** What the dashboard reads; never the password hash or token version. */
const ownProfileColumns = {
  id: p.id,
  name: p.name,
  email: p.email,
  phone: p.phone,
  location: p.location,
  province: p.province,
  services: p.services,
  description: p.description,
  profileImage: p.profileImage,
  rating: p.rating,
  reviewCount: p.reviewCount,
  isVerified: p.isVerified,
  isPremium: p.isPremium,
  isApproved: p.isApproved,
};

export type OwnProfile = Awaited<ReturnType<typeof getOwnProfile>>;

export async function getOwnProfile(db: Database, providerId: number) {
  const [row] = await db.select(ownProfileColumns).from(p).where(eq(p.id, providerId));
  if (!row) throw new AppError('unauthorized', 'Your session has ended. Please sign in again.');
  return { ...row, rating: Number(row.rating) };
}

export async function updateOwnProfile(
  db: Database,
  providerId: number,
  profile: z.output<typeof ProviderProfileSchema>,
) {
  try {
    await db
      .update(p)
      .set({
        ...profile,
        ...coordinatesOf(profile.location),
        // The old location leaves the coverage areas with it (SET reads the row before the update).
        coverageAreas: sql`array_replace(${p.coverageAreas}, ${p.location}, ${profile.location})`,
      })
      .where(eq(p.id, providerId));
  } catch (error) {
    if (isUniqueViolation(error, 'service_providers_email_lower_key')) {
      const message = 'Another provider uses this e-mail address.';
      throw new AppError('conflict', message, { email: message });
    }
    throw error;
  }
  return getOwnProfile(db, providerId);
}

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
    // Locked: two changes at once each release the photo they replace.
    const [previous] = await tx
      .select({ profileImage: p.profileImage })
      .from(p)
      .where(eq(p.id, providerId))
      .for('update');
    await tx.update(p).set({ profileImage }).where(eq(p.id, providerId));
    await releaseImage(tx, previous?.profileImage, profileImage);
  });
  return getOwnProfile(db, providerId);
}
