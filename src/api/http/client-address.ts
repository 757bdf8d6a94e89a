import type { Context } from 'hono';
import type { AppEnv } from '../app-env.ts';

interface HostBindings {
  /** @hono/node-server passes the Node request. */
  incoming?: { socket?: { remoteAddress?: string } };
  /** The Netlify host passes the function context's client address. */
  clientIp?: string;
}

/**
 * The client's address, for rate limits. Taken from what the host knows for certain
 * (the socket, or Netlify's context), not from a header a client could set, unless
 * TRUST_PROXY says a reverse proxy in front sets X-Forwarded-For.
 */
export function clientAddress(c: Context<AppEnv>): string {
  const bindings = c.env as HostBindings | undefined;
  if (c.var.env.TRUST_PROXY) {
    // Our proxy appends the address it saw, so only the last entry can be trusted: the
    // ones before it are whatever the client sent.
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  return bindings?.clientIp ?? bindings?.incoming?.socket?.remoteAddress ?? 'unknown';
}
