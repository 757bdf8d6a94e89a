import { and } from 'drizzle-orm';
import type { SelectedFieldsFlat } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { withId, type AccountKind } from '../accounts/account-kind.ts';
import type { AppEnv } from '../app-env.ts';
import { AppError } from '../errors.ts';
import { noStore } from '../http/cache.ts';
import { requireSessionClaims, SIGN_IN_AGAIN } from './sessions.ts';

/**
 * The `columns` of the account a request's session of the kind belongs to, for a route
 * behind a sign-in (require-admin.ts, require-provider.ts): 401 once the account is gone,
 * may no longer sign in (an inactive admin), or has ended its sessions since this one was
 * signed (logout and a password change raise the token version). The answer is the
 * account's own, so no cache keeps it.
 */
export async function sessionAccount<E extends AppEnv, Columns extends SelectedFieldsFlat>(
  c: Context<E>,
  kind: AccountKind,
  columns: Columns,
): Promise<SelectResultFields<Columns>> {
  const claims = await requireSessionClaims(c, kind.role);
  const { db } = c.var as AppEnv['Variables'];
  const [row] = await db
    .select({ account: columns, tokenVersion: kind.table.tokenVersion })
    .from(kind.table)
    .where(and(withId(kind, claims.accountId), kind.activeAccount));
  if (!row || row.tokenVersion !== claims.version) {
    throw new AppError('unauthorized', SIGN_IN_AGAIN);
  }
  noStore(c);
  return row.account;
}

/**
 * The middleware of a route behind a sign-in of the kind: the session's account, its
 * `columns`, is set as the context variable `name` for the routes after it.
 */
export function requireSessionAccount<Name extends string, Columns extends SelectedFieldsFlat>(
  name: Name,
  kind: AccountKind,
  columns: Columns,
) {
  type SignedInEnv = AppEnv & { Variables: Record<Name, SelectResultFields<Columns>> };
  return createMiddleware<SignedInEnv>(async (c, next) => {
    const account = await sessionAccount(c, kind, columns);
    // TypeScript does not resolve an intersection's member by a generic key: it is `account`'s type.
    c.set(name, account as SignedInEnv['Variables'][Name]);
    await next();
  });
}
