/**
 * The Node host: the built site from `dist/` and the API app on one port, with the
 * rewrites and headers of netlify.toml. Static files win over rewrites unless a rule
 * is forced, as on Netlify; unknown paths get dist/404.html with status 404. As on
 * Netlify, a page built as about.html answers at /about, and /about/ redirects there
 * (decision 0047); /provider/{id} without a built page is answered as the Netlify
 * function answers it (src/api/http/unbuilt-provider-page.ts).
 */
import { Hono, type Context } from 'hono';
import { accepts } from 'hono/accepts';
import { compress } from 'hono/compress';
import type { App } from '../../src/api/app.ts';
import { unbuiltProviderPage } from '../../src/api/http/unbuilt-provider-page.ts';
import { DEV_MAIL_PATH } from '../../src/api/mail/dev-mail-page.ts';
import { headersFor, matchRedirect, type NetlifyRules } from './netlify-rules.ts';
import { staticFiles, type StaticFile } from './static-files.ts';

export interface SiteOptions {
  api: App;
  distDir: string;
  rules: NetlifyRules;
}

/**
 * A built file's answer: gzipped to a client that accepts it when the file is worth
 * compressing (as Netlify's CDN sends it), from the bytes kept in memory (static-files.ts).
 */
function fileResponse(
  c: Context,
  file: StaticFile,
  status: number,
  headers: Record<string, string>,
) {
  const zipped =
    file.gzipped &&
    accepts(c, { header: 'Accept-Encoding', supports: ['gzip'], default: 'identity' }) === 'gzip'
      ? file.gzipped
      : undefined;
  const bytes = zipped ?? file.bytes;
  return new Response(c.req.method === 'HEAD' ? null : bytes, {
    status,
    headers: {
      'Content-Type': file.type,
      'Content-Length': String(bytes.byteLength),
      ...(file.gzipped && { Vary: 'Accept-Encoding' }),
      ...(zipped && { 'Content-Encoding': 'gzip' }),
      ...headers,
    },
  });
}

const cacheControlFor = (pathname: string) =>
  // Astro fingerprints everything under /_astro/; pages must always revalidate.
  pathname.startsWith('/_astro/')
    ? 'public, max-age=31536000, immutable'
    : 'public, max-age=0, must-revalidate';

export function createSite({ api, distDir, rules }: SiteOptions) {
  const site = new Hono();
  const files = staticFiles(distDir);

  // Text goes compressed (gzip) to clients that accept it, as Netlify's CDN sends it: the
  // site's CSS is 120 KB as built and 19 KB gzipped, a page of the list's JSON about 25 KB
  // and 3 KB, and on a slow phone connection the difference is most of the wait.
  const gzipped = compress({ encoding: 'gzip' });

  // The host's bindings (the Node request) go along: the API reads the client's address.
  site.all('/api/*', gzipped, (c) => api.fetch(c.req.raw, c.env));
  site.all('/api', (c) => api.fetch(c.req.raw, c.env));
  site.get('/objects/*', (c) => api.fetch(c.req.raw, c.env));
  // The development outbox (src/api/mail/dev-mail-page.ts); a 404 outside development.
  site.get(DEV_MAIL_PATH, (c) => api.fetch(c.req.raw, c.env));

  // Built files come gzipped already (fileResponse); compress() does the rest (an
  // unbuilt provider page).
  site.on(['GET', 'HEAD'], '*', gzipped, async (c) => {
    const { pathname, search } = new URL(c.req.url);
    const headers = (p: string) => ({
      'Cache-Control': cacheControlFor(p),
      ...headersFor(rules.headers, p),
    });

    // One address per page: /about/ -> /about, where about.html is (decision 0047).
    if (pathname.length > 1 && pathname.endsWith('/')) {
      const bare = `/${pathname.replace(/^\/+|\/+$/g, '')}`;
      if (bare !== '/' && (await files.find(`${bare}.html`))) {
        return c.redirect(`${bare}${search}`, 301);
      }
    }

    const redirect = matchRedirect(rules.redirects, pathname);
    const file = redirect?.force ? undefined : await files.find(pathname);
    if (file) return fileResponse(c, file, 200, headers(pathname));

    if (redirect) {
      if (redirect.status >= 300 && redirect.status < 400) {
        return c.redirect(`${redirect.to}${search}`, redirect.status as 301);
      }
      const target = await files.find(redirect.to);
      if (target) return fileResponse(c, target, redirect.status, headers(pathname));
    }

    if (pathname.startsWith('/provider/')) {
      return unbuiltProviderPage(new URL(c.req.url), async (path) =>
        site.fetch(new Request(new URL(path, c.req.url)), c.env),
      );
    }

    const notFound = await files.find('/404.html');
    if (notFound) return fileResponse(c, notFound, 404, headers(pathname));
    return c.text('Not found', 404);
  });

  return site;
}
