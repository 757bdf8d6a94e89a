/**
 * The list in the first paint and the service-in-town pages:
 * the built HTML carries the cards, so a visitor sees providers before any JavaScript or
 * API answer; the island then takes the list over without moving it, and the pages agree
 * with the listing's filters.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { holdRequests, providerCards, PROVIDER_LIST_API } from '../support.ts';

const CCTV_PRETORIA = '/services/cctv-installations-repairs/pretoria';

async function cardNames(page: Page): Promise<string[]> {
  return providerCards(page).getByRole('heading').allInnerTexts();
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const path of ['/providers', '/services/alarm-systems', CCTV_PRETORIA]) {
    test(`${path} shows its first page of providers`, async ({ page }) => {
      await page.goto(path);
      await expect(providerCards(page).first()).toBeVisible();
      expect((await cardNames(page)).length).toBeGreaterThan(0);
      await expect(page.getByTestId('provider-skeleton')).toHaveCount(0);
      // What may have changed since the build is not stated: a check may have lapsed.
      const cards = providerCards(page);
      for (const claim of ['Verified', 'Premium', 'Not verified']) {
        await expect(cards.getByText(claim, { exact: true })).toHaveCount(0);
      }
      await expect(cards.getByTestId('responsiveness')).toHaveCount(0);
      await expect(page.getByTestId('provider-count')).not.toContainText('Showing');
    });
  }
});

test('the built list is on screen before the API answers, and stays put when it does', async ({
  page,
}) => {
  // Hold the list's API call: what shows meanwhile is the built HTML, hydrated.
  const release = await holdRequests(page, PROVIDER_LIST_API);
  await page.addInitScript(() => {
    (window as unknown as { shifts: number }).shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
        (window as unknown as { shifts: number }).shifts += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/providers');
  await expect(providerCards(page).first()).toBeVisible();
  const built = await cardNames(page);
  // Badges, responsiveness and the count come with the API's answer, not from the build.
  await expect(page.locator('[data-hydrated]')).toBeVisible();
  await expect(providerCards(page).getByText('Verified', { exact: true })).toHaveCount(0);
  await expect(page.getByTestId('provider-count')).not.toContainText('Showing');
  const topOfFirstCard = async () => (await providerCards(page).first().boundingBox())?.y;
  const builtTop = await topOfFirstCard();
  const refreshed = page.waitForResponse(PROVIDER_LIST_API);
  release();
  await refreshed;
  await expect.poll(() => cardNames(page)).toEqual(built);
  await expect(providerCards(page).getByText('Verified', { exact: true }).first()).toBeVisible();
  expect(await topOfFirstCard()).toBe(builtTop);
  await expect(providerCards(page).getByTestId('responsiveness')).toHaveCount(built.length);
  await expect(page.getByTestId('provider-count')).toContainText(/^Showing \d+ provider\(s\)$/);
  const shifts = await page.evaluate(() => (window as unknown as { shifts: number }).shifts);
  expect(shifts).toBeLessThan(0.01);
});

test('a service in a town lists the providers the filters find, and links nearby towns', async ({
  page,
}) => {
  await page.goto(CCTV_PRETORIA);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'CCTV Installations & Repairs in Pretoria',
  );
  await page.waitForLoadState('networkidle');
  const onTownPage = await cardNames(page);
  expect(onTownPage).toContain('Jacaranda Access Control');

  await page.goto('/providers?serviceType=cctv&location=pretoria');
  await page.waitForLoadState('networkidle');
  await expect.poll(() => cardNames(page)).toEqual(onTownPage);

  await page.goto(CCTV_PRETORIA);
  const nearby = page.getByRole('navigation', {
    name: 'CCTV Installations & Repairs in nearby towns',
  });
  await nearby.getByRole('link', { name: /Centurion/ }).click();
  await expect(page).toHaveURL(/\/services\/cctv-installations-repairs\/centurion\/?$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'CCTV Installations & Repairs in Centurion',
  );
});

test('a category page and the listing filtered by its service show the same providers', async ({
  page,
}) => {
  await page.goto('/services/alarm-systems');
  await page.waitForLoadState('networkidle');
  const onCategoryPage = await cardNames(page);
  await page.goto('/providers?serviceType=alarms');
  await page.waitForLoadState('networkidle');
  await expect.poll(() => cardNames(page)).toEqual(onCategoryPage);
});
