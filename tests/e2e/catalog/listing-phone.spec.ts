/**
 * Find Providers: Near me asks only when pressed and sorts nearest
 * first with distances; a sort in the URL; on a phone the list starts in the first screen,
 * the filters open in a sheet from "Filters (n)" and show as removable chips; the town
 * picker is a combobox a keyboard can use.
 */
import type { Locator, Page } from '@playwright/test';
import { countedRating } from '../../../src/lib/rated-order.ts';
import { scan } from '../axe.ts';
import { expect, test } from '../fixtures.ts';
import {
  APPROVED_PROVIDER_COUNT,
  PROVIDER_LIST_API,
  TEXT,
  expectCardNames,
  expectCount,
  expectListHydrated,
  fetchProviders,
  providerCards,
} from '../support.ts';

const PHONE = { width: 390, height: 844 };
const CAPE_TOWN = { latitude: -33.9249, longitude: 18.4241 };

declare global {
  interface Window {
    geolocationCalls: number;
  }
}

/** Counts the page's calls for the position (getCurrentPosition and watchPosition). */
async function countGeolocationCalls(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.geolocationCalls = 0;
    const geolocation = navigator.geolocation;
    const get = geolocation.getCurrentPosition.bind(geolocation);
    const watch = geolocation.watchPosition.bind(geolocation);
    geolocation.getCurrentPosition = (...args) => {
      window.geolocationCalls++;
      get(...args);
    };
    geolocation.watchPosition = (...args) => {
      window.geolocationCalls++;
      return watch(...args);
    };
  });
}

const geolocationCalls = (page: Page) => page.evaluate(() => window.geolocationCalls);
const nearMe = (page: Page) => page.getByRole('button', { name: 'Near me' });
const sortBy = (page: Page) => page.getByLabel('Sort by', { exact: true });
const distancesOnCards = async (page: Page) =>
  (await providerCards(page).locator('p', { hasText: 'km away' }).allTextContents()).map((text) =>
    Number(/([\d.]+) km away/.exec(text)?.[1]),
  );

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

