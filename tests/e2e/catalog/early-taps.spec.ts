/**
 * A tap before the page's island has hydrated is not lost. The provider page and the
 * listing hydrate when the browser is idle; on a slow phone a visitor may tap a tab or a
 * button before then. Here idle never comes (requestIdleCallback never calls back), so
 * the island hydrates only because of the tap, and the tap must still do what it says.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { fetchProvider, filters } from '../support.ts';

const PHONE = { width: 390, height: 844 };

/** The browser is never idle: only an interaction can start the islands' hydration. */
async function neverIdle(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.requestIdleCallback = () => 0;
  });
}

test.beforeEach(async ({ page }) => {
  await neverIdle(page);
});

test('a tab tapped before the provider page hydrates opens its panel', async ({ page }) => {
  await page.goto('/provider/1');
  const tabs = page.getByRole('tablist', { name: 'Provider details' });
  await expect(page.locator('article[data-hydrated]')).toHaveCount(0);
  await tabs.getByRole('tab', { name: 'Reviews' }).click();
  await expect(tabs.getByRole('tab', { name: 'Reviews' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Reviews' })).toBeVisible();
  await expect(page.locator('article[data-hydrated]')).toHaveCount(1);
});

test('Request Service tapped before the provider page hydrates opens the form', async ({
  page,
  request,
}) => {
  const provider = await fetchProvider(request, 1);
  await page.goto('/provider/1');
  await expect(page.locator('article[data-hydrated]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Request Service' }).click();
  const dialog = page.getByRole('dialog', { name: `Request service from ${provider.name}` });
  await expect(dialog.getByLabel('Your Name *')).toBeVisible();
});

test('Filters tapped on a phone before the list hydrates opens the sheet', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/providers');
  await expect(page.locator('[data-hydrated]')).toHaveCount(0);
  await page.getByRole('button', { name: /^Filters/ }).click();
  await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
});

test('words typed before the list hydrates stay in the box and search', async ({ page }) => {
  await page.goto('/providers');
  await expect(page.locator('[data-hydrated]')).toHaveCount(0);
  const search = filters(page).search;
  await search.pressSequentially('durban');
  await expect(page.locator('[data-hydrated]')).toHaveCount(1);
  await expect(search).toHaveValue('durban');
  await expect(page).toHaveURL(/search=durban/);
});

test('a service chosen before the list hydrates filters the list', async ({ page }) => {
  await page.goto('/providers');
  await expect(page.locator('[data-hydrated]')).toHaveCount(0);
  await filters(page).service.selectOption({ label: 'Alarm Systems' });
  await expect(page.locator('[data-hydrated]')).toHaveCount(1);
  await expect(filters(page).service).toHaveValue('alarms');
  await expect(page).toHaveURL(/serviceType=alarms/);
});
