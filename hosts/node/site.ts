/**
 * The Node host: the built site from `dist/` and the API app on one port, with the
 * rewrites and headers of netlify.toml. Static files win over rewrites unless a rule
 * is forced, as on Netlify; unknown paths get dist/404.html with status 404. As on
 * Netlify, a page built as about.html answers at /about, and /about/ redirects there
 * (decision 0047); /provider/{id} without a built page is answered as the Netlify
 * function answers it (src/api/http/unbuilt-provider-page.ts).
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { getMimeType } from 'hono/utils/mime';
import type { App } from '../../src/api/app.ts';
import { unbuiltProviderPage } from '../../src/api/http/unbuilt-provider-page.ts';
import { DEV_MAIL_PATH } from '../../src/api/mail/dev-mail-page.ts';
import { headersFor, matchRedirect, type NetlifyRules } from './netlify-rules.ts';

export interface SiteOptions {
  api: App;
  distDir: string;
  rules: NetlifyRules;
}

async function fileAt(distDir: string, urlPath: string): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const root = path.resolve(distDir);
  const candidates = [decoded, path.posix.join(decoded, 'index.html'), `${decoded}.html`];
  for (const candidate of candidates) {
    const file = path.resolve(root, `.${path.posix.normalize(`/${candidate}`)}`);
    if (file !== root && !file.startsWith(root + path.sep)) continue;
    const info = await stat(file).catch(() => undefined);
    if (info?.isFile()) return file;
  }
  return undefined;
}

function fileResponse(
  file: string,
  status: number,
  headers: Record<string, string>,
  method: string,
) {
  const type = getMimeType(file) ?? 'application/octet-stream';
  const body =
    method === 'HEAD'
      ? null
      : (Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>);
  return new Response(body, { status, headers: { 'Content-Type': type, ...headers } });
}

const cacheControlFor = (pathname: string) =>
  // Astro fingerprints everything under /_astro/; pages must always revalidate.
  pathname.startsWith('/_astro/')
    ? 'public, max-age=31536000, immutable'
    : 'public, max-age=0, must-revalidate';

export function createSite({ api, distDir, rules }: SiteOptions) {
  const site = new Hono();

  // The host's bindings (the Node request) go along: the API reads the client's address.
  site.all('/api/*', (c) => api.fetch(c.req.raw, c.env));
  site.all('/api', (c) => api.fetch(c.req.raw, c.env));
  site.get('/objects/*', (c) => api.fetch(c.req.raw, c.env));
  // The development outbox (src/api/mail/dev-mail-page.ts); a 404 outside development.
  site.get(DEV_MAIL_PATH, (c) => api.fetch(c.req.raw, c.env));

  // Pages, scripts and styles go compressed (gzip) to clients that accept it, as
  // Netlify's CDN sends them: the site's CSS is 129 KB as built and 18 KB gzipped, and on
  // a slow phone connection the difference is most of the first paint.
  site.on(['GET', 'HEAD'], '*', compress({ encoding: 'gzip' }), async (c) => {
    const { pathname, search } = new URL(c.req.url);
    const headers = (p: string) => ({
      'Cache-Control': cacheControlFor(p),
      ...headersFor(rules.headers, p),
    });

    // One address per page: /about/ -> /about, where about.html is (decision 0047).
    if (pathname.length > 1 && pathname.endsWith('/')) {
      const bare = `/${pathname.replace(/^\/+|\/+$/g, '')}`;
      if (bare !== '/' && (await fileAt(distDir, `${bare}.html`))) {
        return c.redirect(`${bare}${search}`, 301);
      }
    }

    const redirect = matchRedirect(rules.redirects, pathname);
    const file = redirect?.force ? undefined : await fileAt(distDir, pathname);
    if (file) return fileResponse(file, 200, headers(pathname), c.req.method);

    if (redirect) {
      if (redirect.status >= 300 && redirect.status < 400) {
        return c.redirect(`${redirect.to}${search}`, redirect.status as 301);
      }
      const target = await fileAt(distDir, redirect.to);
      if (target) return fileResponse(target, redirect.status, headers(pathname), c.req.method);
    }

    if (pathname.startsWith('/provider/')) {
      return unbuiltProviderPage(new URL(c.req.url), async (path) =>
        site.fetch(new Request(new URL(path, c.req.url)), c.env),
      );
    }

    const notFound = await fileAt(distDir, '/404.html');
    if (notFound) return fileResponse(notFound, 404, headers(pathname), c.req.method);
    return c.text('Not found', 404);
  });

  return site;
}