test.describe('Near me, with the visitor in Cape Town', () => {
  test.use({ permissions: ['geolocation'], geolocation: CAPE_TOWN });

  test('asks only when pressed, then lists nearest first with distances and sort=nearest', async ({
    page,
  }) => {
    await countGeolocationCalls(page);
    const listCalls: string[] = [];
    page.on('request', (request) => {
      if (PROVIDER_LIST_API.test(request.url())) listCalls.push(request.url());
    });
    await page.goto('/providers');
    await expectCount(page, APPROVED_PROVIDER_COUNT);
    // Loaded and hydrated: no position asked, no notice, no distance.
    await expect(nearMe(page)).toHaveAttribute('aria-pressed', 'false');
    expect(await geolocationCalls(page)).toBe(0);
    await expect(page.getByTestId('location-notice')).toHaveCount(0);
    expect(await distancesOnCards(page)).toEqual([]);
    expect(listCalls.some((url) => url.includes('userLat'))).toBe(false);
    // Nearest is offered only once the position is known.
    await expect(sortBy(page).locator('option[value="nearest"]')).toBeDisabled();

    await nearMe(page).click();
    await expect(nearMe(page)).toHaveAttribute('aria-pressed', 'true');
    expect(await geolocationCalls(page)).toBe(1);
    await expect(page).toHaveURL('/providers?sort=nearest');
    await expect(sortBy(page)).toHaveValue('nearest');
    await expect(page.getByText('Showing providers nearest to you first.')).toBeVisible();
    await expectCount(page, APPROVED_PROVIDER_COUNT);
    await expect(providerCards(page).first()).toContainText('Cape Town, Western Cape');
    await expect(providerCards(page).first()).toContainText(/km away/);
    const distances = await distancesOnCards(page);
    expect(distances.length).toBeGreaterThan(10);
    expect(distances.every((km) => Number.isFinite(km))).toBe(true);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(
      listCalls.some((url) => /sort=nearest/.test(url) && url.includes('userLat=-33.9249')),
    ).toBe(true);
    // The town picker offers the towns nearest the visitor.
    const location = page.getByRole('combobox', { name: 'Location' });
    await location.click();
    const suggestions = page.getByRole('listbox', { name: 'Towns near you' });
    await expect(suggestions.getByRole('option')).toHaveCount(12);
    await expect(suggestions.getByRole('option').first()).toContainText('Cape Town');
    await location.press('Escape');
    await shoot(page, 'desktop-near-me');

    // Remembered for the tab's session: a reload keeps it on without another prompt.
    await page.reload();
    await expect(nearMe(page)).toHaveAttribute('aria-pressed', 'true');
    await expect(sortBy(page)).toHaveValue('nearest');
    await expect(providerCards(page).first()).toContainText(/km away/);

    // Pressed again: off, back to the recommended order without distances.
    await nearMe(page).click();
    await expect(nearMe(page)).toHaveAttribute('aria-pressed', 'false');
    await expect(page).toHaveURL('/providers');
    await expect(sortBy(page)).toHaveValue('recommended');
    await expect(page.getByText('Showing providers nearest to you first.')).toHaveCount(0);
    await expect(providerCards(page).locator('p', { hasText: 'km away' })).toHaveCount(0);
    await page.reload();
    await expectCount(page, APPROVED_PROVIDER_COUNT);
    await expect(nearMe(page)).toHaveAttribute('aria-pressed', 'false');
    expect(await geolocationCalls(page)).toBe(0);
  });

  test('a shared link with sort=nearest lists in the recommended order until Near me', async ({
    page,
    request,
  }) => {
    await countGeolocationCalls(page);
    const recommended = await fetchProviders(request);
    await page.goto('/providers?sort=nearest');
    await expectCount(page, recommended.total);
    await expectCardNames(
      page,
      recommended.items.slice(0, 24).map((p) => p.name),
    );
    expect(await geolocationCalls(page)).toBe(0);
    await nearMe(page).click();
    await expect(sortBy(page)).toHaveValue('nearest');
    await expect(providerCards(page).first()).toContainText('Cape Town, Western Cape');
  });
});

test('a refusal says so once, briefly, and leaves the list as it was', async ({ page }) => {
  // No geolocation permission in this context: the browser refuses.
  await page.goto('/providers');
  await expectCount(page, APPROVED_PROVIDER_COUNT);
  await expect(page.getByTestId('location-notice')).toHaveCount(0);

  await nearMe(page).click();
  const notice = page.getByRole('status').filter({ hasText: TEXT.locationDenied });
  await expect(notice).toHaveCount(1);
  await expect(nearMe(page)).toHaveAttribute('aria-pressed', 'false');
  await expect(page).toHaveURL('/providers');
  await expect(sortBy(page).locator('option[value="nearest"]')).toBeDisabled();
  // Gone after a few seconds: no lingering notice.
  await expect(page.getByTestId('location-notice')).toHaveCount(0, { timeout: 10_000 });
  await expect(page.getByText(TEXT.locationDenied)).toHaveCount(0);
});

test('Highest rated is a sort in the URL, and Back restores the order', async ({
  page,
  request,
}) => {
  const rated = await fetchProviders(request, { sort: 'rated' });
  // Ratings counted with their number of reviews (src/lib/rated-order.ts), highest first.
  const counted = rated.items.map((p) => countedRating(Number(p.rating), p.reviewCount));
  expect(counted).toEqual([...counted].sort((a, b) => b - a));

  await page.goto('/providers');
  await expectCount(page, APPROVED_PROVIDER_COUNT);
  await sortBy(page).selectOption({ label: 'Highest rated' });
  await expect(page).toHaveURL('/providers?sort=rated');
  await expectCardNames(
    page,
    rated.items.slice(0, 24).map((p) => p.name),
  );
  await page.goBack();
  await expect(page).toHaveURL('/providers');
  await expect(sortBy(page)).toHaveValue('recommended');
});

