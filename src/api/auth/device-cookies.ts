/**
 * Device cookies of the sign-in limits (accounts/sign-in-account.ts, decision 0010): a signed
 * token (HS256, the session key) naming the account a browser has signed in to, with a
 * random nonce, so that its failures can be counted apart from everyone else's.
 */
import { randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Role } from './sessions.ts';

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
