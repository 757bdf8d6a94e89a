/**
 * Which provider, if any, is signed in in the browser that sends a request or a review
 * (a review of a request a provider sent itself waits for moderation). A
 * missing, invalid or expired session is no error here: the visitor is simply anonymous.
 */
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../app-env.ts';
import { SESSION_COOKIE, verifySession } from '../auth/sessions.ts';

export async function providerInBrowser(c: Context<AppEnv>): Promise<number | undefined> {
  const header = c.req.header('authorization');
  const tokens = [
    getCookie(c, SESSION_COOKIE.provider),
    header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined,
  ];
  for (const token of tokens) {
    if (!token) continue;
    const claims = await verifySession(c.var.sessionSecret, token);
    if (claims?.role === 'provider') return claims.accountId;
  }
  return undefined;
}
