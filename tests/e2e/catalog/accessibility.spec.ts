/**
 * axe (WCAG 2.0, 2.1 and 2.2, A and AA) on every public page: the pages of the built
 * sitemap and the pages a mailed link opens (kept out of it), the provider modal on each
 * of its tabs, a missing provider and the 404 page.
 * Each page is scanned once its islands have settled (every `client:visible` island
 * scrolled into view, the network idle, no loading placeholders left).
 *
 * Pages are scanned a few at a time in one browser context, ten pages to a test so that
 * the workers share them; a failure lists every page with its violations. Pages made from
 * one template with other data (a provider page each, a service in each town) are scanned
 * as an evenly spread sample, the first and the last included: they differ only in their
 * data, and each scan takes seconds (there are a page per service, per provider and per
 * service in each town).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { holdFlashAds, scan } from '../axe.ts';
import { expect, test } from '../fixtures.ts';
import { APPROVED_PROVIDER_COUNT, expectCount, hydrateAll, openProviderModal } from '../support.ts';

const CONCURRENT_PAGES = 4;

/** Paths of dist/sitemap-0.xml; the pages are opened against the baseURL. */
function sitemapPaths(): string[] {
  const xml = readFileSync(path.resolve('dist/sitemap-0.xml'), 'utf8');
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => {
    const url = new URL(match[1]!);
    return `${url.pathname}${url.search}`;
  });
}

async function openAndSettle(page: Page, pagePath: string) {
  const providerId = /^\/provider\/(\d+)\/?$/.exec(pagePath)?.[1];
  if (providerId) {
    // A provider page has one island (client:load), which refreshes the provider.
    const refreshed = page.waitForResponse(
      (r) => new URL(r.url()).pathname === `/api/providers/${providerId}`,
    );
    const response = await page.goto(pagePath);
    expect(response?.status(), pagePath).toBe(200);
    await refreshed;
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  } else {
    const response = await page.goto(pagePath);
    expect(response?.status(), pagePath).toBe(200);
    await hydrateAll(page);
  }
  if (pagePath === '/') {
    await expect(page.getByTestId('flash-ad')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Platform Statistics' })).toBeVisible();
    await expect(page.getByTestId('count-cctv')).toHaveText(/\d+\+ Providers/);
  }
  if (pagePath.startsWith('/providers') || pagePath.startsWith('/services/')) {
    await expect(page.getByTestId('provider-count')).toHaveText(/Showing \d+ provider\(s\)/);
  }
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Opens and scans the pages, a few at a time; answers every violation found. */
async function scanAll(context: BrowserContext, paths: string[]): Promise<string[]> {
  await holdFlashAds(context);
  const queue = [...paths];
  const found: string[] = [];
  const scanned: string[] = [];
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENT_PAGES, paths.length) }, async () => {
      const page = await context.newPage();
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        await openAndSettle(page, next);
        found.push(...(await scan(page, next)));
        scanned.push(next);
      }
      await page.close();
    }),
  );
  expect(scanned.sort()).toEqual([...paths].sort());
  return found;
}

/** `count` pages spread evenly over `paths`, the first and the last included. */
function spread(paths: string[], count: number): string[] {
  if (paths.length <= count) return paths;
  return Array.from(
    { length: count },
    (_, i) => paths[Math.round((i * (paths.length - 1)) / (count - 1))]!,
  );
}

const pages = sitemapPaths();
const providerPages = pages.filter((p) => p.startsWith('/provider/'));
const categoryPages = pages.filter((p) => /^\/services\/[^/]+$/.test(p));
const townPages = pages.filter((p) => /^\/services\/[^/]+\/[^/]+$/.test(p));
/** Pages kept out of the sitemap (noindex) that anyone may open: a mailed link's pages. */
const MAILED_LINK_PAGES = [
  '/review',
  '/request/confirm',
  '/join/confirm',
  '/dashboard/set-password',
  '/admin/set-password',
];
const groups = {
  'content pages': [
    ...pages.filter((p) => !/^\/(provider|services)\//.test(p)),
    ...MAILED_LINK_PAGES,
  ],
  'category pages (a sample)': spread(categoryPages, 3),
  'provider pages (a sample)': spread(providerPages, 4),
  'service-in-town pages (a sample)': spread(townPages, 2),
};

test('the sitemap lists the public pages', () => {
  expect(pages).toEqual(
    expect.arrayContaining(['/', '/about', '/providers', '/provider/1', '/verification']),
  );
  expect(categoryPages).toHaveLength(6);
  expect(providerPages).toHaveLength(APPROVED_PROVIDER_COUNT);
  expect(townPages.length).toBeGreaterThan(20);
});

/** Pages per test: the workers share a long group, and each test stays short. */
const PAGES_PER_TEST = 10;

for (const [name, paths] of Object.entries(groups)) {
  const parts = Math.ceil(paths.length / PAGES_PER_TEST);
  for (let part = 0; part < parts; part++) {
    const some = paths.slice(part * PAGES_PER_TEST, (part + 1) * PAGES_PER_TEST);
    const which = parts > 1 ? ` (${part + 1} of ${parts})` : '';
    test(`${name} of the sitemap${which} have no axe violations`, async ({ context }) => {
      test.setTimeout(30_000 + some.length * 3_000);
      expect(await scanAll(context, some)).toEqual([]);
    });
  }
}

test('the provider modal has no axe violations on any of its tabs', async ({ page }) => {
  await page.goto('/providers');
  await expectCount(page, APPROVED_PROVIDER_COUNT);
  await page.waitForLoadState('networkidle');
  const dialog = await openProviderModal(page, 'Highveld Secure Systems');
  // The Verification section (above the tabs) is scanned with its checks loaded.
  await expect(dialog.getByTestId('verification-status')).toBeVisible();
  const found: string[] = [];
  for (const tab of ['Services', 'Reviews', 'Contact', 'Coverage', 'Request Service']) {
    await dialog.getByRole('tab', { name: tab }).click();
    await expect(dialog.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    if (tab === 'Request Service') await expect(dialog.getByLabel('Your Name *')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    found.push(...(await scan(page, `/providers, provider modal, tab ${tab}`)));
  }
  expect(found).toEqual([]);
});

for (const { what, path, heading, label } of [
  {
    what: 'a missing provider',
    path: '/provider/999999',
    heading: 'Provider Not Found',
    label: '/provider/999999',
  },
  {
    what: 'the 404 page',
    path: '/no-such-page',
    heading: 'Page Not Found',
    label: '/no-such-page (404)',
  },
]) {
  test(`${what} has no axe violations`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await scan(page, label)).toEqual([]);
  });
}
