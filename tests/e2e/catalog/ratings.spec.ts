/**
 * Ratings that add up: a provider nobody has reviewed yet shows "New"
 * on its card, in the modal and on its page, never grey stars and 0.0; a reviewed one
 * shows its average and the number of its reviews (the seeded review rows).
 */
import type { Locator, Page } from '@playwright/test';
import { scan } from '../axe.ts';
import { expect, test } from '../fixtures.ts';
import {
  cardByName,
  expectListAtRest,
  expectProfileHydrated,
  fetchProviders,
  openProviderModal,
} from '../support.ts';

const SHOTS = process.env['E2E_SHOTS'];

/** The target (a card, or the page) at a phone's and a desktop's width, when SHOTS is set. */
async function shoot(page: Page, target: Page | Locator, name: string) {
  if (!SHOTS) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await target.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
}

test('a provider without reviews says "New" on its card, in the modal and on its page', async ({
  page,
  request,
}) => {
  const { items } = await fetchProviders(request);
  const newcomer = items.find((provider) => provider.reviewCount === 0);
  const reviewed = items.find((provider) => provider.reviewCount > 1);
  if (!newcomer || !reviewed) throw new Error('The seed has no new or no reviewed provider');

  // The built first page lists the newcomer too, dimmed while the search loads (which axe
  // reads as too little contrast): the scan waits for the search's answer, shown undimmed.
  const searched = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/providers' &&
      new URL(response.url()).searchParams.has('search'),
  );
  await page.goto(`/providers?search=${encodeURIComponent(newcomer.name)}`);
  await searched;
  const card = cardByName(page, newcomer.name);
  await expect(card).toContainText('NewNo reviews yet');
  await expectListAtRest(page);
  await expect(card).not.toContainText('0.0');
  await expect(card.getByRole('img', { name: /^Rated / })).toHaveCount(0);
  expect(await scan(page, '/providers (a new provider)')).toEqual([]);
  await shoot(page, card, 'card-new');

  const dialog = await openProviderModal(page, newcomer.name);
  await expect(dialog).toContainText('NewNo reviews yet');
  await expect(dialog.getByRole('img', { name: /^Rated / })).toHaveCount(0);
  await dialog.getByRole('tab', { name: 'Reviews' }).click();
  await expect(dialog.getByRole('tabpanel')).toContainText(
    'Reviews appear here once customers who booked through the site rate the work.',
  );
  await expect(dialog.getByRole('tabpanel')).not.toContainText('0.0');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.goto(`/provider/${newcomer.id}`);
  const main = page.getByRole('main');
  await expect(main).toContainText('NewNo reviews yet');
  await expect(main.getByRole('img', { name: /^Rated / })).toHaveCount(0);
  expect(await scan(page, '/provider/:id (a new provider)')).toEqual([]);
  await shoot(page, page, 'page-new');

  // A reviewed provider: its stars, average and count, and its reviews listed.
  await page.goto(`/provider/${reviewed.id}`);
  await expect(
    main.getByRole('img', { name: `Rated ${reviewed.rating} out of 5` }).first(),
  ).toBeVisible();
  await expect(main).toContainText(`(${reviewed.reviewCount} reviews)`);
  await expectProfileHydrated(page);
  await page.getByRole('tab', { name: 'Reviews' }).click();
  await expect(page.getByRole('tabpanel')).toContainText(
    `Based on ${reviewed.reviewCount} reviews`,
  );
  await expect(page.getByRole('list', { name: 'Reviews' }).getByRole('listitem')).toHaveCount(
    Math.min(reviewed.reviewCount, 10),
  );
});
