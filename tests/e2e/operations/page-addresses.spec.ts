/**
 * One address per page (decision 0047): without a trailing slash, the other form
 * redirecting to it, as the canonical link and the sitemap write it; and /provider/{id}
 * answers 404 with 'Provider Not Found' for an id without a provider, while a provider
 * approved after the build gets its page from the fallback (decision 0007).
 */
import { expect, test } from '../fixtures.ts';
import { TEXT } from '../support.ts';

const noRedirect = { maxRedirects: 0 } as const;

test('an unknown provider id answers 404 with the Provider Not Found page', async ({
  page,
  request,
}) => {
  const answer = await request.get('/provider/9999', noRedirect);
  expect(answer.status()).toBe(404);
  const html = await answer.text();
  expect(html).toContain(`<h1 class="text-3xl font-bold">${TEXT.notFoundHeading}</h1>`);
  expect(html).toContain('<meta name="robots" content="noindex">');
  expect((await request.get('/provider/not-a-number', noRedirect)).status()).toBe(404);
  expect((await request.get('/provider/9999/', noRedirect)).status()).toBe(404);

  const response = await page.goto('/provider/9999');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.notFoundHeading);
  await expect(page.getByText(TEXT.notFoundText)).toBeVisible();
});

test('a provider approved after the build has its page, at one address', async ({
  page,
  request,
  accounts,
}) => {
  const provider = await accounts.newProvider();
  const answer = await request.get(`/provider/${provider.id}`, noRedirect);
  expect(answer.status()).toBe(200);
  const slashed = await request.get(`/provider/${provider.id}/?tab=reviews`, noRedirect);
  expect(slashed.status()).toBe(301);
  expect(slashed.headers()['location']).toBe(`/provider/${provider.id}?tab=reviews`);

  const response = await page.goto(`/provider/${provider.id}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(provider.name);
});

test('pages answer without a trailing slash; the slashed form redirects there', async ({
  request,
}) => {
  for (const [slashed, bare] of [
    ['/about/', '/about'],
    ['/providers/?serviceType=cctv', '/providers?serviceType=cctv'],
    ['/provider/1/', '/provider/1'],
    ['/services/cctv-installations-repairs/', '/services/cctv-installations-repairs'],
    [
      '/services/cctv-installations-repairs/pretoria/',
      '/services/cctv-installations-repairs/pretoria',
    ],
  ] as const) {
    const redirect = await request.get(slashed, noRedirect);
    expect(redirect.status(), slashed).toBe(301);
    expect(redirect.headers()['location'], slashed).toBe(bare);
    const page = await request.get(bare, noRedirect);
    expect(page.status(), bare).toBe(200);
    // The canonical link names the same address (its origin is the build's SITE_URL).
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(await page.text())?.[1];
    expect(new URL(canonical!).pathname, bare).toBe(bare.replace(/\?.*$/, ''));
  }
  // The spec's other reading of a provider's address still leads to it.
  const alternate = await request.get('/providers/1', noRedirect);
  expect(alternate.status()).toBe(301);
  expect(alternate.headers()['location']).toBe('/provider/1');

  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  expect(paths).toContain('/about');
  expect(paths).toContain('/provider/1');
  expect(paths.filter((path) => path !== '/' && path.endsWith('/'))).toEqual([]);
});
