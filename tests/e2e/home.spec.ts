/** The home page (spec sections 2 and 4): hero search, categories, flash-ad banner, statistics. */
import { expect, test, type Page } from '@playwright/test';
import {
  CATEGORIES,
  FLASH_ADS,
  expectCardNames,
  expectCount,
  fetchProviders,
  fetchStats,
  filters,
  getJson,
  providerCards,
  selectedOption,
} from './support.ts';

const heroSearch = (page: Page) => page.getByRole('searchbox', { name: 'Search providers' });
const servicesSection = (page: Page) => page.getByRole('region', { name: 'Our Services' });

test.describe('hero search', () => {
  test('a term is trimmed and opens the list searched for it', async ({ page, request }) => {
    const ndi = await fetchProviders(request, { search: 'ndi' });
    expect(ndi.total).toBeGreaterThan(0);

    await page.goto('/');
    await expect(heroSearch(page)).toHaveAttribute('placeholder', 'Search by service or location...');
    await heroSearch(page).fill('  ndi ');
    await page.getByRole('button', { name: 'Find Experts' }).click();

    await expect(page).toHaveURL('/providers?search=ndi');
    await expect(filters(page).search).toHaveValue('ndi');
    await expectCount(page, ndi.total);
    await expectCardNames(
      page,
      ndi.items.slice(0, 24).map((p) => p.name),
    );
    // Every provider found offers NDI networks: each card shows the category's chip.
    const cards = providerCards(page);
    for (let i = 0; i < (await cards.count()); i++) {
      await expect(cards.nth(i).getByRole('list', { name: 'Services' })).toContainText(
        'NDI Networks',
      );
    }
    await expect(providerCards(page).first()).toContainText('Lions Head Media Systems');
  });

  test('an empty term opens the plain list', async ({ page }) => {
    await page.goto('/');
    await heroSearch(page).fill('   ');
    await page.getByRole('button', { name: 'Find Experts' }).click();
    await expect(page).toHaveURL('/providers');
    await expectCount(page, 39);
  });

  test('Enter submits the search', async ({ page }) => {
    await page.goto('/');
    await heroSearch(page).fill('Durban');
    await heroSearch(page).press('Enter');
    await expect(page).toHaveURL('/providers?search=Durban');
    await expect(providerCards(page).first()).toBeVisible();
  });
});

test.describe('service categories', () => {
  test('a category card opens the list filtered by its service', async ({ page, request }) => {
    const ndi = await fetchProviders(request, { serviceType: 'ndi' });
    await page.goto('/');
    await servicesSection(page).getByRole('link', { name: 'NDI Networks', exact: true }).click();

    await expect(page).toHaveURL('/providers?serviceType=ndi');
    await expect(filters(page).service).toHaveValue('ndi');
    await expect(selectedOption(filters(page).service)).toHaveText('NDI Networks');
    await expectCount(page, ndi.total);
    await expectCardNames(
      page,
      ndi.items.map((p) => p.name),
    );
    expect(ndi.items.every((p) => p.services.includes('ndi'))).toBe(true);
  });

  test('each card shows its name and a provider count from /api/service-stats', async ({
    page,
    request,
  }) => {
    const stats = await getJson<Record<string, number>>(request, '/api/service-stats');
    await page.goto('/');
    const section = servicesSection(page);
    await section.scrollIntoViewIfNeeded();
    for (const category of CATEGORIES) {
      await expect(section.getByRole('heading', { name: category.name })).toBeVisible();
      await expect(
        section.getByRole('link', { name: category.name, exact: true }),
      ).toHaveAttribute('href', `/providers?serviceType=${category.id}`);
      await expect(section.getByTestId(`count-${category.id}`)).toHaveText(
        `${stats[category.id]}+ Providers`,
      );
    }
    // One count checked against the listing itself.
    const cctv = await fetchProviders(request, { serviceType: 'cctv' });
    await expect(section.getByTestId('count-cctv')).toHaveText(`${cctv.total}+ Providers`);
  });
});

