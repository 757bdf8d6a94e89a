/**
 * Faces and work: a provider without a photo shows its monogram, never
 * the placeholder; it adds photos of its work from the dashboard, and the provider page
 * and the modal show them in a gallery whose viewer the keyboard drives.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { scan } from '../axe.ts';
import { uniqueTag } from '../builders.ts';
import { expect, test } from '../fixtures.ts';

/** Screenshots for looking at, written only when E2E_SHOTS names a folder. */
const SHOTS = process.env['E2E_SHOTS'];

/** A drawn photo of 'work' (a camera on a wall), different for each `n`. */
async function workPhoto(n: number): Promise<Buffer> {
  const hue = ['#60a5fa', '#f59e0b', '#34d399'][n % 3];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600">
    <rect width="900" height="600" fill="${hue}"/>
    <rect x="0" y="420" width="900" height="180" fill="#57534e"/>
    <rect x="330" y="160" width="240" height="110" rx="20" fill="#f8fafc"/>
    <circle cx="540" cy="215" r="38" fill="#0f172a"/>
    <text x="40" y="90" font-size="64" font-family="sans-serif" fill="#0f172a">Job ${n}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: false });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a provider adds and removes work photos; its page shows them in a keyboard viewer', async ({
  page,
  accounts,
}) => {
  const tag = uniqueTag();
  const provider = await accounts.newProvider({ name: `${tag} Camera Works` });
  await accounts.signIn(page.context(), 'provider', provider.id);

  await page.goto('/dashboard');
  await page.getByRole('tab', { name: 'Profile' }).click();
  const section = page.getByRole('region', { name: 'Photos of your work' });
  await expect(section.getByText('0 of 8 photos')).toBeVisible();
  for (const n of [1, 2, 3]) {
    await section.getByLabel('Add a photo of your work').setInputFiles({
      name: `job-${n}.png`,
      mimeType: 'image/png',
      buffer: await workPhoto(n),
    });
    await expect(section.getByText('Uploaded')).toBeVisible();
    await section.getByRole('button', { name: 'Add Photo' }).click();
    await expect(section.getByText(`${n} of 8 photos`)).toBeVisible();
  }
  await expect(section.getByRole('img', { name: /^Work photo \d$/ })).toHaveCount(3);
  expect(await scan(page, 'dashboard profile with work photos')).toEqual([]);
  await section.scrollIntoViewIfNeeded();
  await shoot(page, 'dashboard-work-photos');

  // The public page: the monogram (no photo) and the gallery, by keyboard only.
  await page.goto(`/provider/${provider.id}`);
  const monogram = page.getByRole('img', { name: provider.name, exact: true });
  await expect(monogram).toHaveAttribute('data-testid', 'provider-monogram');
  await expect(monogram).toContainText(`${tag[0]}C`);
  await expect(page.getByRole('heading', { name: 'Photos of our work' })).toBeVisible();
  const first = page.getByRole('button', { name: 'Open photo 1 of 3' });
  await first.focus();
  await page.keyboard.press('Enter');
  const viewer = page.getByRole('dialog', { name: `Photos of work by ${provider.name}` });
  const shown = (n: number) =>
    viewer.getByRole('img', { name: `Photo ${n} of 3 of work by ${provider.name}` });
  await expect(shown(1)).toBeVisible();
  await expect(viewer.getByText('Photo 1 of 3', { exact: true })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(shown(2)).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(shown(3)).toBeVisible();
  await expect(viewer.getByText('Photo 3 of 3', { exact: true })).toBeVisible();
  expect(await scan(page, 'work photo viewer')).toEqual([]);
  await shoot(page, 'gallery-viewer');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(first).toBeFocused();
  await page.getByRole('heading', { name: 'Photos of our work' }).scrollIntoViewIfNeeded();
  await shoot(page, 'provider-page-gallery');

  // The modal of the list shows the same gallery; its viewer's Escape leaves the modal open.
  await page.goto(`/providers?search=${tag}`);
  const card = page.getByTestId('provider-card');
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('provider-monogram')).toBeVisible();
  await card.getByRole('button', { name: provider.name }).click();
  const modal = page.getByRole('dialog', { name: provider.name });
  await expect(modal.getByRole('img', { name: provider.name, exact: true })).toBeVisible();
  const modalFirst = modal.getByRole('button', { name: 'Open photo 2 of 3' });
  await modalFirst.focus();
  await page.keyboard.press('Enter');
  await expect(shown(2)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(modal).toBeVisible();
  await expect(modalFirst).toBeFocused();
  await modal.getByRole('heading', { name: 'Photos of our work' }).scrollIntoViewIfNeeded();
  await shoot(page, 'modal-gallery');

  // Removal in the dashboard takes it off the public page.
  await page.goto('/dashboard');
  await page.getByRole('tab', { name: 'Profile' }).click();
  await section.getByRole('button', { name: 'Remove work photo 1' }).click();
  await expect(section.getByText('2 of 8 photos')).toBeVisible();
  await page.goto(`/provider/${provider.id}`);
  await expect(page.getByRole('button', { name: 'Open photo 2 of 2' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Open photo \d of 3/ })).toHaveCount(0);
});

test('cards of providers without a photo show monograms, never the placeholder', async ({
  page,
  request,
}) => {
  // The sample has no real photos of work, so it gives none: drawings would pass for them.
  const listed = await request.get('/api/providers');
  const providers = (await listed.json()) as { id: number; name: string; workPhotos: string[] }[];
  expect(providers.filter((provider) => provider.workPhotos.length > 0)).toEqual([]);
  expect((await request.get('/public-objects/work-camera-1.webp')).status()).toBe(404);
  const highveld = providers.find((provider) => provider.name === 'Highveld Secure Systems');
  await page.goto(`/provider/${highveld!.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Highveld Secure Systems');
  await expect(page.getByRole('heading', { name: 'Photos of our work' })).toHaveCount(0);

  await page.goto('/providers');
  await expect(page.getByTestId('provider-card').first()).toBeVisible();
  await expect(page.locator('img[src="/default-provider.svg"]')).toHaveCount(0);
  await expect(page.getByTestId('provider-monogram').first()).toBeVisible();
  await shoot(page, 'cards-monograms');
});
