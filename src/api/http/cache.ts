import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env.ts';

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

/** An answer for its one reader (a session's, a token's): no cache on the way keeps it. */
export function noStore(c: Context): void {
  c.header('Cache-Control', 'private, no-store');
}

/**
 * Declared on each route whose success changes what public answers say (providers,
 * their reviews, checks and profiles, flash ads): app.ts purges the CDN's cache after
 * such a route succeeds, and after no other. Sign-ins, uploads, enquiries, the enquiry
 * desk and the team change nothing public (the enquiry total in /api/stats may lag its
 * minute).
 */
export const changesPublicData = createMiddleware<AppEnv>(async (c, next) => {
  c.set('changesPublicData', true);
  await next();
});
