import type { Database } from '../../../db/client.ts';
import { consumePasswordToken, findPasswordTokenOwner } from '../auth/password-tokens.ts';
import { hashPassword } from '../auth/password.ts';
import { AppError } from '../errors.ts';
import { nextTokenVersion, withId, type AccountKind } from './account-kind.ts';

/**
 * Sets a new password from a password link (the kind's purposes: a reset link, and for
 * providers the set-password link of the approval mail); the link is single use, and
 * older links and every session stop working. A bad link is refused before the password
 * is hashed: a hash costs a third of a second and 128 MiB, so bogus links must not be
 * able to buy them.
 */
export async function setPasswordWithToken(
  db: Database,
  kind: AccountKind,
  { resetToken, newPassword }: { resetToken: string; newPassword: string },
): Promise<void> {
  const purposes = kind.passwordLinkPurposes;
  const invalid = () => new AppError('bad_request', kind.texts.invalidPasswordLink);
  const found = await findPasswordTokenOwner(db, { token: resetToken, purposes });
  if (!found || kind.accountOf(found) === undefined) throw invalid();
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    // Used meanwhile by a request that got there first: single use still holds.
    const owner = await consumePasswordToken(tx, { token: resetToken, purposes });
    const accountId = owner && kind.accountOf(owner);
    if (accountId === undefined) throw invalid();
    await tx
      .update(kind.table)
      .set({ passwordHash, tokenVersion: nextTokenVersion(kind) })
      .where(withId(kind, accountId));
  });
}
