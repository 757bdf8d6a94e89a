import type { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { serviceProviders as p } from '../../../db/schema.ts';
import { serviceName } from '../../lib/catalog/categories.ts';
import {
  DEFAULT_BUSINESS_HOURS,
  DEFAULT_STARTING_PRICE,
} from '../../lib/catalog/enquiry-options.ts';
import type { CreateProviderSchema } from '../../lib/schemas/admin-operations.ts';
import { coordinatesOf } from './coordinates.ts';
import { conflictOnDuplicateEmail } from './duplicate-provider-email.ts';
import { getAdminProvider } from './get-admin-provider.ts';

/**
 * Add Provider with the spec's defaults: approved, starting price R1500, coverage the
 * location, specialties the services' names, the fixed business hours.
 */
export async function createProvider(db: Database, input: z.output<typeof CreateProviderSchema>) {
  const { rating: _refused, ...fields } = input;
  const values = {
    ...fields,
    isApproved: input.isApproved ?? true,
    startingPrice: input.startingPrice ?? DEFAULT_STARTING_PRICE,
    yearsExperience: input.yearsExperience ?? 0,
    coverageAreas: input.coverageAreas?.length ? input.coverageAreas : [input.location],
    specialties: input.specialties?.length ? input.specialties : input.services.map(serviceName),
    businessHours: { ...DEFAULT_BUSINESS_HOURS, ...input.businessHours },
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
