import type { Context } from 'hono';

/**
 * Every public answer carries this cache tag; a change by an admin or a provider purges
 * it (app.ts), so the CDN serves the change at once rather than within a minute.
 */
export const PUBLIC_CACHE_TAG = 'public-api';

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
  c.header('Netlify-Cache-Tag', PUBLIC_CACHE_TAG);
  c.header('Cache-Tag', PUBLIC_CACHE_TAG);
  if (options.varyOnQuery?.length) {
    c.header('Netlify-Vary', `query=${options.varyOnQuery.join('|')}`);
  }
}

export function noStore(c: Context): void {
  c.header('Cache-Control', 'private, no-store');
}

/**
 * The changes that alter what public answers say (providers, their reviews and profiles,
 * flash ads): only their success purges the CDN's cache. Sign-ins, uploads, enquiries,
 * the enquiry desk and the team change nothing public (the enquiry total in /api/stats
 * may lag its minute).
 */
const PUBLIC_CHANGES: readonly RegExp[] = [
  /^\/api\/admin\/providers(\/\d+)?$/,
  /^\/api\/admin\/providers\/\d+\/checks\/[a-z_]+$/,
  /^\/api\/admin\/flash-ads(\/\d+)?$/,
  /^\/api\/admin\/applications\/\d+\/(review|approve)$/,
  /^\/api\/admin\/reviews\/\d+\/(hide|show|release)$/,
  /^\/api\/provider\/(profile|profile-image)$/,
  /^\/api\/provider\/work-photos(\/\d+)?$/,
  /^\/api\/provider\/reviews\/\d+\/reply$/,
  /^\/api\/reviews$/,
];

export function changesPublicData(method: string, path: string): boolean {
  if (['GET', 'HEAD', 'OPTIONS'].includes(method)) return false;
  return PUBLIC_CHANGES.some((pattern) => pattern.test(path));
}
