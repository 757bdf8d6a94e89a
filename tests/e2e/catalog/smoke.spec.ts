import { expect, test } from '../fixtures.ts';

test('the home page renders its hero and the search box', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto('/');
  await expect(page).toHaveTitle(/Verified Providers/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Verified Technical Experts');
  await expect(page.getByPlaceholder('Search by service or location...')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Find Experts' })).toBeVisible();
  // Nothing blocked by the Content-Security-Policy, no script errors.
  expect(problems).toEqual([]);
});

test('the footer carries every link of the spec', async ({ page }) => {
  await page.goto('/');
  const footer = page.locator('footer');
  for (const service of ['cctv', 'alarms', 'access', 'network', 'wifi', 'ndi']) {
    await expect(footer.locator(`a[href="/providers?serviceType=${service}"]`)).toHaveCount(1);
  }
  for (const href of [
    '/about',
    '/how-it-works',
    '/verification',
    '/safety',
    '/contact',
    '/join',
    '/verification-requirements',
    '/dashboard',
    '/support',
    '/',
  ]) {
    await expect(footer.locator(`a[href="${href}"]`).first()).toBeAttached();
  }
  await expect(footer.getByRole('link', { name: 'Admin Access' })).toHaveAttribute(
    'href',
    '/admin',
  );
});

test('an unknown path shows Page Not Found with status 404', async ({ page }) => {
  const response = await page.goto('/this-page-does-not-exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});

test('the API answers through the same host', async ({ request }) => {
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  const providers = await request.get('/api/providers?limit=5');
  expect(providers.status()).toBe(200);
  expect(await providers.json()).toHaveLength(5);
  expect(Number(providers.headers()['x-total-count'])).toBeGreaterThan(5);
});

test('pages carry the security headers', async ({ request }) => {
  const response = await request.get('/');
  const headers = response.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['strict-transport-security']).toContain('max-age=');
});

test('the Node host sends pages and styles gzipped to clients that accept it', async ({
  request,
}) => {
  const page = await request.get('/providers', { headers: { 'Accept-Encoding': 'gzip' } });
  expect(page.headers()['content-encoding']).toBe('gzip');
  expect(page.headers()['vary']).toContain('Accept-Encoding');
  expect(await page.text()).toContain('Find Service Providers');
  const stylesheet = /href="(\/_astro\/[^"]+\.css)"/.exec(await page.text())?.[1];
  expect(stylesheet).toBeDefined();
  const css = await request.get(stylesheet ?? '', { headers: { 'Accept-Encoding': 'gzip' } });
  expect(css.headers()['content-encoding']).toBe('gzip');
  expect(css.headers()['cache-control']).toContain('immutable');
  const plain = await request.get('/providers', { headers: { 'Accept-Encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
});

test('the Node host applies the redirects of netlify.toml', async ({ request }) => {
  const response = await request.get('/providers/3', { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers()['location']).toBe('/provider/3');
});
