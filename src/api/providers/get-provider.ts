import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { serviceProviders as p } from '../../../db/schema.ts';
import { NOT_MEASURED } from '../../lib/responsiveness.ts';
import { AppError } from '../errors.ts';
import { publicProviderColumns, toProvider, type Provider } from './public-columns.ts';
import { responsivenessOf } from './responsiveness.ts';

/** One approved provider with its responsiveness; unapproved and unknown ones are both 'not found'. */
export async function getApprovedProvider(db: Database, id: number): Promise<Provider> {
  const [row] = await db
    .select(publicProviderColumns)
    .from(p)
    .where(and(eq(p.id, id), eq(p.isApproved, true)));
  if (!row) throw new AppError('not_found', 'Provider not found');
  const figures = await responsivenessOf(db, [row.id]);
  return toProvider({ ...row, responsiveness: figures.get(row.id) ?? NOT_MEASURED });
}
