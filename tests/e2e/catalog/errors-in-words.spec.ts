/**
 * Errors in words: when the API fails, no page shows a status code
 * with JSON ("500: {...}"); each says what could not be loaded, in a sentence, with Retry
 * where asking again helps, instead of zeros.
 */
import type { Page } from '@playwright/test';
import { scan } from '../axe.ts';
import { expect, test } from '../fixtures.ts';
import { fetchProviders } from '../support.ts';

const RAW_ERROR = /\b[45]\d\d\b.*\{/;
const SHOTS = process.env['E2E_SHOTS'];

/** Every API call answers 500 with a JSON body, as a server in trouble does. */
async function failTheApi(page: Page): Promise<string[]> {
  const failed: string[] = [];
  await page.route(/\/api\//, async (route) => {
    failed.push(new URL(route.request().url()).pathname);
    await route.fulfill({
      status: 500,
      json: { message: 'Internal server error', detail: 'connection refused' },
    });
  });
  return failed;
}

/** No raw error in the text, and the error state itself has no axe violations. */
async function expectNoRawError(page: Page): Promise<void> {
  const text = await page.locator('body').innerText();
  expect(text).not.toMatch(RAW_ERROR);
  expect(text).not.toContain('Internal server error');
  expect(await scan(page, `${new URL(page.url()).pathname} with the API failing`)).toEqual([]);
}

async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

test('the home page says it could not load its figures, never "0+ Providers"', async ({ page }) => {
  const failed = await failTheApi(page);
  await page.goto('/');
  const services = page.getByRole('region', { name: 'Our Services' });
  await services.scrollIntoViewIfNeeded();
  await expect(services.getByRole('alert')).toHaveText(
    "Couldn't load the number of providers per serviceSomething went wrong on our side. Please try again in a moment.The services below still work: pick one to see its providers.Retry",
  );
  await expect(services).not.toContainText('0+ Providers');
  await page.locator('footer').scrollIntoViewIfNeeded();
  const stats = page.getByRole('region', { name: 'Platform Statistics' });
  await expect(stats.getByRole('alert')).toContainText("Couldn't load the platform statistics");
  await expectNoRawError(page);

  const before = failed.filter((path) => path === '/api/service-stats').length;
  await services.getByRole('button', { name: 'Retry' }).click();
  await expect
    .poll(() => failed.filter((path) => path === '/api/service-stats').length)
    .toBe(before + 1);
  await shoot(page, 'error-home');
});

test('the provider list says what went wrong and retries', async ({ page }) => {
  const failed = await failTheApi(page);
  // A filtered list has nothing built to fall back on.
  await page.goto('/providers?serviceType=cctv');
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { name: "Couldn't load providers" })).toBeVisible();
  await expect(alert).toContainText(
    'Something went wrong on our side. Please try again in a moment.',
  );
  await expect(page.getByTestId('provider-card')).toHaveCount(0);
  await expectNoRawError(page);
  const before = failed.length;
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect.poll(() => failed.length).toBeGreaterThan(before);
  await expect(alert.getByRole('heading', { name: "Couldn't load providers" })).toBeVisible();
  await shoot(page, 'error-providers');
});

test('the built first page stays when its refresh fails, and says so', async ({ page }) => {
  await failTheApi(page);
  await page.goto('/providers');
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { name: "Couldn't refresh providers" })).toBeVisible();
  await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page.getByTestId('provider-card').first()).toBeVisible();
  await expectNoRawError(page);
});

test('a provider page and About stay in words when the API fails', async ({ page, request }) => {
  const [provider] = (await fetchProviders(request, {})).items;
  if (!provider) throw new Error('no sample provider');
  await failTheApi(page);

  await page.goto(`/provider/${provider.id}`);
  const verification = page.getByTestId('verification-section');
  await expect(verification.getByRole('alert')).toContainText(
    "This provider's checks could not be loaded.Something went wrong on our side. Please try again in a moment.",
  );
  await expectNoRawError(page);

  await page.goto('/about');
  await expect(page.getByText("Couldn't load the live figures.")).toBeVisible();
  await expectNoRawError(page);
});

test('the 404 page gives no developer hints', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
  await expect(page.getByRole('main')).not.toContainText(/developer|src\/pages|netlify\.toml/i);
});
