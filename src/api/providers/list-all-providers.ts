import { desc } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { serviceProviders as p } from '../../../db/schema.ts';
import { adminProviderColumns } from './admin-provider-columns.ts';

/** Every provider, approved or not, newest first (the CSV export). */
export function listAllProviders(db: Database) {
  return db.select(adminProviderColumns).from(p).orderBy(desc(p.createdAt), desc(p.id));
}

export type AdminProviderRow = Awaited<ReturnType<typeof listAllProviders>>[number];
