import type { Context } from 'hono';
import ipaddr from 'ipaddr.js';
import type { AppEnv } from '../app-env.ts';

interface HostBindings {
  /** @hono/node-server passes the Node request. */
  incoming?: { socket?: { remoteAddress?: string } };
  /** The Netlify host passes the function context's client address. */
  clientIp?: string;
}

/**
 * How many leading bits of an IPv6 address make one client. A household or a host is
 * given a whole network (a /64 at the least, often a /56 or a /48) and may pick any of
 * its addresses for each request: counted by address, it would never be limited. 56, as
 * express-rate-limit counts by default.
 */
const IPV6_CLIENT_BITS = 56;

/**
 * The client an address stands for: an IPv4 address itself (also when written as
 * IPv4-mapped IPv6, as a dual-stack socket reports it), an IPv6 address its /56
 * ('2001:db8:aa::/56'); anything else as it is.
 */
export function clientNetwork(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const bytes = parsed.toByteArray().map((byte, i) => (i < IPV6_CLIENT_BITS / 8 ? byte : 0));
  return `${ipaddr.fromByteArray(bytes).toString()}/${IPV6_CLIENT_BITS}`;
}

/**
 * The client, for rate limits and for telling customers apart (clientNetwork: an IPv6
 * client is its /56). Taken from what the host knows for certain
 * (the socket, or Netlify's context), not from a header a client could set, unless
 * TRUST_PROXY says a reverse proxy in front sets X-Forwarded-For.
 */
export function clientAddress(c: Context<AppEnv>): string {
  const bindings = c.env as HostBindings | undefined;
  if (c.var.env.TRUST_PROXY) {
    // Our proxy appends the address it saw, so only the last entry can be trusted: the
    // ones before it are whatever the client sent.
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return clientNetwork(forwarded);
  }
  return clientNetwork(
    bindings?.clientIp ?? bindings?.incoming?.socket?.remoteAddress ?? 'unknown',
  );
}
