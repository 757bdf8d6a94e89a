/**
 * The home page with life in it: a flash ad with an image and a link,
 * made and previewed by an admin, shown and followed on the home page; the top rated,
 * recently verified and recent reviews sections from the data; no axe violations.
 * Operations project: it creates an ad.
 */
import type { Page, Response } from '@playwright/test';
import { FLASH_AD_LINK_MESSAGES } from '../../../src/lib/flash-ad-link.ts';
import { holdFlashAds, scan } from '../axe.ts';
import { newFlashAd } from '../builders.ts';
import {
  deleteFlashAd,
  expect,
  fillFlashAd,
  openAdmin,
  openFlashAdEditor,
  pickBannerAd,
  test,
} from '../fixtures.ts';
import { failOnServer, filters } from '../support.ts';

const IMAGE = 'public/public-objects/sample-provider-1.webp';

interface Highlights {
  topRated: { nearYou: boolean; providers: { id: number; name: string }[] };
  recentlyVerified: { id: number; name: string }[];
  recentReviews: { id: number; firstName: string; provider: { id: number; name: string } }[];
}

const toast = (page: Page) => page.getByTestId('toast');
const isHighlightsUrl = (url: string) => new URL(url).pathname === '/api/home/highlights';
const isHighlights = (response: Response) => isHighlightsUrl(response.url());

/** The home page scrolled to its highlights, with the answer they were drawn from. */
async function openHighlights(page: Page): Promise<Highlights> {
  const answer = page.waitForResponse(isHighlights);
  await page.goto('/');
  await page
    .getByRole('heading', { name: 'Why Choose Verified Providers?' })
    .scrollIntoViewIfNeeded();
  const response = await answer;
  expect(response.status()).toBe(200);
  return (await response.json()) as Highlights;
}

