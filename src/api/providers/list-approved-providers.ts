import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { serviceProviders as p } from '../../../db/schema.ts';
import { publicProviderColumns, toProvider, type Provider } from './public-columns.ts';
import { withResponsiveness } from './responsiveness.ts';

/** Every approved provider, for pre-rendering their pages. */
export async function listApprovedProviders(db: Database): Promise<Provider[]> {
  const rows = await db
    .select(publicProviderColumns)
    .from(p)
    .where(eq(p.isApproved, true))
    .orderBy(asc(p.id));
  return (await withResponsiveness(db, rows, 'all')).map(toProvider);
}
