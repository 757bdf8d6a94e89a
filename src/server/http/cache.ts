import type { Context } from 'hono';

/**
 * Public GETs may be cached by the CDN for a short while and served stale while it
 * revalidates; browsers always revalidate. Netlify reads Netlify-CDN-Cache-Control,
 * other CDNs CDN-Cache-Control (RFC 9213); Netlify-Vary keys the cache on the query
 * parameters that change the answer.
 */
export function cachePublicly(c: Context, options: { varyOnQuery?: readonly string[] } = {}): void {
  const shared = 'public, s-maxage=60, stale-while-revalidate=300';
  c.header('Cache-Control', 'public, max-age=0, must-revalidate');
  c.header('CDN-Cache-Control', shared);
  c.header('Netlify-CDN-Cache-Control', shared);
  if (options.varyOnQuery?.length) {
    c.header('Netlify-Vary', `query=${options.varyOnQuery.join('|')}`);
  }
}

export function noStore(c: Context): void {
  c.header('Cache-Control', 'private, no-store');
}
