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
  createdAt: adminUsers.createdAt,
};
