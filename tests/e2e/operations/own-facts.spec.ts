/**
 * Only the provider's own facts, and a business apart from its contact person
 * (docs/decisions/0041): a provider an admin approves from an application shows "Price on
 * request" and "Hours not given" on its page and its card; its dashboard asks it to
 * complete its profile until it confirms price, hours, coverage and description; its
 * contact person and its business name are edited apart; Add Provider offers the spec's
 * defaults as suggestions the admin may empty. axe on every changed screen.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { scan } from '../axe.ts';
import { apply, newApplication, uniqueTag } from '../builders.ts';
import {
  expect,
  fillProviderBasics,
  openAdmin,
  openAddProvider,
  test,
  type Accounts,
  type TestAdmin,
} from '../fixtures.ts';
import { shootWidths, shootView } from '../screenshots.ts';
import {
  cardByName,
  confirmAction,
  expectListAtRest,
  expectListHydrated,
  expectProfileHydrated,
} from '../support.ts';

const toast = (page: Page) => page.getByTestId('toast');

// Each test walks through several screens and scans them with axe: more than one page's time.
test.slow();

/** An application sent and approved by the admin in the Applications tab; answers the provider's id. */
async function approveInAdmin(
  page: Page,
  admin: TestAdmin,
  application: ReturnType<typeof newApplication>,
): Promise<number> {
  await openAdmin(page, admin, 'Applications');
  await page.getByRole('button', { name: `View ${application.businessName}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(application.contactName);
  const approved = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/approve$/.test(new URL(r.url()).pathname),
  );
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await confirmAction(page, `Approve the application of ${application.businessName}?`, 'Approve');
  const { providerId } = (await (await approved).json()) as { providerId: number };
  await expect(toast(page)).toContainText('Application Approved');
  return providerId;
}

/**
 * The application sent and approved by a new admin, then the page signed in as the
 * provider it made; answers the provider's id and the admin.
 */
async function signInAsApprovedApplicant(
  page: Page,
  request: APIRequestContext,
  accounts: Accounts,
  application: ReturnType<typeof newApplication>,
): Promise<{ id: number; admin: TestAdmin }> {
  const admin = await accounts.newAdmin();
  await accounts.signIn(page.context(), 'admin', admin.id);
  await apply(request, application);
  const id = await approveInAdmin(page, admin, application);
  await accounts.signIn(page.context(), 'provider', id);
  return { id, admin };
}

test('a newly approved provider shows "Price on request" and no hours', async ({
  page,
  request,
  signedInAdmin,
}) => {
  const tag = uniqueTag();
  const application = newApplication({ businessName: `${tag} Garden Route Alarms` });
  await apply(request, application);
  const id = await approveInAdmin(page, signedInAdmin, application);

  await page.goto(`/provider/${id}`);
  await expectProfileHydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(application.businessName);
  const contact = page.getByRole('region', { name: 'Contact this provider' });
  await expect(contact).toContainText('Price on request');
  await expect(page.getByText(/From R/)).toHaveCount(0);
  const hours = page.getByRole('region', { name: 'Business Hours' });
  await expect(hours).toHaveText(/Business Hours\s*Hours not given/);
  await expect(hours.getByRole('term')).toHaveCount(0);
  // No description was given: the About section has its services only.
  const about = page.getByRole('region', { name: `About ${application.businessName}` });
  await expect(about.locator('p')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Services' }).click();
  const services = page.getByRole('tabpanel', { name: 'Services' });
  await expect(services.getByRole('heading', { name: 'Specialties' })).toHaveCount(0);
  await expect(services).toContainText('This provider has not given a starting price.');
  await page.getByRole('tab', { name: 'Contact' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Contact' })).toContainText('Hours not given');
  // Search engines are told no price either.
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(jsonLd.join('')).not.toContain('priceRange');
  expect(await scan(page, `/provider/${id} (approved, nothing given)`)).toEqual([]);
  await shootWidths(page, 'own-facts-provider-page');

  await page.goto(`/providers?search=${tag}`);
  await expectListHydrated(page);
  const card = cardByName(page, application.businessName);
  await expect(card).toContainText('Price on request');
  await expect(card).not.toContainText('From');
  await expectListAtRest(page);
  expect(await scan(page, '/providers (a card without a price)')).toEqual([]);
  await shootWidths(page, 'own-facts-card');
});

test('the dashboard asks a new provider to complete its profile until it confirms', async ({
  page,
  request,
  accounts,
}) => {
  const tag = uniqueTag();
  const application = newApplication({ businessName: `${tag} Knysna Cameras` });
  const { id } = await signInAsApprovedApplicant(page, request, accounts, application);

  await page.goto('/dashboard');
  const list = page.getByRole('region', { name: 'Complete your profile' });
  await expect(list).toContainText('4 of 4 still wait for you');
  const item = (label: string) => list.getByRole('listitem').filter({ hasText: `${label}:` });
  await expect(item('Starting price')).toContainText('Your page shows: Price on request');
  await expect(item('Business hours')).toContainText('Your page shows: Hours not given');
  await expect(item('Coverage areas')).toContainText('Your page shows: George');
  await expect(item('Business description')).toContainText('Your page shows: None given');
  // Nothing to confirm where nothing is given.
  await expect(item('Business hours').getByRole('button', { name: /^Confirm/ })).toHaveCount(0);
  expect(await scan(page, '/dashboard, Overview with the profile checklist')).toEqual([]);
  await shootWidths(page, 'own-facts-checklist');

  // "Price on request" is an answer the provider may give.
  await list.getByRole('button', { name: 'Confirm starting price: Price on request' }).click();
  await expect(item('Starting price')).toContainText('Confirmed');
  await expect(list).toContainText('3 of 4 still wait for you');
  await list.getByRole('button', { name: 'Confirm coverage areas: George' }).click();
  await expect(item('Coverage areas')).toContainText('Confirmed');

  // Hours are given in the Profile tab: the suggestion appears once chosen.
  await list.getByRole('button', { name: 'Add business hours in your profile' }).click();
  await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  const hours = page.getByRole('group', { name: 'Business hours' });
  await expect(hours).toContainText('Hours not given');
  await expect(page.getByLabel('Monday opens')).toHaveCount(0);
  expect(await scan(page, '/dashboard, Profile without hours')).toEqual([]);
  await shootWidths(page, 'own-facts-profile-no-hours');
  await hours.getByRole('checkbox', { name: 'Give my business hours' }).check();
  await expect(page.getByLabel('Monday opens')).toHaveValue('08:00');
  await page.getByLabel('Friday closes').fill('16:00');
  await page
    .getByLabel('Business Description')
    .fill('Cameras for farms and guest houses between Knysna and Plettenberg Bay.');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page)).toContainText('Profile Updated');

  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByRole('region', { name: 'Complete your profile' })).toHaveCount(0);

  // The public page shows what the provider gave.
  await page.goto(`/provider/${id}`);
  await expectProfileHydrated(page);
  const shown = page.getByRole('region', { name: 'Business Hours' });
  await expect(shown).toContainText(/friday\s*8:00 AM - 4:00 PM/i);
  await expect(page.getByRole('region', { name: 'Contact this provider' })).toContainText(
    'Price on request',
  );
  await expect(page.getByText('Cameras for farms and guest houses')).toBeVisible();
});

test('the contact person and the business name are edited apart', async ({
  page,
  request,
  accounts,
}) => {
  const tag = uniqueTag();
  const application = newApplication({
    businessName: `${tag} Wilderness Wi-Fi`,
    contactName: 'Pieter Botha',
    services: ['wifi', 'network'],
  });
  const { id, admin } = await signInAsApprovedApplicant(page, request, accounts, application);

  await page.goto('/dashboard');
  await page.getByRole('tab', { name: 'Profile' }).click();
  const business = page.getByLabel('Business Name');
  const contact = page.getByLabel('Contact Name');
  await expect(business).toHaveValue(application.businessName);
  await expect(contact).toHaveValue('Pieter Botha');
  await contact.fill('Anna Botha');
  await expect(business).toHaveValue(application.businessName);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page)).toContainText('Profile Updated');
  // Closed, so that the next save's own toast is the one waited for.
  await toast(page).getByRole('button', { name: 'Close notification' }).click();
  await expect(toast(page)).toHaveCount(0);

  const renamed = `${tag} Wilderness Wi-Fi & Networks`;
  await business.fill(renamed);
  await expect(contact).toHaveValue('Anna Botha');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page)).toContainText('Profile Updated');
  await page.reload();
  await page.getByRole('tab', { name: 'Profile' }).click();
  await expect(page.getByLabel('Business Name')).toHaveValue(renamed);
  await expect(page.getByLabel('Contact Name')).toHaveValue('Anna Botha');

  // The public page names the business, never the person.
  await page.goto(`/provider/${id}`);
  await expectProfileHydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(renamed);
  await expect(page.getByText('Anna Botha')).toHaveCount(0);

  // The admin's list and detail show both, apart.
  await openAdmin(page, admin, 'Providers');
  await page.getByLabel('Search name, town or service').fill(tag);
  const row = page.getByRole('row', { name: new RegExp(tag) });
  await expect(row).toContainText(renamed);
  await expect(row).toContainText('Anna Botha');
});

test('Add Provider suggests the spec defaults, and what the admin empties is not given', async ({
  page,
  signedInAdmin,
}) => {
  const tag = uniqueTag();
  const name = `${tag} Karoo Gates`;
  const form = await openAddProvider(page, signedInAdmin);
  await expect(form.getByLabel('Starting Price (R)')).toHaveValue('1500');
  await expect(form.getByLabel('Monday')).toHaveValue('8:00 AM - 5:00 PM');
  await expect(form.getByLabel('Sunday')).toHaveValue('Closed');
  await form.getByLabel('Services * (comma-separated)').fill('access, cctv');
  await expect(form.getByLabel('Specialties (comma-separated)')).toHaveValue(
    'Access Control, CCTV Installations & Repairs',
  );
  expect(await scan(page, '/admin, Add Provider with its suggestions')).toEqual([]);
  await shootWidths(page, 'own-facts-add-provider');
  // The dialog scrolls inside the page: its hours, in view.
  await form.getByRole('group', { name: 'Business hours' }).scrollIntoViewIfNeeded();
  await shootView(page, 'own-facts-add-provider-hours');

  await fillProviderBasics(form, {
    name,
    contactName: 'Anele Khumalo',
    email: `gates.${tag.toLowerCase()}@example.com`,
    phone: '051 555 0123',
    location: 'Bloemfontein',
    province: 'free-state',
    yearsExperience: '4',
    description: 'Gate motors and cameras for farms.',
  });
  await form.getByLabel('Starting Price (R)').fill('');
  await form.getByLabel('Specialties (comma-separated)').fill('Gate motors');
  await form.getByRole('checkbox', { name: /List business hours/ }).uncheck();
  await expect(form.getByLabel('Monday')).toHaveCount(0);
  await expect(form).toContainText('The provider\'s page says "Hours not given".');
  await form.getByRole('button', { name: 'Create Provider' }).click();
  await expect(toast(page)).toContainText('Provider Created');

  await page.getByLabel('Search name, town or service').fill(tag);
  await page.getByRole('button', { name: `View ${name}` }).click();
  const detail = page.getByRole('dialog', { name });
  await expect(detail).toContainText('Anele Khumalo');
  await expect(detail).toContainText('Price on request');
  await expect(detail).toContainText('Hours not given');
  await page.keyboard.press('Escape');

  await page.goto(`/providers?search=${tag}`);
  await expectListHydrated(page);
  await expect(cardByName(page, name)).toContainText('Price on request');
});
