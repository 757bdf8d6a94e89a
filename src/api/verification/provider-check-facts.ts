import { eq } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { serviceProviders as p } from '../../../db/schema.ts';
import type { LegalForm } from '../../lib/catalog/checks.ts';
import { AppError } from '../errors.ts';

/** What decides which checks apply to a provider: its services and business type; 404 if none. */
export async function providerCheckFacts(
  db: Queryable,
  providerId: number,
): Promise<{ services: string[]; legalForm: LegalForm }> {
  const [provider] = await db
    .select({ services: p.services, legalForm: p.legalForm })
    .from(p)
    .where(eq(p.id, providerId));
  if (!provider) throw new AppError('not_found', 'Provider not found');
  return provider;
}
