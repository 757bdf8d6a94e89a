/**
 * The admin's Mail tab (issue 11, point 7): an application's confirmation mail is listed
 * as sent, without its text; the status filter finds it; Resend sends it again. The
 * admin's lists page on the server (issue 11, point 9); these tabs have no axe violations. The Node host delivers the outbox after each change, into
 * reports/e2e-data/mail.
 */
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { E2E_ADMIN } from '../../playwright.config.ts';
import { readOutboxIn } from '../helpers/outbox.ts';
import { scan } from './axe.ts';

test.describe.configure({ mode: 'serial' });

const DATA_DIR = path.resolve(import.meta.dirname, '../../reports/e2e-data');
const APPLICANT = {
  businessName: 'Mailcheck Alarms',
  contactName: 'Lindiwe Zulu',
  email: 'lindiwe.mailcheck@example.co.za',
  phone: '+27825550177',
  location: 'Durban',
  province: 'kwazulu-natal',
  physicalAddress: '3 Florida Road, Durban, 4001',
  services: ['alarms'],
  yearsExperience: 4,
};
const SUBJECT = 'We received your application to join Verified Providers';
/** A line of the mail's text: the screen never shows it. */
const BODY_LINE = 'Thank you for applying';

let page: Page;
test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
});
test.afterAll(() => page.close());

const toast = () => page.getByTestId('toast');
const mailRows = () => page.getByRole('row').filter({ hasText: APPLICANT.email });
const deliveredTo = async (email: string) =>
  (await readOutboxIn(DATA_DIR)).filter((mail) => mail.to.includes(email));

async function openMailTab() {
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Mail' }).click();
  await expect(page.getByText('Loading mail...')).toHaveCount(0);
}

test('the admin signs in; an application mails its applicant', async ({ request }) => {
  const applied = await request.post('/api/provider-applications', { data: APPLICANT });
  expect(applied.status()).toBe(201);
  await expect.poll(async () => (await deliveredTo(APPLICANT.email)).length).toBe(1);

  await page.goto('/admin');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText(`Welcome, ${E2E_ADMIN.firstName}`)).toBeVisible();
});

test('the Mail tab lists the mail as sent, never its text, and filters by status', async () => {
  await openMailTab();
  await expect(mailRows()).toHaveCount(1);
  await expect(mailRows()).toContainText(SUBJECT);
  await expect(mailRows()).toContainText('Sent');
  await expect(page.getByRole('tabpanel')).not.toContainText(BODY_LINE);
  await expect(page.getByText(/^Showing 1–\d+ of \d+$/)).toBeVisible();

  const status = page.getByLabel('Status');
  await status.selectOption('failed');
  await expect(page.getByText('No mail found')).toBeVisible();
  await status.selectOption('sent');
  await expect(mailRows()).toHaveCount(1);
  await status.selectOption({ label: 'All mail' });
  await expect(mailRows()).toHaveCount(1);
});

test('Resend queues the mail again and it is delivered a second time', async () => {
  await openMailTab();
  await mailRows()
    .getByRole('button', { name: `Resend ${SUBJECT} to ${APPLICANT.email}` })
    .click();
  await expect(toast()).toContainText('Mail Queued');
  await expect(mailRows()).toHaveCount(2);
  // The copy is delivered by the host at once; the list follows within its refresh.
  await expect.poll(async () => (await deliveredTo(APPLICANT.email)).length).toBe(2);
  await expect(mailRows().first()).toContainText('Sent', { timeout: 20_000 });
  const [, again] = await deliveredTo(APPLICANT.email);
  expect(again?.subject).toBe(SUBJECT);
  expect(again?.text).toContain(BODY_LINE);
});

test('the providers list pages on the server: Next and Previous', async () => {
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Providers' }).click();
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

test('the Mail tab and the paged lists have no axe violations', async () => {
  const found: string[] = [];
  for (const tab of ['Applications', 'Providers', 'Enquiries', 'Reviews', 'Mail']) {
    await page.goto('/admin');
    await page.getByRole('tab', { name: tab }).click();
    await page.waitForLoadState('networkidle');
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
    found.push(...(await scan(page, `/admin, ${tab} tab`)));
  }
  await page.getByLabel('Status').selectOption('failed');
  await expect(page.getByText('No mail found')).toBeVisible();
  found.push(...(await scan(page, '/admin, Mail tab, no failed mail')));
  expect(found).toEqual([]);
});