test.describe('the town combobox, by keyboard', () => {
  test('type, arrow down, Enter picks a town; Escape closes and keeps the choice', async ({
    page,
    request,
  }) => {
    await page.goto('/providers');
    await expectCount(page, APPROVED_PROVIDER_COUNT);
    const combobox = page.getByRole('combobox', { name: 'Location' });
    await expect(combobox).toHaveAttribute('aria-expanded', 'false');

    await combobox.focus();
    await page.keyboard.type('Port');
    const listbox = page.getByRole('listbox');
    const options = listbox.getByRole('option');
    await expect(combobox).toHaveAttribute('aria-expanded', 'true');
    await expect(combobox).toHaveAttribute('aria-controls', (await listbox.getAttribute('id'))!);
    // No key is lost while the picker's code arrives.
    await expect(combobox).toHaveValue('Port');
    await expect(options.first()).toBeVisible();
    // The list of 'Po' may stay up while 'Port' is looked up; then it is replaced.
    const readNames = async () =>
      (await options.allTextContents()).map((text) => text.replace(/\s+/g, ' '));
    // Each by its name or another of its names ('Port Natal' for Durban).
    await expect
      .poll(async () => (await readNames()).every((name) => /port/i.test(name)))
      .toBe(true);
    const names = await readNames();
    expect(names.length).toBeGreaterThan(1);
    // The number of matches is announced.
    await expect(page.getByRole('status').filter({ hasText: /places? found/ })).toHaveText(
      `${names.length} places found`,
    );

    // Down twice: the second option is active; focus stays in the input.
    await page.keyboard.press('ArrowDown');
    await expect(combobox).toHaveAttribute(
      'aria-activedescendant',
      (await options.nth(0).getAttribute('id'))!,
    );
    await page.keyboard.press('ArrowDown');
    const second = options.nth(1);
    await expect(combobox).toHaveAttribute(
      'aria-activedescendant',
      (await second.getAttribute('id'))!,
    );
    await expect(second).toHaveAttribute('aria-selected', 'true');
    await expect(combobox).toBeFocused();
    await shoot(page, 'desktop-combobox-open');

    const secondName = (await second.locator('span').first().textContent())!.trim();
    await page.keyboard.press('Enter');
    await expect(combobox).toHaveAttribute('aria-expanded', 'false');
    await expect(combobox).toHaveValue(secondName);
    await expect(page).toHaveURL(/\/providers\?location=[a-z0-9-]+$/);
    const location = new URL(page.url()).searchParams.get('location')!;
    const inTown = await fetchProviders(request, { location });
    await expectCount(page, inTown.total);
    await expectCardNames(
      page,
      inTown.items.slice(0, 24).map((p) => p.name),
    );
    await expect(page.getByRole('button', { name: `Remove filter: ${secondName}` })).toBeVisible();

    // Escape closes the list and puts back the chosen town; the URL stays.
    await combobox.fill('dur');
    await expect(combobox).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('option', { name: /^Durban / })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(combobox).toHaveAttribute('aria-expanded', 'false');
    await expect(combobox).toHaveValue(secondName);
    await expect(page).toHaveURL(`/providers?location=${location}`);

    // A name of no town says so.
    await combobox.fill('Qxzqxz');
    await expect(page.getByRole('status').filter({ hasText: 'No place matches' })).toHaveText(
      'No place matches “Qxzqxz”',
    );
    await page.keyboard.press('Escape');

    // Emptied and Enter: all locations again.
    await combobox.fill('');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/providers');
    await expectCount(page, APPROVED_PROVIDER_COUNT);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('the list starts in the first screen; two filters in the sheet, one removed by its chip', async ({
    page,
    request,
  }) => {
    const cctv = await fetchProviders(request, { serviceType: 'cctv' });
    const cctvVerified = await fetchProviders(request, {
      serviceType: 'cctv',
      verification: 'verified',
    });
    const verified = await fetchProviders(request, { verification: 'verified' });
    expect(cctvVerified.total).toBeLessThan(cctv.total);

    await page.goto('/providers');
    await expectCount(page, APPROVED_PROVIDER_COUNT);
    const firstCard = await providerCards(page).first().boundingBox();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(firstCard!.y).toBeGreaterThan(0);
    expect(firstCard!.y + 48).toBeLessThanOrEqual(PHONE.height);
    // The filter card is not on the page; the sheet's button is.
    await expect(page.getByRole('form', { name: 'Filter providers' })).toHaveCount(0);
    const filtersButton = page.getByRole('button', { name: 'Filters', exact: true });
    await expect(filtersButton).toBeVisible();
    await shoot(page, 'phone-closed');

    await filtersButton.click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await expect(sheet).toBeVisible();
    await sheet
      .getByLabel('Service Type', { exact: true })
      .selectOption({ label: 'CCTV & Security' });
    await expect(page).toHaveURL('/providers?serviceType=cctv');
    await sheet
      .getByLabel('Verification', { exact: true })
      .selectOption({ label: 'Verified Only' });
    await expect(page).toHaveURL('/providers?serviceType=cctv&verification=verified');
    const show = sheet.getByRole('button', { name: `Show ${cctvVerified.total} providers` });
    await expect(show).toBeVisible();
    await shoot(page, 'phone-sheet-open');

    // The combobox's Escape closes its list, not the sheet.
    const combobox = sheet.getByRole('combobox', { name: 'Location' });
    await combobox.click();
    await expect(combobox).toHaveAttribute('aria-expanded', 'true');
    await shoot(page, 'phone-sheet-combobox');
    await page.keyboard.press('Escape');
    await expect(combobox).toHaveAttribute('aria-expanded', 'false');
    await expect(sheet).toBeVisible();

    await show.click();
    await expect(sheet).toBeHidden();
    await expect(page.getByRole('button', { name: 'Filters (2)' })).toBeVisible();
    const chips = page.getByRole('list', { name: 'Active filters' }).getByRole('button');
    await expect(chips).toHaveText([/CCTV & Security/, /Verified Only/]);
    await expectCount(page, cctvVerified.total);
    await shoot(page, 'phone-chips');

    await page.getByRole('button', { name: 'Remove filter: CCTV & Security' }).click();
    await expect(page).toHaveURL('/providers?verification=verified');
    await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
    await expect(chips).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Remove filter: Verified Only' })).toBeFocused();
    await expectCount(page, verified.total);
    await expectCardNames(
      page,
      verified.items.slice(0, 24).map((p) => p.name),
    );

    // Back brings the removed filter back, chip included.
    await page.goBack();
    await expect(page).toHaveURL('/providers?serviceType=cctv&verification=verified');
    await expect(page.getByRole('button', { name: 'Filters (2)' })).toBeVisible();
    await expectCount(page, cctvVerified.total);
  });

  test('axe finds no violation with the sheet open', async ({ page }) => {
    await page.goto('/providers?serviceType=cctv&location=durban');
    await expectListHydrated(page);
    await page.getByRole('button', { name: 'Filters (2)' }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await expect(sheet.getByRole('combobox', { name: 'Location' })).toHaveValue('Durban');
    expect(await scan(page, '/providers, filter sheet (390 px)')).toEqual([]);
    await sheet.getByRole('combobox', { name: 'Location' }).fill('Cape');
    await expect(sheet.getByRole('option', { name: /Cape Town/ })).toBeVisible();
    expect(await scan(page, '/providers, filter sheet and town list (390 px)')).toEqual([]);
  });
});

test('axe finds no violation on the desktop list with chips and the town list open', async ({
  page,
}) => {
  await page.goto('/providers?serviceType=cctv&verification=verified');
  await expectListHydrated(page);
  // Wide: the card, no sheet button.
  await expect(page.getByRole('form', { name: 'Filter providers' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Filters/ })).toBeHidden();
  const combobox: Locator = page.getByRole('combobox', { name: 'Location' });
  await combobox.fill('Jo');
  await expect(page.getByRole('option', { name: /Johannesburg/ })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  expect(await scan(page, '/providers, town list open (1280 px)')).toEqual([]);
  await page.keyboard.press('Escape');
  await shoot(page, 'desktop-chips');
});
