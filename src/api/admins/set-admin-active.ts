import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { adminUsers } from '../../../db/schema.ts';
import { AppError } from '../errors.ts';
import { adminListColumns } from './admin-list-columns.ts';

/**
 * Deactivates or reactivates an admin (the role is kept). Deactivating ends the admin's
 * sessions at once (requireAdmin checks isActive on every request; the token version is
 * raised too, so reactivation does not revive old tokens). Nobody deactivates themself,
 * so the team is never locked out by accident.
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
    .returning(adminListColumns);
  if (!row) throw new AppError('not_found', 'Administrator not found');
  return row;
}
