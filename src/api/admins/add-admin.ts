import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { adminUsers } from '../../../db/schema.ts';
import { AppError } from '../errors.ts';
import { adminListColumns } from './admin-list-columns.ts';
import { createAdmin, type NewAdmin } from './create-admin.ts';

/** An admin adds a colleague; an e-mail address in use (any case) answers 409. */
export async function addAdmin(db: Database, admin: NewAdmin) {
  if (!(await createAdmin(db, admin))) {
    const message = 'An administrator with this e-mail address exists already.';
    throw new AppError('conflict', message, { email: message });
  }
  const [row] = await db
    .select(adminListColumns)
    .from(adminUsers)
    .where(sql`lower(${adminUsers.email}) = lower(${admin.email})`);
  if (!row) throw new Error('The admin was not stored');
  return row;
}
