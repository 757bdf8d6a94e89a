/**
 * Who looked and the information officer's desk (docs/decisions/0053), on a phone: a
 * customer writes a complaint from the privacy centre; the officer finds it on the
 * Privacy Desk (overdue in words once its day has passed), answers it, and reads in the
 * Access Log that the desk opened the customer's contact details, which the customer's
 * centre then lists under "Who looked". Axe scans each screen.
 */
import { scan } from '../axe.ts';
import { runSql } from '../database-door.ts';
import { expect, openAdmin, test } from '../fixtures.ts';
import { customerWithRequest, openCentre } from '../privacy-centre.ts';
import { shootPage } from '../screenshots.ts';

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a complaint reaches the desk, is answered by mail, and the look is logged', async ({
    page,
    accounts,
    mailbox,
    signedInAdmin,
  }) => {
    test.setTimeout(120_000);
    const { email, customerName } = await customerWithRequest(page, accounts, {
      mailboxName: 'officer',
      firstName: 'Zanele',
    });

    // The customer writes to the information officer from the centre.
    await openCentre(page, mailbox, email);
    const officer = page.getByRole('region', { name: 'Write to our information officer' });
    await officer.getByLabel('What it is').selectOption('complaint');
    await officer.getByLabel('Your message').fill('You phoned me about offers I never asked for.');
    await officer.getByRole('button', { name: 'Send to our information officer' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'answers by e-mail by' }),
    ).toBeVisible();
    await expect(officer).toContainText('to be answered by');
    await mailbox.mailTo(email, 'will answer by e-mail by');
    const violations = await scan(page, '/privacy/my-data, a complaint sent');

    // Its day has passed: the desk says so in words.
    await runSql(
      'operations',
      "UPDATE privacy_cases SET received_at = now() - interval '31 days', due_at = now() - interval '1 day' WHERE email = $1",
      [email],
    );
    await openAdmin(page, signedInAdmin, 'Privacy Desk');
    const item = page.getByRole('article').filter({ hasText: email });
    await expect(item).toContainText('Complaint from');
    await expect(item).toContainText(/Overdue: was due \d{2} \w+ \d{4}/);
    violations.push(...(await scan(page, '/admin, the Privacy Desk')));
    await shootPage(page, 'privacy-desk');
    await item
      .getByLabel('Your answer (mailed to the sender as written)')
      .fill('We are sorry: nobody will phone you about offers again.');
    await item.getByRole('button', { name: 'Send and close' }).click();
    await expect(item).toContainText(
      `Answer by ${signedInAdmin.firstName} ${signedInAdmin.lastName}`,
    );
    await expect(item).not.toContainText('Overdue');
    const answer = await mailbox.mailTo(email, 'nobody will phone you about offers again');
    expect(answer.subject).toBe('Our answer to your complaint');
    await shootPage(page, 'privacy-desk-answered');

    // The desk opens the request; the Access Log has it, by the customer's address.
    await page.getByRole('tab', { name: 'Enquiries' }).click();
    await page.getByLabel('Search customer or location').fill(customerName);
    await expect(page.getByText(email).first()).toBeVisible();
    await page.getByRole('tab', { name: 'Access Log' }).click();
    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('button', { name: 'Show' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Opened the contact details' }).first();
    await expect(row).toContainText(`${signedInAdmin.firstName} ${signedInAdmin.lastName}`);
    await expect(row).toContainText(email);
    violations.push(...(await scan(page, '/admin, the Access Log')));
    await shootPage(page, 'access-log');

    // And the customer's centre lists who looked.
    await openCentre(page, mailbox, email);
    const looked = page.getByRole('region', { name: 'Who looked' });
    await expect(looked).toContainText(
      `${signedInAdmin.firstName} ${signedInAdmin.lastName}: Opened the contact details`,
    );
    violations.push(...(await scan(page, '/privacy/my-data, who looked')));
    await shootPage(page, 'privacy-who-looked');
    expect(violations).toEqual([]);
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the desk and the access log read on a wide screen', async ({ page, signedInAdmin }) => {
    await openAdmin(page, signedInAdmin, 'Privacy Desk');
    await expect(page.getByRole('heading', { name: 'Information officer’s desk' })).toBeVisible();
    const violations = await scan(page, '/admin, the Privacy Desk on a desktop');
    await shootPage(page, 'privacy-desk');
    await page.getByRole('tab', { name: 'Access Log' }).click();
    await expect(page.getByRole('heading', { name: 'Access log' })).toBeVisible();
    violations.push(...(await scan(page, '/admin, the Access Log on a desktop')));
    await shootPage(page, 'access-log');
    expect(violations).toEqual([]);
  });
});
