import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { serviceProviders as p } from '../../../db/schema.ts';
import type { z } from 'zod';
import type { ProviderProfileSchema } from '../../lib/schemas/provider-dashboard.ts';
import { AppError } from '../errors.ts';
import { coordinatesOf } from './coordinates.ts';
import { getOwnProfile } from './get-own-profile.ts';

/** The provider changes its own profile (spec: PUT /api/provider/profile). */
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
