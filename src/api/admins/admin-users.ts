/** Admin users, managed by admins: list, add, deactivate or reactivate. The role is kept. */
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { adminUsers } from '../../../db/schema.ts';
import { AppError } from '../errors.ts';
import { createAdmin, type NewAdmin } from './create-admin.ts';

const listColumns = {
  id: adminUsers.id,
  email: adminUsers.email,
  firstName: adminUsers.firstName,
  lastName: adminUsers.lastName,
  role: adminUsers.role,
  isActive: adminUsers.isActive,
  lastLogin: adminUsers.lastLogin,
  createdAt: adminUsers.createdAt,
};

export function listAdmins(db: Database) {
  return db
    .select(listColumns)
    .from(adminUsers)
    .orderBy(asc(adminUsers.createdAt), asc(adminUsers.id));
}

export async function addAdmin(db: Database, admin: NewAdmin) {
  if (!(await createAdmin(db, admin))) {
    const message = 'An administrator with this e-mail address exists already.';
    throw new AppError('conflict', message, { email: message });
  }
  const [row] = await db
    .select(listColumns)
    .from(adminUsers)
    .where(sql`lower(${adminUsers.email}) = lower(${admin.email})`);
  if (!row) throw new Error('The admin was not stored');
  return row;
}

/**
 * Deactivating ends the admin's sessions at once (requireAdmin checks isActive on every
 * request; the token version is raised too, so reactivation does not revive old tokens).
 * Nobody deactivates themself, so the team is never locked out by accident.
 */
export async function setAdminActive(
  db: Database,
  { id, isActive, actingAdminId }: { id: number; isActive: boolean; actingAdminId: number },
) {
  if (id === actingAdminId && !isActive) {
    throw new AppError('conflict', 'You cannot deactivate your own account.');
  }
  const [row] = await db
    .update(adminUsers)
    .set({
      isActive,
      ...(!isActive && { tokenVersion: sql`${adminUsers.tokenVersion} + 1` }),
    })
    .where(eq(adminUsers.id, id))
    .returning(listColumns);
  if (!row) throw new AppError('not_found', 'Administrator not found');
  return row;
}
