/**
 * What the browser downloads at load, in gzipped bytes, page by page (docs/decisions/0049):
 * every public page at most 90 KB of JavaScript (the listing, category and
 * service-in-town pages included), /join at most 110 KB, the dashboards at most 150 KB,
 * and at most 20 KB of CSS anywhere. Code behind a dynamic import() (a dialog, a tab, a
 * form's validator, loaded when first opened) is not counted: it is not loaded at load.
 * Bytes, not time: the same on any machine. Every built page is checked, so a new page
 * gets the public budget unless it is given its own here.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  builtPages,
  DIST,
  gzippedBytes,
  pageScripts,
  pageStylesheets,
  readPage,
} from '../../scripts/built-site.ts';

const KB = 1024;

/** A public page: what a visitor meets first, on a phone, often on metered data. */
const PUBLIC_PAGE = 90 * KB;

/** The pages with a budget of their own, and why. */
const OWN_BUDGETS: Readonly<Record<string, { javascript: number; why: string }>> = {
  '/join': { javascript: 110 * KB, why: 'the application form, its uploads and its checks' },
  '/dashboard': { javascript: 150 * KB, why: "a provider's dashboard" },
  '/dashboard/set-password': { javascript: 150 * KB, why: "the dashboard's mailed link" },
  '/admin': { javascript: 150 * KB, why: 'the admin dashboard' },
  '/admin/set-password': { javascript: 150 * KB, why: "the admin dashboard's mailed link" },
};

/** The route of a built page: dist/services/alarm-systems.html -> /services/alarm-systems. */
const routeOf = (file: string) =>
  `/${path.relative(DIST, file).replace(/\.html$/, '')}`.replace(/^\/index$/, '/');

const pages = builtPages()
  .map(routeOf)
  .toSorted((a, b) => a.localeCompare(b));

/** Gzipped sizes by file: the pages share most of their files. */
const sizes = new Map<string, number>();
const bytesOf = (files: string[]) =>
  files.reduce((sum, file) => {
    if (!sizes.has(file)) sizes.set(file, gzippedBytes([file]));
    return sum + (sizes.get(file) ?? 0);
  }, 0);

describe('size budget of the built pages', () => {
  it('checks every kind of public page, the listing pages among them', () => {
    for (const route of ['/', '/providers', '/provider/1', '/about', '/contact']) {
      expect(pages).toContain(route);
    }
    expect(pages.filter((route) => /^\/services\/[^/]+$/.test(route)).length).toBeGreaterThan(0);
    expect(
      pages.filter((route) => /^\/services\/[^/]+\/[^/]+$/.test(route)).length,
    ).toBeGreaterThan(0);
    for (const route of Object.keys(OWN_BUDGETS)) expect(pages).toContain(route);
  });

  it.each(pages)('%s loads at most its JavaScript budget (gzipped)', (route) => {
    const budget = OWN_BUDGETS[route]?.javascript ?? PUBLIC_PAGE;
    const bytes = bytesOf(pageScripts(readPage(route)));
    expect(bytes).toBeLessThanOrEqual(budget);
  });

  it('the listing loads its island at first, not the cards, the card list or the dialog', () => {
    // The cards are built HTML until the list changes (docs/decisions/0049).
    const scripts = pageScripts(readPage('/providers')).map((file) => path.basename(file));
    expect(scripts.some((name) => name.startsWith('ProviderFinder.'))).toBe(true);
    expect(scripts.some((name) => /^(ProviderList|ProviderCard|ProviderModal)\./.test(name))).toBe(
      false,
    );
  });

  it.each(pages)('%s loads at most 20 KB of CSS (gzipped)', (route) => {
    expect(bytesOf(pageStylesheets(readPage(route)))).toBeLessThanOrEqual(20 * KB);
  });
});
