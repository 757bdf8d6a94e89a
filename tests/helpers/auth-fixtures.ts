/**
 * Sessions of admins and providers alike, as the tests make them: minted with the app's
 * own signer and key (valid, expired, signed with another key, unsigned), changed after
 * signing (tampered), or got through the login routes (signed in, revoked by signing out);
 * and the cookies, client addresses, counters and Retry-After of the sign-in limits.
 */
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { expect } from 'vitest';
import { adminUsers, passwordTokens, rateLimits, serviceProviders } from '../../db/schema.ts';
import { sessionSecret } from '../../src/api/auth/session-secret.ts';
import { signSession, type Role } from '../../src/api/auth/sessions.ts';
import { sendJson } from './api-fixtures.ts';
import type { TestApi } from './test-api.ts';

export const SIGN_IN_AGAIN = 'Your session has ended. Please sign in again.';

/** A key that is not the app's: what it signs, the app must refuse. */
export const FOREIGN_KEY = new TextEncoder().encode('another-key-that-is-not-the-apps-own-secret');

/** The key that signs the test API's sessions (the same as the app's). */
export function testSessionSecret(api: TestApi): Uint8Array {
  return sessionSecret(api.env);
}

/** The account's token version: sessions of an older one are revoked. */
async function tokenVersionOf(api: TestApi, role: Role, accountId: number): Promise<number> {
  const { db } = api.database;
  const [row] =
    role === 'admin'
      ? await db
          .select({ version: adminUsers.tokenVersion })
          .from(adminUsers)
          .where(eq(adminUsers.id, accountId))
      : await db
          .select({ version: serviceProviders.tokenVersion })
          .from(serviceProviders)
          .where(eq(serviceProviders.id, accountId));
  if (!row) throw new Error(`No ${role} ${accountId}`);
  return row.version;
}

export interface SessionOptions {
  /** The token version it names; the account's current one unless given. */
  version?: number;
  /** Expired an hour ago (signed with the right key and version). */
  expired?: boolean;
  /** Signed with another key than the app's (FOREIGN_KEY, for instance). */
  key?: Uint8Array;
}

/**
 * A session token for the account as the login makes it (the app's signer and key, the
 * account's current token version): no password check per test. The options make the
 * tokens the app must refuse.
 */
export async function sessionToken(
  api: TestApi,
  role: Role,
  accountId: number,
  { version, expired = false, key }: SessionOptions = {},
): Promise<string> {
  const claims = {
    role,
    accountId,
    version: version ?? (await tokenVersionOf(api, role, accountId)),
  };
  if (!expired && !key) return signSession(testSessionSecret(api), claims);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ role, ver: claims.version })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(accountId))
    .setIssuedAt(expired ? now - 13 * 60 * 60 : now)
    .setExpirationTime(expired ? now - 60 * 60 : now + 60 * 60)
    .sign(key ?? testSessionSecret(api));
}

/** An unsigned token (`alg: none`) with the claims of a session. */
export function unsignedToken(role: Role, accountId: number, version = 0): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const claims = { role, ver: version, sub: String(accountId), iat: now, exp: now + 3600 };
  return `${encode({ alg: 'none' })}.${encode(claims)}.`;
}

/**
 * The token with one character of its signature changed. A middle character is changed:
 * the last one of a base64url signature carries unused bits, so changing it may not
 * change the signature at all.
 */
export function tamperSignature(token: string): string {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) throw new Error('Not a JWT');
  const i = Math.floor(signature.length / 2);
  const flipped = signature[i] === 'A' ? 'B' : 'A';
  return `${header}.${payload}.${signature.slice(0, i)}${flipped}${signature.slice(i + 1)}`;
}

/** The token with its payload changed (`changes` merged in), keeping the old signature. */
export function tamperPayload(token: string, changes: Record<string, unknown>): string {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || signature === undefined) throw new Error('Not a JWT');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as object;
  const changed = Buffer.from(JSON.stringify({ ...claims, ...changes })).toString('base64url');
  return `${header}.${changed}.${signature}`;
}

