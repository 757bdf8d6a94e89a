/** The home page (spec sections 2 and 4): hero search, categories, flash-ad banner, statistics. */
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import {
  APPROVED_PROVIDER_COUNT,
  CATEGORIES,
  FLASH_ADS,
  expectCardNames,
  expectCount,
  failOnServer,
  fetchProviders,
  filters,
  getJson,
  providerCards,
  selectedOption,
  type PlatformStats,
} from '../support.ts';

const heroSearch = (page: Page) => page.getByRole('searchbox', { name: 'Search providers' });
const servicesSection = (page: Page) => page.getByRole('region', { name: 'Our Services' });

test.describe('hero search', () => {
  test('a term is trimmed and opens the list searched for it', async ({ page, request }) => {
    const ndi = await fetchProviders(request, { search: 'ndi' });
    expect(ndi.total).toBeGreaterThan(0);

    await page.goto('/');
    await expect(heroSearch(page)).toHaveAttribute(
      'placeholder',
      'Search by service or location...',
    );
    await heroSearch(page).fill('  ndi ');
    await page.getByRole('button', { name: 'Find Experts' }).click();

    await expect(page).toHaveURL('/providers?search=ndi');
    await expect(filters(page).search).toHaveValue('ndi');
    await expectCount(page, ndi.total);
    const names = ndi.items.slice(0, 24).map((p) => p.name);
    await expectCardNames(page, names);
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
    await expectCount(page, APPROVED_PROVIDER_COUNT);
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
    const names = ndi.items.map((p) => p.name);
    await expectCardNames(page, names);
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
      await expect(section.getByRole('link', { name: category.name, exact: true })).toHaveAttribute(
        'href',
        `/providers?serviceType=${category.id}`,
      );
      await expect(section.getByTestId(`count-${category.id}`)).toHaveText(
        `${stats[category.id]}+ Providers`,
      );
    }
    // One count checked against the listing itself.
    const cctv = await fetchProviders(request, { serviceType: 'cctv' });
    await expect(section.getByTestId('count-cctv')).toHaveText(`${cctv.total}+ Providers`);
  });
});

/**
 * The home page with the banner's timers on Playwright's clock, showing the first ad: time
 * flows normally until the clock is paused, then only as far as the test runs it, so
 * durations are exact.
 */
async function openBannerOnClock(page: Page) {
  await page.clock.install();
  await page.goto('/');
  const banner = page.getByTestId('flash-ad');
  const title = banner.getByRole('heading', { level: 2 });
  await expect(title).toHaveText(FLASH_ADS[0].title);
  return { banner, title };
}

