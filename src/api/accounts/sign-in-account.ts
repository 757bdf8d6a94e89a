/**
 * Sign-in limits that do not lock the owner out (decision 0010), after OWASP's
 * "Slow Down Online Guessing Attacks with Device Cookies": a successful sign-in gives the
 * browser a signed device cookie naming the account (auth/device-cookies.ts). A later
 * attempt on that account with a valid device cookie is counted against that device
 * alone; every other attempt is counted per client and per account. Only failures count,
 * so a flood of wrong passwords locks the account for unknown clients while its owner's
 * browser still signs in.
 */
import { createHash } from 'node:crypto';
import { and } from 'drizzle-orm';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Database } from '../../../db/client.ts';
import type { AppEnv } from '../app-env.ts';
import {
  DEVICE_COOKIE_DAYS,
  signDeviceCookie,
  verifyDeviceCookie,
} from '../auth/device-cookies.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { setSessionCookie, signSession } from '../auth/sessions.ts';
import { AppError } from '../errors.ts';
import { clientAddress } from '../http/client-address.ts';
import { limitFailures, type FailureCounter } from '../rate-limits/hit-rate-limit.ts';
import { LOGIN_FAILED, withEmail, type AccountKind } from './account-kind.ts';

// Compared against when no account can sign in with the e-mail, so every case takes the same time.
const NO_ONE = hashPassword('no-one-has-this-password');

/**
 * Signs in with the login e-mail and password, under the sign-in limits: the browser
 * gets a device cookie and the session cookie, and the caller the session token (for API
 * clients) and what the kind shows of the account. Every failure answers the same 401:
 * no account, a wrong password, an inactive admin, a provider without a password yet.
 */
export async function signInAccount<SignedIn>(
  c: Context<AppEnv>,
  kind: AccountKind<SignedIn>,
  { email, password }: { email: string; password: string },
): Promise<{ token: string; account: SignedIn }> {
  const { db, sessionSecret } = c.var;
  const { id, tokenVersion } = await limitSignIn(c, kind, email, async () => {
    const [account] = await db
      .select({
        id: kind.table.id,
        passwordHash: kind.table.passwordHash,
        tokenVersion: kind.table.tokenVersion,
      })
      .from(kind.table)
      .where(and(withEmail(kind, email), kind.activeAccount));
    const matches = await verifyPassword(password, account?.passwordHash ?? (await NO_ONE));
    if (!account?.passwordHash || !matches) throw new AppError('unauthorized', LOGIN_FAILED);
    return account;
  });
  const account = await kind.signedIn(db, { accountId: id, address: clientAddress(c) });
  const token = await signSession(sessionSecret, {
    role: kind.role,
    accountId: id,
    version: tokenVersion,
  });
  setSessionCookie(c, kind.role, token);
  return { token, account };
}

/** The digest of the account's password hash (device-cookies.ts, passwordStamp); '' without one. */
async function passwordStampOf(db: Database, kind: AccountKind, email: string): Promise<string> {
  const [row] = await db
    .select({ hash: kind.table.passwordHash })
    .from(kind.table)
    .where(withEmail(kind, email));
  return row?.hash ? createHash('sha256').update(row.hash).digest('base64url').slice(0, 22) : '';
}

/**
 * Runs `attempt` (which throws on a wrong password) under the sign-in limits, and on
 * success gives the browser a new device cookie for the account.
 * - With a valid device cookie for this account: the device's own failures only (the
 *   per-client and per-account counters do not apply); a success clears them.
 * - Otherwise: failures per client address (a success takes back its own attempt, so
 *   one client cannot spray guesses over many accounts) and per account (a success
 *   clears the account's failures).
 * A locked counter answers 429 before any password is checked.
 */
async function limitSignIn<T>(
  c: Context<AppEnv>,
  kind: AccountKind,
  /** The login e-mail as the login schema normalises it (trimmed, lower case). */
  email: string,
  attempt: () => Promise<T>,
): Promise<T> {
  const { db, sessionSecret } = c.var;
  const limits = kind.signInLimits;
  const account = { role: kind.role, email };
  const presented = getCookie(c, kind.deviceCookie);
  const stamped = presented && {
    ...account,
    passwordStamp: await passwordStampOf(db, kind, email),
  };
  const device = stamped && (await verifyDeviceCookie(sessionSecret, presented, stamped));
  const counters: FailureCounter[] = device
    ? [{ limit: limits.perDevice, client: device, onSuccess: 'clear' }]
    : [
        { limit: limits.perClient, client: clientAddress(c), onSuccess: 'refund' },
        { limit: limits.perAccount, client: email, onSuccess: 'clear' },
      ];
  const result = await limitFailures(db, counters, attempt);
  const trusted = { ...account, passwordStamp: await passwordStampOf(db, kind, email) };
  setCookie(c, kind.deviceCookie, await signDeviceCookie(sessionSecret, trusted), {
    httpOnly: true,
    secure: true,
    sameSite: 'Strict',
    // Only the login route needs it.
    path: `/api/${kind.role}/login`,
    maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
  });
  return result;
}