test('an admin makes a flash ad with an image and a link, previews it, and the home banner leads to the page', async ({
  page,
  signedInAdmin,
}) => {
  test.setTimeout(60_000);
  const ad = newFlashAd('CCTV week', 'Cameras fitted by verified installers');
  const editor = await openFlashAdEditor(page, signedInAdmin);
  const preview = editor.getByTestId('flash-ad-preview');
  const link = editor.getByLabel('Link (optional)');
  const create = editor.getByRole('button', { name: 'Create Flash Ad' });

  // The preview follows the typing.
  await fillFlashAd(editor, ad);
  await expect(preview.getByRole('heading', { name: ad.title })).toBeVisible();
  await expect(preview).toContainText(ad.subtitle);
  await expect(editor.getByTestId('flash-ad-preview-link')).toHaveText('The banner is not a link.');

  // Links a browser would read as script or as another host are refused, in words.
  for (const [bad, message] of [
    ['javascript:alert(1)', FLASH_AD_LINK_MESSAGES.shape],
    ['//evil.com', FLASH_AD_LINK_MESSAGES.otherHost],
    ['/\\evil.com', FLASH_AD_LINK_MESSAGES.backslash],
    ['http://example.co.za', FLASH_AD_LINK_MESSAGES.http],
  ] as const) {
    await link.fill(bad);
    await create.click();
    await expect(editor.getByRole('alert')).toHaveText(message);
    await expect(link).toHaveAttribute('aria-invalid', 'true');
    await expect(editor.getByTestId('flash-ad-preview-link')).toContainText(
      'The banner will not be a link until the link is valid',
    );
  }
  await expect(page.getByRole('listitem', { name: ad.title })).toHaveCount(0);
  expect(await scan(page, '/admin, flash ad form with a link error')).toEqual([]);

  await editor.getByLabel('Image (optional)').setInputFiles(IMAGE);
  await expect(toast(page)).toContainText('Image Uploaded');
  const previewImage = preview.getByTestId('flash-ad-image');
  await expect(previewImage).toHaveAttribute('src', /^\/objects\/uploads\//);
  await link.fill('/providers?serviceType=cctv');
  await expect(editor.getByTestId('flash-ad-preview-link')).toHaveText(
    'A click on the banner opens /providers?serviceType=cctv on this site.',
  );
  await expect(preview).toContainText('Find out more');
  expect(await scan(page, '/admin, flash ad form with its preview')).toEqual([]);
  const imageUrl = await previewImage.getAttribute('src');

  await create.click();
  await expect(toast(page)).toContainText('Flash Ad Created');
  const item = page.getByRole('listitem', { name: ad.title });
  await expect(item).toContainText('Link');
  await expect(item).toContainText('Image');

  // Other tests make ads too: the banner's dot picks this one.
  await page.goto('/');
  await pickBannerAd(page, ad.title);
  const banner = page.getByTestId('flash-ad');
  await expect(banner.getByRole('heading', { name: ad.title })).toBeVisible();
  await expect(banner.getByTestId('flash-ad-image')).toHaveAttribute('src', imageUrl ?? '');
  // The image has arrived and shows in its box.
  await expect
    .poll(() =>
      banner.getByTestId('flash-ad-image').evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0);
  const adLink = banner.getByRole('link', { name: new RegExp(ad.title) });
  await expect(adLink).toHaveAttribute('href', '/providers?serviceType=cctv');
  await expect(adLink).not.toHaveAttribute('rel', /.+/);
  await adLink.click();
  await expect(page).toHaveURL('/providers?serviceType=cctv');
  await expect(filters(page).service).toHaveValue('cctv');

  // Gone from the banner once deleted (the other tests' banners stay as they were).
  await openAdmin(page, signedInAdmin, 'Flash Ads');
  await deleteFlashAd(page, ad.title);
});

test('an ad linking to another site carries rel="noopener noreferrer"', async ({
  page,
  signedInAdmin,
}) => {
  const ad = newFlashAd('PSIRA register', 'Check a security business on the register');
  const editor = await openFlashAdEditor(page, signedInAdmin);
  await fillFlashAd(editor, ad);
  await editor.getByLabel('Link (optional)').fill('https://www.psira.co.za/');
  await expect(editor.getByTestId('flash-ad-preview-link')).toHaveText(
    'A click on the banner opens https://www.psira.co.za/ (another site).',
  );
  await editor.getByRole('button', { name: 'Create Flash Ad' }).click();
  await expect(toast(page)).toContainText('Flash Ad Created');

  await page.goto('/');
  await pickBannerAd(page, ad.title);
  const adLink = page.getByTestId('flash-ad').getByRole('link', { name: new RegExp(ad.title) });
  await expect(adLink).toHaveAttribute('href', 'https://www.psira.co.za/');
  await expect(adLink).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(adLink).toContainText('Visit psira.co.za');

  await openAdmin(page, signedInAdmin, 'Flash Ads');
  await deleteFlashAd(page, ad.title);
});

test('the home sections show the top rated, recently verified and recent reviews of the data, linked to their pages', async ({
  page,
}) => {
  const data = await openHighlights(page);
  expect(data.topRated.nearYou).toBe(false);
  expect(data.topRated.providers.length).toBeGreaterThan(0);
  expect(data.recentlyVerified.length).toBeGreaterThan(0);
  expect(data.recentReviews.length).toBeGreaterThan(0);

  const topRated = page.getByRole('list', { name: 'Top rated providers' });
  await expect(page.getByRole('heading', { name: 'Top rated providers' })).toBeVisible();
  await expect(topRated.getByRole('heading', { level: 3 })).toHaveText(
    data.topRated.providers.map((p) => p.name),
  );
  const recentlyVerified = page.getByRole('list', { name: 'Recently verified' });
  await expect(recentlyVerified.getByRole('heading', { level: 3 })).toHaveText(
    data.recentlyVerified.map((p) => p.name),
  );
  await expect(recentlyVerified.getByText('Latest check passed')).toHaveCount(
    data.recentlyVerified.length,
  );
  const reviews = page.getByRole('list', { name: 'Recent reviews' }).getByRole('listitem');
  await expect(reviews).toHaveCount(data.recentReviews.length);
  for (const [i, review] of data.recentReviews.entries()) {
    await expect(reviews.nth(i)).toContainText(review.firstName);
    await expect(reviews.nth(i).getByRole('link', { name: review.provider.name })).toHaveAttribute(
      'href',
      `/provider/${review.provider.id}`,
    );
  }
  // Every review follows a completed request, the sample's too (db/seed/sample-requests.ts).
  await expect(
    page.getByRole('list', { name: 'Recent reviews' }).getByText('From a completed request'),
  ).toHaveCount(data.recentReviews.length);

  const first = data.topRated.providers[0]!;
  await topRated.getByRole('link', { name: first.name }).click();
  await expect(page).toHaveURL(`/provider/${first.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.name);
});

test('"Show providers near me" asks for the position only when pressed, and sends it rounded', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['geolocation']);
  // Sandton, Johannesburg.
  await context.setGeolocation({ latitude: -26.10756, longitude: 28.05674 });
  const asked: string[] = [];
  page.on('request', (request) => {
    if (isHighlightsUrl(request.url())) asked.push(request.url());
  });
  await openHighlights(page);
  expect(asked).toHaveLength(1);
  expect(new URL(asked[0]!).search).toBe('');

  const near = page.waitForResponse(isHighlights);
  await page.getByRole('button', { name: 'Show providers near me' }).click();
  const url = new URL((await near).url());
  expect([url.searchParams.get('lat'), url.searchParams.get('lng')]).toEqual(['-26.1', '28.1']);
  await expect(page.getByRole('heading', { name: 'Top rated near you' })).toBeVisible();
  await expect(page.getByText(/, within 50 km of you\.$/)).toBeVisible();
  await page.getByRole('button', { name: 'Show all of South Africa' }).click();
  await expect(page.getByRole('heading', { name: 'Top rated providers' })).toBeVisible();
});

test('a refused location says so and keeps the providers of the whole country', async ({
  page,
  context,
}) => {
  await context.clearPermissions();
  await openHighlights(page);
  await page.getByRole('button', { name: 'Show providers near me' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: "We couldn't get your location" }),
  ).toHaveText(
    "We couldn't get your location, so these are the top rated providers across South Africa.",
  );
  await expect(page.getByRole('heading', { name: 'Top rated providers' })).toBeVisible();
});

test("says it couldn't load the highlights, with Retry, when the API fails", async ({ page }) => {
  const served = await failOnServer(page, '**/api/home/highlights');
  await page.goto('/');
  await page
    .getByRole('heading', { name: 'Why Choose Verified Providers?' })
    .scrollIntoViewIfNeeded();
  const alert = page.getByRole('alert').filter({ hasText: "Couldn't load the top rated" });
  await expect(alert).toContainText(
    'Something went wrong on our side. Please try again in a moment.',
  );
  await expect(alert).not.toContainText('500');
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect.poll(served).toBe(2);
});

for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`the home page has no axe violations with its highlights loaded (${name})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await holdFlashAds(page);
    await openHighlights(page);
    await expect(page.getByRole('list', { name: 'Recent reviews' })).toBeVisible();
    // The statistics load once in view (on a phone the footer alone is a screen high).
    const stats = page.getByRole('region', { name: 'Platform Statistics' });
    // The placeholder is replaced as the figures arrive, so scroll again if it went meanwhile.
    await expect(async () => {
      await page
        .getByRole('status', { name: 'Loading statistics' })
        .or(stats)
        .scrollIntoViewIfNeeded({ timeout: 1_000 });
      await expect(stats).toBeVisible({ timeout: 1_000 });
    }).toPass();
    expect(await scan(page, `/ (${name})`)).toEqual([]);
  });
}
