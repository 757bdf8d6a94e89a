/**
 * Sign-in limits that do not lock the owner out (issue 11), after OWASP's "Slow Down
 * Online Guessing Attacks with Device Cookies": a successful sign-in gives the browser a
 * signed device cookie naming the account. A later attempt on that account with a valid
 * device cookie is counted against that device alone; every other attempt is counted per
 * client and per account. Only failures count, so a flood of wrong passwords locks the
 * account for unknown clients while its owner's browser still signs in.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { adminUsers, serviceProviders } from '../../../db/schema.ts';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { jwtVerify, SignJWT } from 'jose';
import type { AppEnv } from '../app-env.ts';
import { clientAddress } from '../http/client-address.ts';
import {
  limitFailures,
  RATE_LIMITS,
  type FailureCounter,
  type RateLimit,
} from '../rate-limits/hit-rate-limit.ts';
import type { Role } from './sessions.ts';

export const DEVICE_COOKIE: Record<Role, string> = {
  admin: 'vp_admin_device',
  provider: 'vp_provider_device',
};
export const DEVICE_COOKIE_DAYS = 180;

// Sessions carry no audience, so neither kind of token passes for the other.
const AUDIENCE = 'sign-in-device';

interface Account {
  role: Role;
  /** The login e-mail as the login schema normalises it (trimmed, lower case). */
  email: string;
  /**
   * A digest of the account's current password hash: a new password ends the trust of
   * every device (someone who once knew the old one keeps no fresh guessing budgets).
   */
  passwordStamp?: string | undefined;
}

/** The digest of the account's password hash (see Account.passwordStamp); '' without one. */
export async function passwordStampOf(
  db: Database,
  { role, email }: Pick<Account, 'role' | 'email'>,
): Promise<string> {
  const table = role === 'admin' ? adminUsers : serviceProviders;
  const [row] = await db
    .select({ hash: table.passwordHash })
    .from(table)
    .where(sql`lower(${table.email}) = lower(${email})`);
  return row?.hash ? createHash('sha256').update(row.hash).digest('base64url').slice(0, 22) : '';
}

const subjectOf = ({ role, email }: Account) => `${role}:${email}`;

/** A device cookie for the account, with a fresh random nonce. */
export function signDeviceCookie(secret: Uint8Array, account: Account): Promise<string> {
  return new SignJWT({ pw: account.passwordStamp ?? '' })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(AUDIENCE)
    .setSubject(subjectOf(account))
    .setJti(randomBytes(16).toString('base64url'))
    .setIssuedAt()
    .setExpirationTime(`${DEVICE_COOKIE_DAYS}d`)
    .sign(secret);
}

/** The nonce of a valid, unexpired device cookie for this account; undefined otherwise. */
export async function verifyDeviceCookie(
  secret: Uint8Array,
  token: string,
  account: Account,
): Promise<string | undefined> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      audience: AUDIENCE,
      subject: subjectOf(account),
    });
    if (payload.pw !== (account.passwordStamp ?? '')) return undefined;
    return typeof payload.jti === 'string' && payload.jti !== '' ? payload.jti : undefined;
  } catch {
    return undefined;
  }
}

const SIGN_IN_LIMITS: Record<
  Role,
  { perClient: RateLimit; perAccount: RateLimit; perDevice: RateLimit }
> = {
  admin: {
    perClient: RATE_LIMITS.adminLogin,
    perAccount: RATE_LIMITS.adminLoginPerEmail,
    perDevice: RATE_LIMITS.adminLoginPerDevice,
  },
  provider: {
    perClient: RATE_LIMITS.providerLogin,
    perAccount: RATE_LIMITS.providerLoginPerEmail,
    perDevice: RATE_LIMITS.providerLoginPerDevice,
  },
};

/**
 * Runs `signIn` (which throws on a wrong password) under the sign-in limits, and on
 * success gives the browser a new device cookie for the account.
 * - With a valid device cookie for this account: the device's own failures only (the
 *   per-client and per-account counters do not apply); a success clears them.
 * - Otherwise: failures per client address (a success takes back its own attempt, so
 *   one client cannot spray guesses over many accounts) and per account (a success
 *   clears the account's failures).
 * A locked counter answers 429 before any password is checked.
 */
export async function limitSignIn<T>(
  c: Context<AppEnv>,
  account: Account,
  signIn: () => Promise<T>,
): Promise<T> {
  const { db, sessionSecret } = c.var;
  const limits = SIGN_IN_LIMITS[account.role];
  const presented = getCookie(c, DEVICE_COOKIE[account.role]);
  const stamped = presented && { ...account, passwordStamp: await passwordStampOf(db, account) };
  const device = stamped && (await verifyDeviceCookie(sessionSecret, presented, stamped));
  const counters: FailureCounter[] = device
    ? [{ limit: limits.perDevice, client: device, onSuccess: 'clear' }]
    : [
        { limit: limits.perClient, client: clientAddress(c), onSuccess: 'refund' },
        { limit: limits.perAccount, client: account.email, onSuccess: 'clear' },
      ];
  const result = await limitFailures(db, counters, signIn);
  const trusted = { ...account, passwordStamp: await passwordStampOf(db, account) };
  setCookie(c, DEVICE_COOKIE[account.role], await signDeviceCookie(sessionSecret, trusted), {
    httpOnly: true,
    secure: true,
    sameSite: 'Strict',
    // Only the login route needs it.
    path: `/api/${account.role}/login`,
    maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
  });
  return result;
}
