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

/**
 * The address of a built page, as links and the sitemap write it (decision 0047):
 * review.html -> /review, index.html -> /.
 */
const routeOf = (file: string) =>
  `/${path.relative(DIST, file).split(path.sep).join('/')}`
    .replace(/\.html$/, '')
    .replace(/^\/index$/, '/');

const pages = builtPages()
  // The 404 page answers any unknown address; it has none of its own.
  .filter((file) => path.relative(DIST, file) !== '404.html')
  .map((file) => ({
    route: routeOf(file),
    noindex: /<meta name="robots" content="noindex"/.test(readFileSync(file, 'utf8')),
  }));

describe('the sitemap', () => {
  it('lists no page marked noindex', () => {
    const hidden = pages.filter((page) => page.noindex).map((page) => page.route);
    expect(hidden).toEqual(
      expect.arrayContaining([
        '/review',
        '/request',
        '/request/confirm',
        '/request/new',
        '/join/confirm',
        '/dashboard/set-password',
        '/admin/set-password',
        '/provider/view',
        '/provider/not-found',
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
