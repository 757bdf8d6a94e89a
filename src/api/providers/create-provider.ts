import type { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { serviceProviders as p } from '../../../db/schema.ts';
import type { CreateProviderSchema } from '../../lib/schemas/admin-operations.ts';
import { coordinatesOf } from './coordinates.ts';
import { conflictOnDuplicateEmail } from './duplicate-provider-email.ts';
import { getAdminProvider } from './get-admin-provider.ts';

/**
 * Add Provider: approved unless the body says otherwise, coverage the location when none
 * is given. A starting price, specialties or business hours the body leaves out stay
 * absent ("Price on request", none, "Hours not given"): the spec's defaults for them are
 * suggestions the admin's form fills in (src/lib/schemas/admin-forms.ts), never values
 * stored for an admin who gave none (docs/decisions/0041).
 */
export async function createProvider(db: Database, input: z.output<typeof CreateProviderSchema>) {
  const { rating: _refused, ...fields } = input;
  const values = {
    ...fields,
    isApproved: input.isApproved ?? true,
    startingPrice: input.startingPrice ?? null,
    yearsExperience: input.yearsExperience ?? 0,
    coverageAreas: input.coverageAreas?.length ? input.coverageAreas : [input.location],
    specialties: input.specialties ?? [],
    businessHours: { ...input.businessHours },
    ...coordinatesOf(input.location),
  };
  const [row] = await db
    .insert(p)
    .values(values)
    .returning({ id: p.id })
    .catch(conflictOnDuplicateEmail);
  if (!row) throw new Error('The provider was not created');
  return getAdminProvider(db, row.id);
}
