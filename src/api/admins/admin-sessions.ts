/** Admin sign-in, sign-out and password reset (spec sections 4, 5 and 7). */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { adminUsers } from '../../../db/schema.ts';
import {
  consumePasswordToken,
  createPasswordToken,
  findPasswordTokenOwner,
} from '../auth/password-tokens.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { signSession } from '../auth/sessions.ts';
import { AppError } from '../errors.ts';
import { enqueueMail } from '../jobs/enqueue.ts';
import { passwordResetMessage } from '../mail/messages.ts';

export const LOGIN_FAILED = 'Invalid email or password';
export const RESET_LINK_MINUTES = 60;

// Compared against when no admin has the e-mail, so both cases take the same time.
const NO_ONE = hashPassword('no-one-has-this-password');

const byEmail = (email: string) => sql`lower(${adminUsers.email}) = lower(${email})`;

export async function signInAdmin(
  db: Database,
  secret: Uint8Array,
  { email, password }: { email: string; password: string },
) {
  const [admin] = await db.select().from(adminUsers).where(byEmail(email));
  const matches = await verifyPassword(password, admin?.passwordHash ?? (await NO_ONE));
  if (!admin || !matches || !admin.isActive) throw new AppError('unauthorized', LOGIN_FAILED);
  await db
    .update(adminUsers)
    .set({ lastLogin: sql`now()` })
    .where(eq(adminUsers.id, admin.id));
  const token = await signSession(secret, {
    role: 'admin',
    accountId: admin.id,
    version: admin.tokenVersion,
  });
  return {
    token,
    admin: { firstName: admin.firstName, lastName: admin.lastName, email: admin.email },
  };
}

/** Ends every session of the admin: tokens carrying the old version stop working. */
export async function signOutAdmin(db: Database, adminId: number): Promise<void> {
  await db
    .update(adminUsers)
    .set({ tokenVersion: sql`${adminUsers.tokenVersion} + 1` })
    .where(eq(adminUsers.id, adminId));
}

/**
 * Writes a reset link's mail when an active admin has the address. The route queues this
 * (jobs/password-reset-job.ts) so that its answer takes the same time either way; the
 * token is returned for development mode only.
 */
export async function requestAdminPasswordReset(
  db: Database,
  { email, siteUrl }: { email: string; siteUrl: string },
): Promise<string | undefined> {
  const [admin] = await db
    .select({ id: adminUsers.id, email: adminUsers.email, isActive: adminUsers.isActive })
    .from(adminUsers)
    .where(byEmail(email));
  if (!admin?.isActive) return undefined;
  return db.transaction(async (tx) => {
    const token = await createPasswordToken(tx, {
      owner: { adminId: admin.id },
      purpose: 'reset',
      validMinutes: RESET_LINK_MINUTES,
    });
    const link = new URL('/admin', siteUrl);
    link.searchParams.set('resetToken', token);
    await enqueueMail(tx, passwordResetMessage(admin.email, link.href, RESET_LINK_MINUTES));
    return token;
  });
}

const INVALID_RESET_LINK = 'This reset link is invalid or has expired. Please ask for a new one.';

/**
 * Sets a new password from a reset link; older links and every session stop working.
 * A bad link is refused before the password is hashed: a hash costs a third of a second
 * and 128 MiB, so bogus links must not be able to buy them (issue 11).
 */
export async function resetAdminPassword(
  db: Database,
  { resetToken, newPassword }: { resetToken: string; newPassword: string },
): Promise<void> {
  const found = await findPasswordTokenOwner(db, { token: resetToken, purposes: ['reset'] });
  if (!found || !('adminId' in found)) throw new AppError('bad_request', INVALID_RESET_LINK);
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    // Used meanwhile by a request that got there first: single use still holds.
    const owner = await consumePasswordToken(tx, { token: resetToken, purposes: ['reset'] });
    if (!owner || !('adminId' in owner)) throw new AppError('bad_request', INVALID_RESET_LINK);
    await tx
      .update(adminUsers)
      .set({ passwordHash, tokenVersion: sql`${adminUsers.tokenVersion} + 1` })
      .where(eq(adminUsers.id, owner.adminId));
  });
}
