import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { serviceProviders as p } from '../../../db/schema.ts';
import type { ProfileFact } from '../../lib/provider-facts.ts';
import {
  REGISTERED_NAME_MESSAGE,
  VAT_NUMBER_MESSAGE,
  type ProviderProfileSchema,
} from '../../lib/schemas/provider-dashboard.ts';
import { AppError, fieldRefusal } from '../errors.ts';
import { checkCoverageTowns } from './check-coverage-towns.ts';
import { coordinatesOf } from './coordinates.ts';
import { getOwnProfile, type OwnProfile } from './get-own-profile.ts';
import { confirmedNow } from './profile-checklist.ts';

type Profile = z.output<typeof ProviderProfileSchema>;

/**
 * The facts of the "Complete your profile" list that this write confirms: those the
 * provider gives a value of its own (src/lib/provider-facts.ts). The extras sent back as
 * read never reach here (validChanges sets them aside), so a price or hours saved
 * unchanged confirm nothing; a description counts when it differs from the stored one.
 */
export function factsConfirmedBy(profile: Profile, stored: OwnProfile): ProfileFact[] {
  const facts: ProfileFact[] = [];
  if (profile.startingPrice !== undefined) facts.push('startingPrice');
  if (profile.businessHours !== undefined) facts.push('businessHours');
  if (profile.coverageAreas !== undefined && profile.coverageAreas.length > 0) {
    facts.push('coverageAreas');
  }
  if (profile.description !== '' && profile.description !== stored.description) {
    facts.push('description');
  }
  return facts;
}

/**
 * The provider changes its own profile (spec: PUT /api/provider/profile). One UPDATE of the fields given: the public answers read the row, so they
 * show the change at once, and the generated area_values follow the coverage areas (the
 * location filter) as business_minutes() follows the hours (the responsiveness clock).
 * A field added after the spec that the body leaves out keeps its stored value. The facts
 * the provider gives are recorded as confirmed (factsConfirmedBy).
 */
export async function updateOwnProfile(
  db: Database,
  providerId: number,
  profile: Profile,
  stored: OwnProfile,
) {
  // One of the VAT registration's two facts alone would leave it half given.
  const vatNumber = profile.vatNumber === undefined ? stored.vatNumber : profile.vatNumber;
  const registeredName =
    profile.registeredName === undefined ? stored.registeredName : profile.registeredName;
  if ((vatNumber === null) !== (registeredName === null)) {
    const field = vatNumber === null ? 'vatNumber' : 'registeredName';
    const message = vatNumber === null ? VAT_NUMBER_MESSAGE : REGISTERED_NAME_MESSAGE;
    throw fieldRefusal('bad_request', message, field);
  }
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
        ...confirmedNow(factsConfirmedBy(profile, stored)),
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
