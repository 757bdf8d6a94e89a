import { sql } from 'drizzle-orm';
import { adminUsers } from '../../../db/schema.ts';

/** What the Admin users screen shows of an admin; never the password hash or token version. */
export const adminListColumns = {
  id: adminUsers.id,
  email: adminUsers.email,
  firstName: adminUsers.firstName,
  lastName: adminUsers.lastName,
  role: adminUsers.role,
  isActive: adminUsers.isActive,
  lastLogin: adminUsers.lastLogin,
  /** Invited and not signed up yet: no password chosen, so the admin cannot sign in. */
  invitationPending: sql<boolean>`${adminUsers.passwordHash} IS NULL`.as('invitation_pending'),
  createdAt: adminUsers.createdAt,
};
