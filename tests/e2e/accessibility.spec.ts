/**
 * axe (WCAG 2.0, 2.1 and 2.2 A and AA) on every public page: the pages of the built
 * sitemap, the provider modal with each of its tabs, a missing provider and the 404 page.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { APPROVED_PROVIDER_COUNT, expectCount, hydrateAll, openProviderModal } from './support.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Paths of dist/sitemap-0.xml; the test resolves them against the baseURL. */
function sitemapPaths(): string[] {
  const xml = readFileSync(path.resolve('dist/sitemap-0.xml'), 'utf8');
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => {
    const url = new URL(match[1]!);
    return `${url.pathname}${url.search}`;
  });
}

/** One line per violation and element: rule, impact, help, target and the failure summary. */
function describe(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']) {
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n` +
        `    target: ${node.target.join(' ')}\n` +
        `    ${(node.failureSummary ?? '').replace(/\n/g, '\n    ')}`,
    ),
  );
}

async function expectNoViolations(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(describe(results.violations), `axe violations on ${what}`).toEqual([]);
}

/**
 * The home page's banner fades between ads; a scan during the fade would measure
 * half-transparent text. The same ads are served with a long duration, so the scan
 * always sees the first ad fully shown (the banner's timing is tested in home.spec.ts).
 */
async function holdFlashAds(page: Page) {
  await page.route('**/api/flash-ads', async (route) => {
    const response = await route.fetch();
    const ads = (await response.json()) as { displayDuration: number }[];
    await route.fulfill({
      response,
      json: ads.map((ad) => ({ ...ad, displayDuration: 10 * 60 * 1000 })),
    });
  });
}

async function settle(page: Page, pagePath: string) {
  await hydrateAll(page);
  if (pagePath === '/') {
    await expect(page.getByTestId('flash-ad')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Platform Statistics' })).toBeVisible();
    await expect(page.getByTestId('count-cctv')).toHaveText(/\d+\+ Providers/);
  }
  if (pagePath.startsWith('/providers') || pagePath.startsWith('/services/')) {
    await expect(page.getByTestId('provider-count')).toHaveText(/Showing \d+ provider\(s\)/);
  }
  if (pagePath.startsWith('/provider/')) {
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

test.describe('sitemap pages', () => {
  for (const pagePath of sitemapPaths()) {
    test(`${pagePath} has no axe violations`, async ({ page }) => {
      if (pagePath === '/') await holdFlashAds(page);
      const response = await page.goto(pagePath, { waitUntil: 'networkidle' });
      expect(response?.status()).toBe(200);
      await settle(page, pagePath);
      await expectNoViolations(page, pagePath);
    });
  }
});

test('the provider modal has no axe violations on any of its tabs', async ({ page }) => {
  await page.goto('/providers', { waitUntil: 'networkidle' });
  await expectCount(page, APPROVED_PROVIDER_COUNT);
  const dialog = await openProviderModal(page, 'Highveld Secure Systems');
  for (const tab of ['Services', 'Reviews', 'Contact', 'Coverage', 'Request Service']) {
    await dialog.getByRole('tab', { name: tab }).click();
    await expect(dialog.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    if (tab === 'Request Service') {
      await expect(dialog.getByLabel('Your Name *')).toBeVisible();
    }
    await page.waitForLoadState('networkidle');
    await expectNoViolations(page, `/providers, provider modal, tab ${tab}`);
  }
});

test('a missing provider has no axe violations', async ({ page }) => {
  await page.goto('/provider/999999', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { name: 'Provider Not Found' })).toBeVisible();
  await expectNoViolations(page, '/provider/999999');
});

test('the 404 page has no axe violations', async ({ page }) => {
  const response = await page.goto('/no-such-page', { waitUntil: 'networkidle' });
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expectNoViolations(page, '/no-such-page (404)');
});
