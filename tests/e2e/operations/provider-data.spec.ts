/**
 * A provider's own data (docs/decisions/0053), from the dashboard on a phone: what is held,
 * who in our team looked, the ZIP, and closing the account, which unlists it at once and
 * states the day its data is erased. Axe scans each screen.
 */
import { scan } from '../axe.ts';
import { newEnquiry, sendEnquiry } from '../builders.ts';
import { expect, test } from '../fixtures.ts';
import { shootPage, shootView } from '../screenshots.ts';

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a provider sees its data, downloads it and closes the account', async ({
    page,
    request,
    accounts,
    signedInProvider,
  }) => {
    test.setTimeout(90_000);
    await sendEnquiry(request, newEnquiry(signedInProvider.id));
    // A team member exports the providers: the provider's page lists the look.
    const exported = await request.get('/api/admin/exports/providers.csv', {
      headers: await accounts.adminHeaders(),
    });
    expect(exported.status()).toBe(200);

    await page.goto('/dashboard');
    await page.getByRole('tab', { name: 'Your Data' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Your data' })).toBeVisible();
    await expect(page.getByText(signedInProvider.email).first()).toBeVisible();
    await expect(page.getByText(/^VP-\d{2}-\d{6}: /)).toBeVisible();
    await expect(page.getByText('Exported to a spreadsheet (CSV)').first()).toBeVisible();
    const violations = await scan(page, '/dashboard, Your Data');
    await shootPage(page, 'provider-data');

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download all of it (ZIP)' }).click();
    expect((await download).suggestedFilename()).toBe('verified-providers-my-data.zip');

    await page.getByRole('button', { name: 'Close my account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Close your account?' });
    await expect(dialog).toContainText('12 months after the provider closed the account');
    violations.push(...(await scan(page, '/dashboard, asked before closing')));
    await shootView(page, 'provider-close');
    await dialog.getByRole('button', { name: 'Close my account' }).click();
    await expect(page.getByTestId('toast')).toContainText(
      /Your account is closed and no longer listed\. We erase its data on \d{2} \w+ \d{4}\./,
    );
    // Unlisted at once: its page's data is gone.
    expect((await request.get(`/api/providers/${signedInProvider.id}`)).status()).toBe(404);
    await shootPage(page, 'provider-closed');
    expect(violations).toEqual([]);
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('Your Data reads on a wide screen', async ({ page, signedInProvider }) => {
    await page.goto('/dashboard');
    await page.getByRole('tab', { name: 'Your Data' }).click();
    await expect(page.getByText(signedInProvider.email).first()).toBeVisible();
    const violations = await scan(page, '/dashboard, Your Data on a desktop');
    await shootPage(page, 'provider-data');
    expect(violations).toEqual([]);
  });
});
