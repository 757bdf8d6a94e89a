/**
 * Providers keep their own profile: a provider changes its business
 * hours and coverage areas in the dashboard's Profile tab, and the public provider page
 * shows them; a time that is not one shows its field error; axe finds nothing.
 */
import type { Page } from '@playwright/test';
import { scan } from '../axe.ts';
import { expect, test } from '../fixtures.ts';
import { shootWidths } from '../screenshots.ts';

async function openProfileTab(page: Page) {
  await page.goto('/dashboard');
  await page.getByRole('tab', { name: 'Profile' }).click();
  await expect(page.getByRole('group', { name: 'Business hours' })).toBeVisible();
}

test('a provider edits hours and coverage, and the public page shows them', async ({
  page,
  accounts,
}) => {
  // Durban, covering Durban and Pinetown; the default week of hours.
  const provider = await accounts.newProvider({ coverageAreas: ['Durban', 'Pinetown'] });
  await accounts.signIn(page.context(), 'provider', provider.id);
  await openProfileTab(page);

  // Hours: Saturday closed, Monday 7:30 to 16:00.
  const saturdayClosed = page.getByRole('checkbox', { name: 'Saturday Closed' });
  await expect(saturdayClosed).not.toBeChecked();
  await saturdayClosed.check();
  await expect(page.getByLabel('Saturday opens')).toHaveCount(0);
  await expect(page.getByLabel('Monday opens')).toHaveValue('08:00');
  await page.getByLabel('Monday opens').fill('07:30');
  await page.getByLabel('Monday closes').fill('16:00');

  // Coverage: Umhlanga added from the places search, Pinetown removed, by keyboard.
  const chips = page.getByRole('list', { name: 'Chosen coverage areas' });
  await expect(chips.getByRole('listitem')).toHaveText(['Durban', 'Pinetown']);
  const town = page.getByRole('combobox', { name: 'Add a town or suburb' });
  await town.fill('Umhlan');
  await expect(page.getByRole('option', { name: /^Umhlanga/ })).toBeVisible();
  await town.press('ArrowDown');
  await town.press('Enter');
  await expect(chips.getByRole('listitem')).toHaveText(['Durban', 'Pinetown', 'Umhlanga']);
  await expect(page.getByRole('combobox', { name: 'Add a town or suburb' })).toBeFocused();
  await expect(page.getByRole('combobox', { name: 'Add a town or suburb' })).toHaveValue('');
  await page.getByRole('button', { name: 'Remove Pinetown' }).focus();
  await page.keyboard.press('Enter');
  await expect(chips.getByRole('listitem')).toHaveText(['Durban', 'Umhlanga']);
  // The focus moves on to the next chip's button, not to the page's top.
  await expect(page.getByRole('button', { name: 'Remove Umhlanga' })).toBeFocused();

  // Price, website (https:// put in front) and a specialty (Enter adds it, not saves).
  await page.getByLabel('Starting price (R)').fill('2400');
  await page.getByLabel('Website (optional)').fill('www.mbbzbn-networks.example.co.za');
  await page.getByLabel('Add a specialty').fill('Estate fibre');
  await page.getByLabel('Add a specialty').press('Enter');
  await expect(
    page.getByRole('list', { name: 'Chosen specialties' }).getByRole('listitem').last(),
  ).toHaveText('Estate fibre');

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByTestId('toast')).toContainText('Profile Updated');
  await shootWidths(page, 'profile-editor-saved');

  // The public page follows at once (the island refreshes from the API).
  await page.goto(`/provider/${provider.id}`);
  const hours = page.getByRole('region', { name: 'Business Hours' });
  // Each day (shown capitalised by CSS) next to its hours.
  await expect(hours).toContainText(/monday\s*7:30 AM - 4:00 PM/i);
  await expect(hours).toContainText(/saturday\s*Closed/i);
  await expect(hours).toContainText(/tuesday\s*8:00 AM - 5:00 PM/i);
  await page.getByRole('tab', { name: 'Coverage' }).click();
  const coverage = page.getByRole('tabpanel', { name: 'Coverage' });
  await expect(coverage.getByRole('listitem')).toHaveText(['Durban', 'Umhlanga']);
  await shootWidths(page, 'public-page-after-edit');
  await expect(page.getByText('From R2 400').first()).toBeVisible();
  const website = page.getByRole('link', { name: /Visit Website/ });
  await expect(website).toHaveAttribute('href', 'https://www.mbbzbn-networks.example.co.za');
  await expect(website).toHaveAttribute('rel', /\bnofollow\b.*\bnoopener\b/);
  await page.getByRole('tab', { name: 'Services' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Services' })).toContainText('Estate fibre');

  // The form reads the stored hours back.
  await openProfileTab(page);
  await expect(page.getByRole('checkbox', { name: 'Saturday Closed' })).toBeChecked();
  await expect(page.getByLabel('Monday opens')).toHaveValue('07:30');
});

test('a closing time before the opening time shows its field error and saves nothing', async ({
  page,
  request,
  signedInProvider,
}) => {
  await openProfileTab(page);
  await page.getByLabel('Wednesday opens').fill('18:00');
  await page.getByLabel('Wednesday closes').fill('09:00');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  const closes = page.getByLabel('Wednesday closes');
  await expect(closes).toHaveAccessibleDescription('Closing time must be after opening time');
  await expect(closes).toHaveAttribute('aria-invalid', 'true');
  await expect(closes).toBeFocused();
  await shootWidths(page, 'profile-editor-hours-error');
  await expect(page.getByTestId('toast')).toContainText('Failed to update profile');
  const stored = await request.get(`/api/providers/${signedInProvider.id}`);
  expect(
    ((await stored.json()) as { businessHours: Record<string, string> }).businessHours,
  ).toMatchObject({ wednesday: '8:00 AM - 5:00 PM' });
});

test('the profile editor has no axe violations, with a field error too', async ({
  page,
  accounts,
}) => {
  const provider = await accounts.newProvider();
  await accounts.signIn(page.context(), 'provider', provider.id);
  await openProfileTab(page);
  await page.getByRole('combobox', { name: 'Add a town or suburb' }).fill('Sand');
  await expect(
    page
      .getByRole('listbox', { name: /places matching Sand/ })
      .getByRole('option')
      .first(),
  ).toBeVisible();
  expect(await scan(page, '/dashboard, Profile tab')).toEqual([]);
  await page.keyboard.press('Escape');
  await page.getByLabel('Website (optional)').fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Your website address must start with https://')).toBeVisible();
  await shootWidths(page, 'profile-editor-error');
  expect(await scan(page, '/dashboard, Profile tab with an error')).toEqual([]);
});