/** Headers with `Authorization: Bearer <token>` (and JSON content type for bodies). */
export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
}

export interface Credentials {
  email: string;
  password: string;
}

/** POST /api/admin/login or /api/provider/login with JSON credentials; the raw answer. */
export function postLogin(
  api: TestApi,
  role: Role,
  credentials: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return sendJson(api, 'POST', `/api/${role}/login`, credentials, headers);
}

/** Signs in through the login route with a password; answers the token (fails unless 200). */
export async function signIn(api: TestApi, role: Role, account: Credentials): Promise<string> {
  const { email, password } = account;
  const response = await postLogin(api, role, { email, password });
  if (response.status !== 200) {
    throw new Error(`Login of ${email} answered ${response.status}: ${await response.text()}`);
  }
  const { token } = (await response.json()) as { token: string };
  return token;
}

/**
 * A token that was valid and has been revoked: signs in, signs out (which revokes every
 * token of the account, raising its token version) and answers the old token.
 */
export async function revokedSession(
  api: TestApi,
  role: Role,
  account: Credentials,
): Promise<string> {
  const token = await signIn(api, role, account);
  const response = await api.request(`/api/${role}/logout`, {
    method: 'POST',
    headers: bearer(token),
  });
  if (response.status !== 200) throw new Error(`Logout answered ${response.status}`);
  return token;
}

/** The `name=value` pair and attributes of the Set-Cookie header for `name`, if any. */
export function setCookie(response: Response, name: string): string | undefined {
  return response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
}

/**
 * The answer's Set-Cookie for `name`, which must be there and be HttpOnly, Secure,
 * SameSite=Strict and for `path`: answers its `name=value` pair and its Max-Age in seconds
 * (NaN when it has none).
 */
export function expectStrictCookie(
  response: Response,
  name: string,
  path: string,
): { pair: string; maxAge: number } {
  const cookie = setCookie(response, name);
  expect(cookie, `the ${name} cookie`).toBeDefined();
  const [pair = '', ...attributes] = cookie!.split(';').map((part) => part.trim());
  expect(attributes).toEqual(
    expect.arrayContaining(['HttpOnly', 'Secure', 'SameSite=Strict', `Path=${path}`]),
  );
  return { pair, maxAge: Number(/Max-Age=(\d+)/i.exec(cookie!)?.[1]) };
}

/** The `name=value` pair of the answer's Set-Cookie for `name`, as a browser sends it back. */
export function cookiePair(response: Response, name: string): string {
  const cookie = setCookie(response, name);
  const pair = cookie?.split(';')[0];
  if (!pair) throw new Error(`The answer sets no ${name} cookie`);
  return pair;
}

/** Headers that make a request come from `address` (on a test API with TRUST_PROXY=true). */
export function fromClient(address: string): Record<string, string> {
  return { 'x-forwarded-for': address };
}

/** Every password link of the account, expired a minute ago. */
export async function expirePasswordLinks(
  api: TestApi,
  role: Role,
  accountId: number,
): Promise<void> {
  const account = role === 'admin' ? passwordTokens.adminId : passwordTokens.providerId;
  await api.database.db
    .update(passwordTokens)
    .set({ expiresAt: sql`now() - interval '1 minute'` })
    .where(eq(account, accountId));
}

/** `count` failures on a counter of RATE_LIMITS, as if they had just happened (no scrypt). */
export async function failedBefore(
  api: TestApi,
  limit: { name: string },
  client: string,
  count: number,
): Promise<void> {
  await api.database.db.insert(rateLimits).values({ key: `${limit.name}:${client}`, count });
}

/** The answer's Retry-After in seconds; fails unless it is a whole number of seconds. */
export function retryAfterOf(response: Response): number {
  const value = response.headers.get('retry-after');
  if (value === null || !/^\d+$/.test(value)) {
    throw new Error(`Retry-After is ${JSON.stringify(value)}, not a number of seconds`);
  }
  return Number(value);
}
