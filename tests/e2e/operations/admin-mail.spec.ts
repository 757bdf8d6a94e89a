/**
 * The admin's Mail tab: an application's mail (the link that confirms its address) is
 * listed as sent, without its text; the status filter finds it; Resend sends it again. The
 * admin's lists page on the server; these tabs have no axe violations. The Node host
 * delivers the outbox after each change, into its DATA_DIR/mail.
 * Each test applies with its own e-mail address and looks at that address's mail only.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { scan } from '../axe.ts';
import { apply, newApplication } from '../builders.ts';
import { expect, openAdmin, test, type Mailbox, type TestAdmin } from '../fixtures.ts';

const SUBJECT = 'Confirm your e-mail address for your Verified Providers application';
/** A line of the mail's text: the screen never shows it. */
const BODY_LINE = 'please confirm your address with this link';

/** Applies with a new e-mail address; answers it once its mail (the link) is delivered. */
async function applyAndAwaitMail(request: APIRequestContext, mailbox: Mailbox): Promise<string> {
  const application = newApplication({
    contactName: 'Lindiwe Zulu',
    phone: '+27825550177',
    location: 'Durban',
    province: 'kwazulu-natal',
    physicalAddress: '3 Florida Road, Durban, 4001',
    services: ['alarms'],
    yearsExperience: 4,
  });
  await apply(request, application);
  await expect.poll(async () => (await mailbox.mailsTo(application.email)).length).toBe(1);
  return application.email;
}

const mailRows = (page: Page, email: string) => page.getByRole('row').filter({ hasText: email });

async function openMailTab(page: Page, admin: TestAdmin) {
  await openAdmin(page, admin, 'Mail');
  await expect(page.getByText('Loading mail...')).toHaveCount(0);
}

/** A new applicant's mail on the Mail tab: answers the address and its rows. */
async function mailOfNewApplicant(
  page: Page,
  request: APIRequestContext,
  mailbox: Mailbox,
  admin: TestAdmin,
) {
  const email = await applyAndAwaitMail(request, mailbox);
  await openMailTab(page, admin);
  return { email, rows: mailRows(page, email) };
}

test('an application mails its applicant a link to confirm the address', async ({
  request,
  mailbox,
}) => {
  const email = await applyAndAwaitMail(request, mailbox);
  const [mail] = await mailbox.mailsTo(email);
  expect(mail?.subject).toBe(SUBJECT);
  expect(mail?.text).toContain(BODY_LINE);
});

test('the Mail tab lists the mail as written to file (no SMTP here), never its text, and filters by status', async ({
  page,
  request,
  mailbox,
  signedInAdmin,
}) => {
  const { rows } = await mailOfNewApplicant(page, request, mailbox, signedInAdmin);
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(SUBJECT);
  // The e2e servers have no SMTP_URL: the mail went to the outbox folder only.
  await expect(rows.getByText('Written to file', { exact: true })).toBeVisible();
  await expect(page.getByRole('tabpanel')).not.toContainText(BODY_LINE);
  await expect(page.getByText(/^Showing 1–\d+ of \d+$/)).toBeVisible();

  const status = page.getByLabel('Status');
  await status.selectOption('failed');
  await expect(page.getByText('No mail found')).toBeVisible();
  await status.selectOption('sent');
  await expect(rows).toHaveCount(1);
  await status.selectOption({ label: 'All mail' });
  await expect(rows).toHaveCount(1);
});

test('Resend queues the mail again and it is delivered a second time', async ({
  page,
  request,
  mailbox,
  signedInAdmin,
}) => {
  const { email, rows } = await mailOfNewApplicant(page, request, mailbox, signedInAdmin);
  await rows.getByRole('button', { name: `Resend ${SUBJECT} to ${email}` }).click();
  await expect(page.getByTestId('toast')).toContainText('Mail Queued');
  await expect(rows).toHaveCount(2);
  // The copy is delivered by the host at once; the list follows within its refresh.
  await expect.poll(async () => (await mailbox.mailsTo(email)).length).toBe(2);
  await expect(rows.first()).toContainText('Written to file', { timeout: 20_000 });
  const [, again] = await mailbox.mailsTo(email);
  expect(again?.subject).toBe(SUBJECT);
  expect(again?.text).toContain(BODY_LINE);
});

test('the providers list pages on the server: Next and Previous', async ({
  page,
  signedInAdmin,
}) => {
  await openAdmin(page, signedInAdmin, 'Providers');
  const pages = page.getByRole('navigation', { name: 'Providers pages' });
  // The sample data has more than one page of providers.
  await expect(pages).toContainText(/Showing 1–25 of \d+/);
  const firstRow = page.getByRole('row').nth(1);
  const firstName = await firstRow.locator('td').first().textContent();
  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(pages).toContainText(/Showing 26–\d+ of \d+/);
  await expect(pages).toContainText(/Page 2 of \d+/);
  await expect(page.getByRole('row').nth(1)).not.toContainText(firstName ?? '');
  await pages.getByRole('button', { name: 'Previous' }).click();
  await expect(pages).toContainText(/Showing 1–25 of \d+/);
  await expect(page.getByRole('row').nth(1)).toContainText(firstName ?? '');

  // The filters are applied by the server, on every page.
  await page.getByLabel('Approval').selectOption('false');
  await expect(pages).toContainText(/Showing 1–\d+ of \d+/);
  await expect(page.getByRole('row').nth(1)).toContainText('Not approved');
  await expect(page.getByRole('row').filter({ hasText: /Approved/ })).toHaveCount(0);
  await page.getByLabel('Search name, town or service').fill('no such provider anywhere');
  await expect(page.getByText('No providers found')).toBeVisible();
});

test('the Mail tab and the paged lists have no axe violations', async ({ page, signedInAdmin }) => {
  test.setTimeout(60_000);
  const found: string[] = [];
  for (const tab of ['Applications', 'Providers', 'Enquiries', 'Reviews', 'Mail']) {
    await openAdmin(page, signedInAdmin, tab);
    await page.waitForLoadState('networkidle');
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
    found.push(...(await scan(page, `/admin, ${tab} tab`)));
  }
  await page.getByLabel('Status').selectOption('failed');
  await expect(page.getByText('No mail found')).toBeVisible();
  found.push(...(await scan(page, '/admin, Mail tab, no failed mail')));
  expect(found).toEqual([]);
});
