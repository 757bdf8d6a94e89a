/**
 * A provider's account: log in and out, the password links (the set-password link sent
 * on approval and 'Forgot password?'), and Change Password. Sessions as for admins
 * (auth/sessions.ts): raising token_version ends every older session.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { serviceProviders } from '../../../db/schema.ts';
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

export const PROVIDER_LOGIN_FAILED = 'Invalid email or password';
export const PROVIDER_RESET_LINK_MINUTES = 60;
export const INVALID_PASSWORD_LINK =
  'This link is invalid, has expired or has been used. Please ask for a new one.';

// Compared against when no provider can sign in with the e-mail, so every case takes the same time.
const NO_ONE = hashPassword('no-one-has-this-password');

const byEmail = (email: string) => sql`lower(${serviceProviders.email}) = lower(${email})`;

const sessionFor = (secret: Uint8Array, provider: { id: number; tokenVersion: number }) =>
  signSession(secret, { role: 'provider', accountId: provider.id, version: provider.tokenVersion });

export async function signInProvider(
  db: Database,
  secret: Uint8Array,
  { email, password }: { email: string; password: string },
): Promise<{ token: string; providerId: number }> {
  const [provider] = await db
    .select({
      id: serviceProviders.id,
      passwordHash: serviceProviders.passwordHash,
      tokenVersion: serviceProviders.tokenVersion,
    })
    .from(serviceProviders)
    .where(byEmail(email));
  // A provider who has not chosen a password yet cannot sign in (same answer).
  const matches = await verifyPassword(password, provider?.passwordHash ?? (await NO_ONE));
  if (!provider?.passwordHash || !matches) {
    throw new AppError('unauthorized', PROVIDER_LOGIN_FAILED);
  }
  return { token: await sessionFor(secret, provider), providerId: provider.id };
}

/** Ends every session of the provider. */
export async function signOutProvider(db: Database, providerId: number): Promise<void> {
  await db
    .update(serviceProviders)
    .set({ tokenVersion: sql`${serviceProviders.tokenVersion} + 1` })
    .where(eq(serviceProviders.id, providerId));
}

/**
 * E-mails a link to choose a new password when a provider has the address. The caller
 * answers the same either way; the token is returned for development mode only.
 */
export async function requestProviderPasswordReset(
  db: Database,
  { email, siteUrl }: { email: string; siteUrl: string },
): Promise<string | undefined> {
  const [provider] = await db
    .select({ id: serviceProviders.id, email: serviceProviders.email })
    .from(serviceProviders)
    .where(byEmail(email));
  if (!provider) return undefined;
  return db.transaction(async (tx) => {
    const token = await createPasswordToken(tx, {
      owner: { providerId: provider.id },
      purpose: 'reset',
      validMinutes: PROVIDER_RESET_LINK_MINUTES,
    });
    const link = new URL('/dashboard/set-password', siteUrl);
    link.searchParams.set('token', token);
    await enqueueMail(
      tx,
      passwordResetMessage(provider.email, link.href, PROVIDER_RESET_LINK_MINUTES),
    );
    return token;
  });
}

/**
 * Sets the password from a set-password or reset link (single use; older links and
 * every session stop working). A bad link is refused before the password is hashed: a
 * hash costs a third of a second and 128 MiB, so bogus links must not buy them (issue 11).
 */
export async function setProviderPassword(
  db: Database,
  { resetToken, newPassword }: { resetToken: string; newPassword: string },
): Promise<void> {
  const purposes = ['set-password', 'reset'] as const;
  const found = await findPasswordTokenOwner(db, { token: resetToken, purposes });
  if (!found || !('providerId' in found)) throw new AppError('bad_request', INVALID_PASSWORD_LINK);
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    // Used meanwhile by a request that got there first: single use still holds.
    const owner = await consumePasswordToken(tx, { token: resetToken, purposes });
    if (!owner || !('providerId' in owner)) {
      throw new AppError('bad_request', INVALID_PASSWORD_LINK);
    }
    await tx
      .update(serviceProviders)
      .set({ passwordHash, tokenVersion: sql`${serviceProviders.tokenVersion} + 1` })
      .where(eq(serviceProviders.id, owner.providerId));
  });
}

/**
 * Settings > Change Password: the current password must match. Every other session ends;
 * the caller gets a fresh token for this one.
 */
export async function changeProviderPassword(
  db: Database,
  secret: Uint8Array,
  {
    providerId,
    currentPassword,
    newPassword,
  }: { providerId: number; currentPassword: string; newPassword: string },
): Promise<{ token: string }> {
  const [provider] = await db
    .select({ passwordHash: serviceProviders.passwordHash })
    .from(serviceProviders)
    .where(eq(serviceProviders.id, providerId));
  if (!provider?.passwordHash || !(await verifyPassword(currentPassword, provider.passwordHash))) {
    throw new AppError('bad_request', 'The current password is not correct.', {
      currentPassword: 'The current password is not correct.',
    });
  }
  const passwordHash = await hashPassword(newPassword);
  const [updated] = await db
    .update(serviceProviders)
    .set({ passwordHash, tokenVersion: sql`${serviceProviders.tokenVersion} + 1` })
    .where(eq(serviceProviders.id, providerId))
    .returning({ id: serviceProviders.id, tokenVersion: serviceProviders.tokenVersion });
  if (!updated) throw new AppError('unauthorized', 'Your session has ended. Please sign in again.');
  return { token: await sessionFor(secret, updated) };
}
