/**
 * The sitemap lists the pages search engines may show, and only those: every built page
 * is either in it or marked noindex, never both (a page a mailed link opens, such as
 * /review/, is no answer to anyone's search).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIST, builtPages } from '../../scripts/built-site.ts';

const sitemap = readFileSync(path.join(DIST, 'sitemap-0.xml'), 'utf8');
const listed = new Set(
  [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname),
);

/** The route of a built page: /review/index.html -> /review/; the 404 page has none. */
const routeOf = (file: string) =>
  `/${path.relative(DIST, path.dirname(file)).split(path.sep).join('/')}/`.replace(/^\/\/$/, '/');

const pages = builtPages()
  .filter((file) => path.basename(file) === 'index.html')
  .map((file) => ({
    route: routeOf(file),
    noindex: /<meta name="robots" content="noindex"/.test(readFileSync(file, 'utf8')),
  }));

describe('the sitemap', () => {
  it('lists no page marked noindex', () => {
    const hidden = pages.filter((page) => page.noindex).map((page) => page.route);
    expect(hidden).toEqual(
      expect.arrayContaining([
        '/review/',
        '/request/',
        '/request/confirm/',
        '/dashboard/set-password/',
        '/admin/set-password/',
      ]),
    );
    expect(hidden.filter((route) => listed.has(route))).toEqual([]);
  });

  it('lists every other page', () => {
    const shown = pages.filter((page) => !page.noindex).map((page) => page.route);
    expect(shown).toContain('/');
    expect(shown.filter((route) => !listed.has(route))).toEqual([]);
  });
});
