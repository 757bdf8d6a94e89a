/**
 * Cards a phone can scan: at 390×844 the first two screens of
 * /providers show at least three providers whole (name, rating with its count, badge,
 * town and price); a provider without a photo has a small monogram beside its name, not
 * a block of initials across the card; a photo keeps its proportions.
 */
import type { Locator } from '@playwright/test';
import { scan } from '../axe.ts';
import { expect, test } from '../fixtures.ts';
import { expectListHydrated, providerCards } from '../support.ts';

const PHONE = { width: 390, height: 844 };
const SHOTS = process.env['E2E_SHOTS'];

test.use({ viewport: PHONE });

test('three providers whole in the first two screens of a phone, monograms small', async ({
  page,
}) => {
  await page.goto('/providers');
  await expectListHydrated(page);
  const cards = providerCards(page);
  await expect(cards.nth(2)).toBeVisible();
  for (const i of [0, 1, 2]) {
    const card = cards.nth(i);
    await expect(card.getByRole('heading', { level: 2 })).not.toBeEmpty();
    await expect(card.getByText(/\(\d+ reviews?\)|New|No reviews yet/).first()).toBeVisible();
    await expect(card.getByText(/^(Verified|Not verified)$/)).toHaveCount(1);
    await expect(card.getByText(/^From R|^Price on request$/)).toHaveCount(1);
    const box = await card.boundingBox();
    expect(box!.y + box!.height, `card ${i + 1} ends within two screens`).toBeLessThanOrEqual(
      2 * PHONE.height,
    );
  }
  // Pictures beside the name: a monogram is a small square, a photo as wide, never taller
  // than its own proportions make it.
  for (const picture of await cards.locator('[data-testid="provider-monogram"], img').all()) {
    const box = (await picture.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(80);
    expect(box.height).toBeLessThanOrEqual(80);
  }
  expect(await scan(page, '/providers (phone cards)')).toEqual([]);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/providers-cards-390.png` });
  // The same cards at a desktop's width, three to a row.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(cards.nth(2)).toBeInViewport();
  expect(await scan(page, '/providers (desktop cards)')).toEqual([]);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/providers-cards-1280.png` });
});

test('a photo keeps its proportions on the card', async ({ page }) => {
  await page.goto('/providers');
  await expectListHydrated(page);
  const photo = providerCards(page).locator('img').first();
  await expect(photo).toBeVisible();
  // Its proportions are known once its bytes have come.
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  const { natural, shown } = await photo.evaluate((img: HTMLImageElement) => ({
    natural: img.naturalWidth / img.naturalHeight,
    shown: img.getBoundingClientRect().width / img.getBoundingClientRect().height,
  }));
  expect(shown).toBeCloseTo(natural, 1);
});

test('a provider page and its dialog show the photo whole, as the provider framed it', async ({
  page,
}) => {
  await page.goto('/providers');
  await expectListHydrated(page);
  const card = providerCards(page)
    .filter({ has: page.locator('img') })
    .first();
  const name = await card.getByRole('heading', { level: 2 }).innerText();
  await card.getByRole('button', { name }).click();
  const dialog = page.getByRole('dialog', { name });
  const fitOf = (image: Locator) => image.evaluate((img) => getComputedStyle(img).objectFit);
  expect(await fitOf(dialog.locator('img').first())).toBe('contain');
  await dialog.getByRole('link', { name: /full profile/i }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  expect(await fitOf(page.locator('header img').first())).toBe('contain');
});
