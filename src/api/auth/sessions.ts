/**
 * Sessions (DESIGN.md, Auth): a signed JWT (HS256, 12 h) with the account's role and
 * token version. Login answers it for API clients (bearer header) and sets it as an
 * HttpOnly, Secure, SameSite=Strict cookie for the browser UI. Raising the account's
 * token version (logout, password change, deactivation) revokes every older token.
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { jwtVerify, SignJWT } from 'jose';
import type { AppEnv } from '../app-env.ts';
import { AppError } from '../errors.ts';

export type Role = 'admin' | 'provider';

export const SESSION_HOURS = 12;
export const SESSION_COOKIE: Record<Role, string> = {
  admin: 'vp_admin_session',
  provider: 'vp_provider_session',
};

export interface SessionClaims {
  role: Role;
  accountId: number;
  version: number;
}

export async function signSession(secret: Uint8Array, claims: SessionClaims): Promise<string> {
  return new SignJWT({ role: claims.role, ver: claims.version })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.accountId))
    .setIssuedAt()
    .setExpirationTime(`${SESSION_HOURS}h`)
    .sign(secret);
}

/** The claims of a valid, unexpired token signed with our key; undefined otherwise. */
export async function verifySession(
  secret: Uint8Array,
  token: string,
): Promise<SessionClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    const accountId = Number(payload.sub);
    if (
      (payload.role !== 'admin' && payload.role !== 'provider') ||
      !Number.isSafeInteger(accountId)
    ) {
      return undefined;
    }
    return { role: payload.role, accountId, version: Number(payload.ver) };
  } catch {
    return undefined;
  }
}

export function setSessionCookie<E extends AppEnv>(c: Context<E>, role: Role, token: string): void {
  setCookie(c, SESSION_COOKIE[role], token, {
    httpOnly: true,
    secure: true,
    sameSite: 'Strict',
    path: '/api',
    maxAge: SESSION_HOURS * 60 * 60,
  });
}

export function clearSessionCookie<E extends AppEnv>(c: Context<E>, role: Role): void {
  deleteCookie(c, SESSION_COOKIE[role], { path: '/api', secure: true });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The session token of a request, from the bearer header or the role's cookie. A change
 * authenticated by cookie must come from our own origin (a cookie travels with any
 * request the browser makes, a bearer header only with ours).
 */
export function sessionToken<E extends AppEnv>(c: Context<E>, role: Role): string | undefined {
  const header = c.req.header('authorization');
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim();
  const cookie = getCookie(c, SESSION_COOKIE[role]);
  if (cookie && !SAFE_METHODS.has(c.req.method)) {
    const origin = c.req.header('origin');
    const { env } = c.var as AppEnv['Variables'];
    // SITE_URL, not the request's own URL: behind a TLS proxy the request arrives as
    // http:// while the browser's Origin says https://.
    if (origin !== env.SITE_URL) {
      throw new AppError('forbidden', 'This request must come from the site itself.');
    }
  }
  return cookie;
}

const SIGN_IN_MESSAGES: Record<Role, string> = {
  admin: 'Please sign in as an administrator.',
  provider: 'Please log in to your provider dashboard.',
};
const WRONG_ROLE: Record<Role, string> = {
  admin: 'This area is for administrators only.',
  provider: 'This area is for service providers only.',
};
export const SIGN_IN_AGAIN = 'Your session has ended. Please sign in again.';

/**
 * The claims of the request's session for `role`: 401 without a token or with an
 * invalid or expired one, 403 with another role's token. The caller still checks the
 * account and its token version.
 */
export async function requireSessionClaims<E extends AppEnv>(
  c: Context<E>,
  role: Role,
): Promise<SessionClaims> {
  const token = sessionToken(c, role);
  if (!token) throw new AppError('unauthorized', SIGN_IN_MESSAGES[role]);
  const { sessionSecret } = c.var as AppEnv['Variables'];
  const claims = await verifySession(sessionSecret, token);
  if (!claims) throw new AppError('unauthorized', SIGN_IN_AGAIN);
  if (claims.role !== role) throw new AppError('forbidden', WRONG_ROLE[role]);
  return claims;
}
