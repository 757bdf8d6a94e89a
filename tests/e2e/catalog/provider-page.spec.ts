/** The provider page /provider/{id} and the category pages (spec section 2). */
import { provinceName } from '../../../src/lib/catalog/provinces.ts';
import { expect, test } from '../fixtures.ts';
import {
  TEXT,
  categoryName,
  collectErrors,
  expectContactLinks,
  expectCardNames,
  expectCount,
  fetchProvider,
  fetchProviders,
  openRequestDialog,
  providerCards,
  type ApiProvider,
} from '../support.ts';

test('/provider/1 shows the provider with its price, contact card, hours and tabs', async ({
  page,
  request,
}) => {
  const problems = collectErrors(page);
  const provider = await fetchProvider(request, 1);
  await page.goto('/provider/1');
  const main = page.getByRole('main');

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Highveld Secure Systems');
  await expect(main.getByText('Johannesburg, Gauteng', { exact: true })).toBeVisible();
  await expect(main.getByLabel('Rated 4.8 out of 5')).toBeVisible();
  await expect(main).toContainText('(12 reviews)');
  // Premium is said as paid placement, beside the Verified badge (decision 0039).
  const hero = main.locator('header').first();
  await expect(hero.getByText('Verified', { exact: true })).toBeVisible();
  await expect(hero.getByRole('link', { name: /^Paid placement/ })).toBeVisible();
  await expect(main.getByText('Premium', { exact: true })).toHaveCount(0);
  await expect(main.getByText(provider.description)).toBeVisible();
  await expect(main.getByRole('list', { name: 'Services' }).getByRole('listitem')).toHaveText([
    'CCTV Installations & Repairs',
    'Alarm Systems',
    'Access Control',
  ]);

  const contact = page.getByRole('region', { name: 'Contact this provider' });
  await expect(contact).toContainText(/From\s*R1\s500/);
  await expectContactLinks(contact, provider);
  const website = contact.getByRole('link', { name: /Visit Website/ });
  await expect(website).toHaveAttribute('href', provider.website!);
  await expect(website).toHaveAttribute('target', '_blank');
  await expect(website).toHaveAttribute('rel', /noopener/);

  const hours = page.getByRole('region', { name: 'Business Hours' });
  const day = (name: RegExp) => hours.locator('dt', { hasText: name }).locator('+ dd');
  await expect(hours.locator('dt')).toHaveCount(7);
  await expect(day(/^monday$/i)).toHaveText('8:00 AM - 5:00 PM');
  await expect(day(/^saturday$/i)).toHaveText('9:00 AM - 1:00 PM');
  await expect(day(/^sunday$/i)).toHaveText('Closed');

  const tabs = page.getByRole('tablist', { name: 'Provider details' }).getByRole('tab');
  await expect(tabs).toHaveText(['Services', 'Reviews', 'Contact', 'Coverage']);
  const panel = page.getByRole('tabpanel');
  await expect(panel).toContainText(`${provider.yearsExperience} years of experience`);
  await expect(panel).toContainText(TEXT.priceNote);

  await tabs.filter({ hasText: 'Reviews' }).click();
  // The seeded reviews behind the rating.
  await expect(panel).toContainText('Based on 12 reviews');
  await expect(panel.getByRole('list', { name: 'Reviews' }).getByRole('listitem')).toHaveCount(10);
  await tabs.filter({ hasText: 'Contact' }).click();
  await expect(panel.getByRole('link', { name: provider.email })).toBeVisible();
  await tabs.filter({ hasText: 'Coverage' }).click();
  await expect(panel.getByRole('listitem')).toHaveText(provider.coverageAreas);
  expect(problems).toEqual([]);
});