test.describe('flash-ad banner', () => {
  /** The banner's current title, read on every animation frame (the timer is the subject). */
  async function waitForAd(page: Page, title: string, timeout: number): Promise<number> {
    await page.waitForFunction(
      (expected) =>
        document.querySelector('[data-testid="flash-ad"] h2')?.textContent === expected,
      title,
      { timeout },
    );
    return Date.now();
  }

  test('shows the first ad, rotates after its duration and wraps', async ({ page }) => {
    test.setTimeout(30_000);
    const [first, second] = FLASH_ADS;
    await page.goto('/');
    const banner = page.getByTestId('flash-ad');
    await expect(banner.getByRole('heading', { name: first.title })).toBeVisible();
    const shownFirst = Date.now();

    const shownSecond = await waitForAd(page, second.title, first.duration + 3000);
    // The first ad stays for its own 5 s (measured from when the test first saw it).
    expect(shownSecond - shownFirst).toBeGreaterThan(first.duration - 1500);
    expect(shownSecond - shownFirst).toBeLessThan(first.duration + 1500);
    await expect(banner).toContainText('Get a free site survey from a verified network specialist');

    // The second ad stays for its 4 s, then the banner wraps to the first.
    const wrapped = await waitForAd(page, first.title, second.duration + 3000);
    expect(wrapped - shownSecond).toBeGreaterThan(second.duration - 1000);
    expect(wrapped - shownSecond).toBeLessThan(second.duration + 1500);
  });

  test('two dots jump to their ad', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByTestId('flash-ad');
    await expect(banner.getByRole('heading', { name: FLASH_ADS[0].title })).toBeVisible();
    const dots = page.getByRole('group', { name: 'Choose an offer' }).getByRole('button');
    await expect(dots).toHaveCount(2);
    const [dot1, dot2] = [
      page.getByRole('button', { name: `Show offer 1: ${FLASH_ADS[0].title}` }),
      page.getByRole('button', { name: `Show offer 2: ${FLASH_ADS[1].title}` }),
    ];
    await expect(dot1).toHaveAttribute('aria-current', 'true');

    await dot2.click();
    await expect(banner.getByRole('heading', { name: FLASH_ADS[1].title })).toBeVisible();
    await expect(dot2).toHaveAttribute('aria-current', 'true');
    await expect(dot1).not.toHaveAttribute('aria-current', 'true');

    await dot1.click();
    await expect(banner.getByRole('heading', { name: FLASH_ADS[0].title })).toBeVisible();
    await expect(dot1).toHaveAttribute('aria-current', 'true');
  });

  test('falls back to the static banner when /api/flash-ads fails', async ({ page }) => {
    let served = 0;
    await page.route('**/api/flash-ads', async (route) => {
      served += 1;
      await route.fulfill({ status: 500, body: 'Internal Server Error' });
    });
    await page.goto('/');
    await expect.poll(() => served).toBe(1);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { name: 'Expert Services Available' })).toBeVisible();
    await expect(page.getByTestId('flash-ad')).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Choose an offer' })).toHaveCount(0);
  });
});

test.describe('platform statistics', () => {
  test('shows three figures matching /api/stats', async ({ page, request }) => {
    const stats = await fetchStats(request);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Why Choose Verified Providers?' }).scrollIntoViewIfNeeded();
    await page.locator('footer').scrollIntoViewIfNeeded();
    const section = page.getByRole('region', { name: 'Platform Statistics' });
    await expect(section).toBeVisible();
    const figures = section.locator('dd');
    await expect(figures).toHaveCount(3);
    await expect(section.locator('dt')).toHaveText([
      'Verified Providers',
      'Service Requests',
      'Verification Rate',
    ]);
    const rate = ((stats.verifiedProviders / stats.totalProviders) * 100).toFixed(1);
    await expect(figures).toHaveText([
      `${stats.verifiedProviders}+`,
      `${stats.totalEnquiries}+`,
      `${rate}%`,
    ]);
    await expect(figures.nth(2)).toHaveText(/^\d+\.\d%$/);
  });

  test('is not rendered when /api/stats fails', async ({ page }) => {
    let served = 0;
    await page.route('**/api/stats', async (route) => {
      served += 1;
      await route.fulfill({ status: 500, body: 'Internal Server Error' });
    });
    await page.goto('/');
    await page.locator('footer').scrollIntoViewIfNeeded();
    await expect.poll(() => served).toBe(1);
    await page.waitForLoadState('networkidle');
    await expect(page.getByLabel('Loading statistics')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Platform Statistics' })).toHaveCount(0);
    await expect(page.getByText('Verification Rate')).toHaveCount(0);
  });
});
