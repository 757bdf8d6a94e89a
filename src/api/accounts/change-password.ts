import type { Database } from '../../../db/client.ts';
import { endPasswordLinks } from '../auth/password-tokens.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { SIGN_IN_AGAIN, signSession } from '../auth/sessions.ts';
import { AppError } from '../errors.ts';
import { nextTokenVersion, withId, type AccountKind } from './account-kind.ts';

const WRONG_CURRENT_PASSWORD = 'The current password is not correct.';

/**
 * Settings > Change Password: the current password must match. Every other session ends,
 * and every open password link; the caller gets a fresh token for this one.
 */
export async function changePassword(
  db: Database,
  secret: Uint8Array,
  kind: AccountKind,
  {
    accountId,
    currentPassword,
    newPassword,
  }: { accountId: number; currentPassword: string; newPassword: string },
): Promise<{ token: string }> {
  const [account] = await db
    .select({ passwordHash: kind.table.passwordHash })
    .from(kind.table)
    .where(withId(kind, accountId));
  if (!account?.passwordHash || !(await verifyPassword(currentPassword, account.passwordHash))) {
    throw new AppError('bad_request', WRONG_CURRENT_PASSWORD, {
      currentPassword: WRONG_CURRENT_PASSWORD,
    });
  }
  const passwordHash = await hashPassword(newPassword);
  const [updated] = await db
    .update(kind.table)
    .set({ passwordHash, tokenVersion: nextTokenVersion(kind) })
    .where(withId(kind, accountId))
    .returning({ id: kind.table.id, tokenVersion: kind.table.tokenVersion });
  if (!updated) throw new AppError('unauthorized', SIGN_IN_AGAIN);
  await endPasswordLinks(db, kind.tokenOwner(accountId));
  const token = await signSession(secret, {
    role: kind.role,
    accountId: updated.id,
    version: updated.tokenVersion,
  });
  return { token };
}
