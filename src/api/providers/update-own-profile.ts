import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { serviceProviders as p } from '../../../db/schema.ts';
import type { ProviderProfileSchema } from '../../lib/schemas/provider-dashboard.ts';
import { AppError } from '../errors.ts';
import { checkCoverageTowns } from './check-coverage-towns.ts';
import { coordinatesOf } from './coordinates.ts';
import { getOwnProfile } from './get-own-profile.ts';

/**
 * The provider changes its own profile (spec: PUT /api/provider/profile). One UPDATE of the fields given: the public answers read the row, so they
 * show the change at once, and the generated area_values follow the coverage areas (the
 * location filter) as business_minutes() follows the hours (the responsiveness clock).
 * A field added after the spec that the body leaves out keeps its stored value.
 */
export async function updateOwnProfile(
  db: Database,
  providerId: number,
  profile: z.output<typeof ProviderProfileSchema>,
) {
  // Checked before anything is written: an unknown town stores nothing.
  const coverageAreas =
    profile.coverageAreas && (await checkCoverageTowns(db, profile.coverageAreas));
  try {
    await db
      .update(p)
      .set({
        ...profile,
        ...(coverageAreas && { coverageAreas }),
        ...coordinatesOf(profile.location),
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
