import { asc } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { adminUsers } from '../../../db/schema.ts';
import { adminListColumns } from './admin-list-columns.ts';

/** Every admin user, oldest first. */
export function listAdmins(db: Database) {
  return db
    .select(adminListColumns)
    .from(adminUsers)
    .orderBy(asc(adminUsers.createdAt), asc(adminUsers.id));
}