test('a provider without a website has no Visit Website link', async ({ page, request }) => {
  const { items } = await fetchProviders(request);
  const without = items.find((p) => !p.website);
  expect(without, 'a provider without a website').toBeDefined();
  await page.goto(`/provider/${without!.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(without!.name);
  const contact = page.getByRole('region', { name: 'Contact this provider' });
  await expect(contact.getByRole('link', { name: 'Call Provider' })).toBeVisible();
  await expect(contact.getByRole('link', { name: /Visit Website/ })).toHaveCount(0);
});

test('the page carries LocalBusiness JSON-LD for the provider', async ({ page, request }) => {
  const provider = await fetchProvider(request, 1);
  await page.goto('/provider/1');
  await expect(page).toHaveTitle(/Highveld Secure Systems/);
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  const data = scripts.map((text) => JSON.parse(text) as Record<string, unknown>);
  const business = data.find((item) => item['@type'] === 'LocalBusiness');
  expect(business).toMatchObject({
    '@context': 'https://schema.org',
    name: provider.name,
    address: {
      addressLocality: provider.location,
      addressRegion: provinceName(provider.province),
      addressCountry: 'ZA',
    },
  });
  // Contact details come from the API only (decision 0011): not in the built page.
  expect(business).not.toHaveProperty('telephone');
  expect(business).not.toHaveProperty('email');
});

test('the contact buttons carry the number and address from the API', async ({ page, request }) => {
  const provider = await fetchProvider(request, 1);
  await page.goto('/provider/1');
  const contact = page.getByRole('region', { name: 'Contact this provider' });
  await expectContactLinks(contact, provider);
});

test('the page refreshes the provider from /api/providers/{id}', async ({ page }) => {
  await page.route('**/api/providers/1', async (route) => {
    const response = await route.fetch();
    const provider = (await response.json()) as ApiProvider;
    await route.fulfill({ response, json: { ...provider, name: 'Highveld Secure Systems Ltd' } });
  });
  await page.goto('/provider/1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Highveld Secure Systems Ltd');
});

test('an unknown provider shows Provider Not Found', async ({ page }) => {
  await page.goto('/provider/999999');
  await expect(page.getByRole('heading', { name: TEXT.notFoundHeading })).toBeVisible();
  await expect(page.getByText(TEXT.notFoundText)).toBeVisible();
  const browse = page.getByRole('link', { name: 'Browse All Providers' });
  await expect(browse).toHaveAttribute('href', '/providers');
  await browse.click();
  await expect(page).toHaveURL('/providers');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find Service Providers');
});

test('a provider that is not approved shows Provider Not Found', async ({ page, request }) => {
  const { items } = await fetchProviders(request);
  const listed = new Set(items.map((p) => p.id));
  const unapproved = Array.from({ length: 46 }, (_, i) => i + 1).find((id) => !listed.has(id));
  expect(unapproved, 'an id of the sample data that is not listed').toBeDefined();
  expect((await request.get(`/api/providers/${unapproved!}`)).status()).toBe(404);

  await page.goto(`/provider/${unapproved!}`);
  await expect(page.getByRole('heading', { name: TEXT.notFoundHeading })).toBeVisible();
  await expect(page.getByText(TEXT.notFoundText)).toBeVisible();
});

test('Request Service opens the service request form in a dialog', async ({ page, request }) => {
  const provider = await fetchProvider(request, 1);
  const dialog = await openRequestDialog(page, provider);
  await expect(dialog).toBeVisible();
  await expect(
    dialog.getByRole('heading', { name: `Request Service from ${provider.name}` }),
  ).toBeVisible();
  await expect(dialog.getByLabel('Your Name *')).toBeVisible();
  await expect(dialog.getByLabel('Urgency Level *')).toHaveValue('medium');
  await expect(dialog.getByLabel('Service Type *').locator('option')).toHaveText([
    'Select a service',
    ...provider.services.map(categoryName),
  ]);
  await expect(dialog.getByRole('button', { name: 'Send Request' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('/services/ndi-networks shows the category and only its providers', async ({
  page,
  request,
}) => {
  const ndi = await fetchProviders(request, { serviceType: 'ndi' });
  await page.goto('/services/ndi-networks');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('NDI Networks');
  await expect(page.getByText(/^Video-over-IP networks for broadcast/)).toBeVisible();
  await expect(page).toHaveTitle(/^NDI Networks \| Verified Providers/);
  // The service is fixed by the page: no service filter.
  await expect(page.getByLabel('Service Type', { exact: true })).toHaveCount(0);
  await expectCount(page, ndi.total);
  const names = ndi.items.map((p) => p.name);
  await expectCardNames(page, names);
  for (const card of await providerCards(page).all()) {
    await expect(card.getByRole('list', { name: 'Services' })).toContainText(categoryName('ndi'));
  }
});

test('/providers/2 redirects to /provider/2', async ({ page }) => {
  const response = await page.goto('/providers/2');
  expect(response?.url()).toMatch(/\/provider\/2\/?$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lions Head Media Systems');
});
