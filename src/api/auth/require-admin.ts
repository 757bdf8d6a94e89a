import type { MiddlewareHandler } from 'hono';
import { adminUsers } from '../../../db/schema.ts';
import { adminAccounts } from '../accounts/account-kinds.ts';
import type { AppEnv } from '../app-env.ts';
import { requireSessionAccount } from './session-account.ts';
import { SIGN_IN_AGAIN } from './sessions.ts';

export interface SignedInAdmin {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
}

export type AdminEnv = AppEnv & { Variables: { admin: SignedInAdmin } };

export { SIGN_IN_AGAIN };

/**
 * Every /api/admin/* route but login and the password reset: a valid admin token of an
 * active admin whose token version still matches. A provider's token is refused (403).
 */
export const requireAdmin: MiddlewareHandler<AdminEnv> = requireSessionAccount(
  'admin',
  adminAccounts,
  {
    id: adminUsers.id,
    email: adminUsers.email,
    firstName: adminUsers.firstName,
    lastName: adminUsers.lastName,
  },
);