test.describe('flash-ad banner', () => {
  test('shows the first ad, has a dot per ad, rotates after each duration and wraps', async ({
    page,
  }) => {
    const [first, second] = FLASH_ADS;
    const { banner, title } = await openBannerOnClock(page);
    await expect(banner).toContainText(
      'Battery-backed alarms and cameras from verified installers near you',
    );

    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    // Two dots, one per ad; a dot jumps to its ad. Jumping to the second ad and back
    // also restarts the cycle at a known instant.
    const dots = page.getByRole('group', { name: 'Choose an offer' }).getByRole('button');
    await expect(dots).toHaveCount(2);
    const dot1 = page.getByRole('button', { name: `Show offer 1: ${first.title}` });
    const dot2 = page.getByRole('button', { name: `Show offer 2: ${second.title}` });
    await expect(dot1).toHaveAttribute('aria-current', 'true');
    await dot2.click();
    await expect(title).toHaveText(second.title);
    await expect(dot2).toHaveAttribute('aria-current', 'true');
    await expect(dot1).not.toHaveAttribute('aria-current');
    await dot1.click();
    await expect(title).toHaveText(first.title);
    await expect(dot1).toHaveAttribute('aria-current', 'true');
    // The banner stands still while the pointer or the focus is on it: both leave.
    await dot1.blur();
    await page.mouse.move(0, 0);
    await expect(page.locator('[data-paused]')).toHaveCount(0);

    // The first ad stays 5000 ms and fades out during its last 500 ms.
    await page.clock.runFor(first.duration - 600);
    await expect(title).toHaveText(first.title);
    await expect(banner).toHaveClass(/opacity-100/);
    await page.clock.runFor(200);
    await expect(title).toHaveText(first.title);
    await expect(banner).toHaveClass(/opacity-0/);
    await page.clock.runFor(400);
    await expect(title).toHaveText(second.title);
    await expect(banner).toHaveClass(/opacity-100/);
    await expect(banner).toContainText('Ask a verified network specialist for a site survey');

    // The second ad stays 4000 ms, then the banner wraps to the first.
    await page.clock.runFor(second.duration - 600);
    await expect(title).toHaveText(second.title);
    await page.clock.runFor(1000);
    await expect(title).toHaveText(first.title);
  });

  test('stands still while the pointer is over it or the keyboard focus is in it', async ({
    page,
  }) => {
    const [first, second] = FLASH_ADS;
    const { banner, title } = await openBannerOnClock(page);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);

    // The pointer rests on the ad: long past its duration, it stays, and does not fade.
    await banner.hover();
    await page.clock.runFor(first.duration * 3);
    await expect(title).toHaveText(first.title);
    await expect(banner).toHaveClass(/opacity-100/);

    // The keyboard reaches the ad's link: it stays while the focus is in the banner.
    await page.mouse.move(0, 0);
    await page.getByTestId('flash-ad-link').focus();
    await page.clock.runFor(first.duration * 3);
    await expect(title).toHaveText(first.title);

    // Both gone: the ads turn again.
    await page.getByTestId('flash-ad-link').blur();
    await page.clock.runFor(first.duration + 100);
    await expect(title).toHaveText(second.title);
  });

  test('is live only while it stands still, and switches without a fade for reduced motion', async ({
    page,
  }) => {
    const [first, second] = FLASH_ADS;
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const { banner, title } = await openBannerOnClock(page);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);

    // A screen reader is not read a new ad every few seconds: the region is live only
    // while the banner stands still (the WAI-ARIA carousel pattern).
    await page.getByTestId('flash-ad-link').focus();
    await expect(banner).toHaveAttribute('aria-live', 'polite');
    // The focus leaves: the ads turn again from here, and the region goes quiet.
    await page.getByTestId('flash-ad-link').blur();
    await page.mouse.move(0, 0);
    await expect(banner).toHaveAttribute('aria-live', 'off');

    await page.clock.runFor(first.duration - 200);
    await expect(title).toHaveText(first.title);
    await expect(banner).not.toHaveClass(/opacity-0/);
    await page.clock.runFor(300);
    await expect(title).toHaveText(second.title);
    await expect(banner).toHaveCSS('transition-duration', '0s');
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
  test('shows three figures matching /api/stats', async ({ page }) => {
    // The figures the page got (a service request sent meanwhile by another test changes
    // the count between two calls).
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/stats');
    await page.goto('/');
    await page
      .getByRole('heading', { name: 'Why Choose Verified Providers?' })
      .scrollIntoViewIfNeeded();
    await page.locator('footer').scrollIntoViewIfNeeded();
    const section = page.getByRole('region', { name: 'Platform Statistics' });
    await expect(section).toBeVisible();
    const stats = (await (await answer).json()) as PlatformStats;
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

  test("says it couldn't load them, with Retry, when /api/stats fails", async ({ page }) => {
    const served = await failOnServer(page, '**/api/stats');
    await page.goto('/');
    await page.locator('footer').scrollIntoViewIfNeeded();
    const section = page.getByRole('region', { name: 'Platform Statistics' });
    const alert = section.getByRole('alert');
    await expect(alert).toHaveText(
      "Couldn't load the platform statisticsSomething went wrong on our side. Please try again in a moment.Retry",
    );
    await expect(section.getByText('Verification Rate')).toHaveCount(0);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(served).toBe(2);
  });
});

test.describe("About's figures", () => {
  test('are counted from /api/stats, with no figure written by hand', async ({ page }) => {
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/stats');
    await page.goto('/about');
    const stats = (await (await answer).json()) as PlatformStats;
    const figures = page.getByRole('main').locator('dl').first();
    await expect(figures.locator('dt')).toHaveText([
      'Verified Providers',
      'Listed Providers',
      'Service Requests',
      'Service Categories',
    ]);
    const count = new Intl.NumberFormat('en-ZA');
    await expect(figures.locator('dd')).toHaveText([
      count.format(stats.verifiedProviders),
      count.format(stats.totalProviders),
      count.format(stats.totalEnquiries),
      String(CATEGORIES.length),
    ]);
    // Not the spec's '500+', '100% Background Checks' or '98% Customer Satisfaction'.
    await expect(page.getByRole('main')).not.toContainText(/500\+|100%|98%/);
  });

  test('leave out the counted figures when /api/stats fails', async ({ page }) => {
    await page.route('**/api/stats', (route) =>
      route.fulfill({ status: 500, body: 'Internal Server Error' }),
    );
    await page.goto('/about');
    const figures = page.getByRole('main').locator('dl').first();
    await expect(figures).toHaveAttribute('aria-busy', 'false');
    await expect(figures.locator('dt')).toHaveText(['Service Categories']);
    await expect(page.getByRole('status').filter({ hasText: "Couldn't load" })).toHaveText(
      "Couldn't load the live figures. Reload the page to try again.",
    );
  });
});

test('the Why Choose features say what the product does', async ({ page }) => {
  await page.goto('/');
  const why = page.getByRole('region', { name: 'Why Choose Verified Providers?' });
  await expect(why.getByRole('heading', { level: 3 })).toHaveText([
    'Checks You Can See',
    'References Checked',
    'Help From Our Team',
  ]);
  // Not the spec's 'Quality Guaranteed' and '24/7 Support': the terms guarantee no work,
  // and support answers on weekdays (the contact page's hours).
  await expect(why).not.toContainText(/guarantee|24\/7|every provider/i);
  await expect(why).toContainText('Monday to Friday from 8:00 to 17:00');
});
