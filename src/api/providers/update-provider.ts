import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { serviceProviders as p } from '../../../db/schema.ts';
import type { UpdateProviderSchema } from '../../lib/schemas/admin-operations.ts';
import { AppError } from '../errors.ts';
import { releaseImage } from '../uploads/release-image.ts';
import { coordinatesOf } from './coordinates.ts';
import { conflictOnDuplicateEmail } from './duplicate-provider-email.ts';
import { getAdminProvider } from './get-admin-provider.ts';
import { lockedProfileImage } from './locked-profile-image.ts';

export async function updateProvider(
  db: Database,
  id: number,
  changes: z.output<typeof UpdateProviderSchema>,
) {
  const { rating: _refused, ...fields } = changes;
  await db
    .transaction(async (tx) => {
      const previous = await lockedProfileImage(tx, id);
      if (!previous) throw new AppError('not_found', 'Provider not found');
      await tx
        .update(p)
        .set({
          ...fields,
          ...(changes.location !== undefined && coordinatesOf(changes.location)),
        })
        .where(eq(p.id, id));
      // A photo replaced or removed is deleted once nothing else shows it.
      if (changes.profileImage !== undefined) {
        await releaseImage(tx, previous.profileImage, changes.profileImage);
      }
    })
    .catch(conflictOnDuplicateEmail);
  return getAdminProvider(db, id);
}
