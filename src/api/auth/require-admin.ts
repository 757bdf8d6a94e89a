import { eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { adminUsers } from '../../../db/schema.ts';
import type { AppEnv } from '../app-env.ts';
import { AppError } from '../errors.ts';
import { noStore } from '../http/cache.ts';
import { requireSessionClaims, SIGN_IN_AGAIN } from './sessions.ts';

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
export const requireAdmin = createMiddleware<AdminEnv>(async (c, next) => {
  const claims = await requireSessionClaims(c, 'admin');
  const [admin] = await c.var.db
    .select({
      id: adminUsers.id,
      email: adminUsers.email,
      firstName: adminUsers.firstName,
      lastName: adminUsers.lastName,
      isActive: adminUsers.isActive,
      tokenVersion: adminUsers.tokenVersion,
    })
    .from(adminUsers)
    .where(eq(adminUsers.id, claims.accountId));
  if (!admin || !admin.isActive || admin.tokenVersion !== claims.version) {
    throw new AppError('unauthorized', SIGN_IN_AGAIN);
  }
  c.set('admin', {
    id: admin.id,
    email: admin.email,
    firstName: admin.firstName,
    lastName: admin.lastName,
  });
  noStore(c);
  await next();
});
