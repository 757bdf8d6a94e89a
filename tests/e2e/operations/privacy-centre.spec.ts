/**
 * The privacy centre (docs/decisions/0052), as a customer uses it on a phone: asks for a
 * link, opens it from the mail, sees the request and who received it, corrects the name,
 * downloads the ZIP and deletes, reading what is kept. And the same centre on a desktop.
 * Axe scans each screen.
 */
import { scan } from '../axe.ts';
import { expect, test } from '../fixtures.ts';
import { customerWithRequest, openCentre } from '../privacy-centre.ts';
import { shootPage } from '../screenshots.ts';

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a customer sees, corrects, downloads and deletes their data', async ({
    page,
    accounts,
    mailbox,
  }) => {
    test.setTimeout(90_000);
    const { email, provider } = await customerWithRequest(page, accounts, {
      mailboxName: 'privacy',
      firstName: 'Ayanda',
    });
    await page.goto('/privacy/my-data');
    const violations = await scan(page, '/privacy/my-data, asking for a link');
    await shootPage(page, 'privacy-ask');

    await openCentre(page, mailbox, email);
    const requests = page.getByRole('region', { name: 'Your requests' });
    await expect(requests).toContainText(/VP-\d{2}-\d{6}/);
    await expect(requests).toContainText(`Received by: ${provider.name}`);
    await expect(page.getByRole('region', { name: 'E-mails we sent' })).toContainText('to you');
    violations.push(...(await scan(page, '/privacy/my-data, the centre')));
    await shootPage(page, 'privacy-centre');

    const consentsRegion = page.getByRole('region', { name: 'Your consents' });
    await consentsRegion.getByRole('button', { name: 'Send me news and offers' }).click();
    await expect(
      consentsRegion.getByRole('button', { name: 'Stop news and offers' }),
    ).toBeVisible();
    await expect(consentsRegion).toContainText(/Given .* \(wording of 2026-11-28\)/);

    const correction = page.getByRole('region', { name: 'Correct your details' });
    await correction.getByLabel('Your name').fill('Ayanda Corrected');
    await correction.getByRole('button', { name: 'Correct my details' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'corrected' })).toBeVisible();
    await expect(requests).toContainText('Ayanda Corrected');

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download everything (ZIP)' }).click();
    expect((await download).suggestedFilename()).toBe('verified-providers-my-data.zip');

    await page.getByRole('button', { name: 'Delete my data' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your data?' });
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    violations.push(...(await scan(page, '/privacy/my-data, asked before deleting')));
    await dialog.getByRole('button', { name: 'Delete my data' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Your data is deleted' }),
    ).toBeVisible();
    await expect(page.getByText('The e-mail that confirms this deletion')).toBeVisible();
    violations.push(...(await scan(page, '/privacy/my-data, deleted')));
    await shootPage(page, 'privacy-deleted');

    // The link no longer opens anything; the receipt is in the mailbox.
    await page.reload();
    await expect(page.getByRole('alert')).toContainText('not valid or has expired');
    await mailbox.mailTo(email, 'we deleted what we held about this e-mail address');
    expect(violations).toEqual([]);
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the centre reads as well on a wide screen', async ({ page, accounts, mailbox }) => {
    const { email } = await customerWithRequest(page, accounts, {
      mailboxName: 'privacy',
      firstName: 'Ayanda',
    });
    await openCentre(page, mailbox, email);
    const violations = await scan(page, '/privacy/my-data, the centre on a desktop');
    await shootPage(page, 'privacy-centre');
    expect(violations).toEqual([]);
  });
});
