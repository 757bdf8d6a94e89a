import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { serviceProviders as p } from '../../../db/schema.ts';
import { AppError } from '../errors.ts';
import { adminProviderColumns } from './admin-provider-columns.ts';

export async function getAdminProvider(db: Database, id: number) {
  const [row] = await db.select(adminProviderColumns).from(p).where(eq(p.id, id));
  if (!row) throw new AppError('not_found', 'Provider not found');
  return row;
}
