/**
 * Held means held: a customer whose request was sent from a browser signed in as the
 * provider writes a review through the mailed link and reads that it waits for a check,
 * why, and when to expect an answer; the provider's page and dashboard do not count it;
 * an admin releases it from the Reviews tab and the customer's mail says it is shown,
 * after which the page counts it. A hidden one mails its reason. Each test has its own
 * provider, customer and admin; the screens have no axe violations.
 */
import type { APIRequestContext, Browser, Locator, Page, TestInfo } from '@playwright/test';
import { scan } from '../axe.ts';
import { newEnquiry, uniqueTag } from '../builders.ts';
import {
  expect,
  providerHeaders,
  openAdmin,
  test,
  type Accounts,
  type Mailbox,
  type TestProvider,
} from '../fixtures.ts';
import { expectProfileHydrated } from '../support.ts';

const COMMENT = 'Neat cabling, and the Wi-Fi now reaches the back rooms.';

/** The test's fixtures a review written through the mailed link needs. */
interface ReviewFixtures {
  page: Page;
  request: APIRequestContext;
  accounts: Accounts;
  mailbox: Mailbox;
}

/**
 * A completed request whose customer confirmed the address, sent from a browser signed
 * in as the provider (the provider helped the customer send it): answers the review link
 * the customer is mailed.
 */
async function reviewLinkOfProviderSentRequest(
  request: APIRequestContext,
  mailbox: Mailbox,
  provider: TestProvider,
  customer: { name: string; email: string },
): Promise<URL> {
  const providerSession = await providerHeaders(provider.id);
  const sent = await request.post('/api/enquiries', {
    headers: providerSession,
    data: newEnquiry(provider.id, { customerName: customer.name, customerEmail: customer.email }),
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const { id } = (await sent.json()) as { id: number };
  const statusLink = await mailbox.linkTo(customer.email, '/request?token=');
  const confirmed = await request.post('/api/requests/confirm', {
    data: { token: statusLink.searchParams.get('token') },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const completed = await request.put(`/api/provider/enquiries/${id}/response`, {
    headers: providerSession,
    data: { providerResponse: 'All done, thank you.', status: 'completed' },
  });
  expect(completed.status(), await completed.text()).toBe(200);
  return mailbox.linkTo(customer.email, '/review?token=');
}

/**
 * A new provider `{tag} {business}` and a customer `{firstName} {initial}{tag}` whose
 * request it sent (reviewLinkOfProviderSentRequest); the customer rates the work through
 * the mailed link, sends the review and is told it waits. Answers the provider and the
 * customer.
 */
async function heldReviewWritten(
  { page, request, accounts, mailbox }: ReviewFixtures,
  { business, firstName, initial }: { business: string; firstName: string; initial: string },
) {
  const tag = uniqueTag();
  const provider = await accounts.newProvider({ name: `${tag} ${business}` });
  const customer = {
    name: `${firstName} ${initial}${tag.toLowerCase()}`,
    email: `${firstName.toLowerCase()}.${tag.toLowerCase()}@example.org`,
  };
  const link = await reviewLinkOfProviderSentRequest(request, mailbox, provider, customer);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: `Review ${provider.name}` })).toBeVisible();
  await page.getByRole('radio', { name: '5 stars: Excellent' }).check();
  await page.getByLabel('Your review *').fill(COMMENT);
  await page.getByRole('button', { name: 'Publish Review' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Thank you! Your review waits for a check' }),
  ).toBeVisible();
  return { provider, customer };
}

/**
 * The whole page at a desktop's and a phone's width, kept with the test's results to look
 * at; then back at the project's viewport.
 */
async function shootWidths(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** A new admin's page on the admins' held reviews, and the held review of the provider there. */
async function heldReviewSeenByNewAdmin(
  browser: Browser,
  accounts: Accounts,
  providerName: string,
): Promise<{ admin: Page; held: Locator }> {
  const account = await accounts.newAdmin();
  const admin = await accounts.signedInPage(browser, 'admin', account.id);
  await openAdmin(admin, account, 'Reviews');
  await admin.getByRole('button', { name: /^Held for moderation/ }).click();
  return { admin, held: admin.getByRole('listitem').filter({ hasText: providerName }) };
}

test('a held review says so, why and until when; its release is mailed and then it counts', async ({
  page,
  request,
  browser,
  accounts,
  mailbox,
}, testInfo) => {
  // Four pages, two of them signed in, and two mails: longer than one screen's test.
  test.setTimeout(120_000);
  const { provider, customer } = await heldReviewWritten(
    { page, request, accounts, mailbox },
    { business: 'Home Networks', firstName: 'Naledi', initial: 'M' },
  );
  await expect(page.getByRole('status')).toHaveText(
    `Your review of ${provider.name} is saved, but it is not shown yet and does not count in the rating: our team checks it first, because something ties it to a provider.`,
  );
  const reasons = page.getByRole('list', { name: 'Why it is checked' });
  await expect(reasons.getByRole('listitem')).toHaveText([
    `Your request was sent from a browser signed in as ${provider.name}.`,
  ]);
  await expect(
    page.getByText(
      'We decide within 2 business days and e-mail you either way: when your review is shown, or why it is not.',
    ),
  ).toBeVisible();
  await expect(page.getByText(/is published/)).toHaveCount(0);
  expect(await scan(page, '/review, held')).toEqual([]);
  await shootWidths(page, testInfo, 'review-held');

  // Held: the provider's page and dashboard count no review.
  await page.goto(`/provider/${provider.id}`);
  await expectProfileHydrated(page);
  await page.getByRole('tab', { name: 'Reviews' }).click();
  await expect(
    page.getByText('Reviews appear here once customers who booked through the site rate the work.'),
  ).toBeVisible();
  const dashboardPage = await accounts.signedInPage(browser, 'provider', provider.id);
  await dashboardPage.goto('/dashboard');
  const ratingCard = dashboardPage.locator('.card', { hasText: 'Rating' }).first();
  await expect(ratingCard.getByText('No reviews yet')).toBeVisible();

  // An admin finds it among the held ones, with its reason and the promise, and releases it.
  const { admin, held } = await heldReviewSeenByNewAdmin(browser, accounts, provider.name);
  await expect(held).toContainText(
    'The request was sent from a browser signed in as this provider.',
  );
  await expect(held).toContainText(/Held since \d{2} \w+ \d{4}; decide within 2 business days\./);
  expect(await scan(admin, '/admin Reviews, held')).toEqual([]);
  await shootWidths(admin, testInfo, 'admin-held');
  await held
    .getByRole('button', { name: new RegExp(`^Release review by .* of ${provider.name}$`) })
    .click();
  await expect(
    admin.getByText('The provider’s rating has been updated, and the customer is e-mailed.'),
  ).toBeVisible();

  // The customer's mail says it is shown, and links to the provider's page.
  const mail = await mailbox.mailTo(customer.email, 'It is now shown on their page');
  expect(mail.subject).toBe(`Your review of ${provider.name} is now shown`);
  expect(mail.text).toContain(`Hi ${customer.name},`);
  expect(mail.text).toContain(`/provider/${provider.id}`);

  // And the page counts it now.
  await page.goto(`/provider/${provider.id}`);
  await expectProfileHydrated(page);
  await page.getByRole('tab', { name: 'Reviews' }).click();
  await expect(page.getByText('Based on 1 review')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Reviews' })).toContainText(COMMENT);
  await dashboardPage.reload();
  await expect(ratingCard.getByText('1 review')).toBeVisible();
  await dashboardPage.context().close();
  await admin.context().close();
});

test('a hidden held review mails its customer the reason', async ({
  page,
  request,
  browser,
  accounts,
  mailbox,
}) => {
  test.setTimeout(90_000);
  const { provider, customer } = await heldReviewWritten(
    { page, request, accounts, mailbox },
    { business: 'Cabling', firstName: 'Sipho', initial: 'D' },
  );

  const { admin, held } = await heldReviewSeenByNewAdmin(browser, accounts, provider.name);
  await held
    .getByRole('button', { name: new RegExp(`^Hide review by .* of ${provider.name}$`) })
    .click();
  const question = admin.getByRole('alertdialog', { name: /^Hide the review by / });
  await expect(question).toContainText(
    'The provider sees the reason, and the customer is e-mailed it.',
  );
  await question
    .getByLabel('Why does this review break the rules?')
    .fill('Written by the provider for itself');
  if (process.env['E2E_SHOTS']) {
    await admin.screenshot({ path: `${process.env['E2E_SHOTS']}/hide-review-question.png` });
  }
  await question.getByRole('button', { name: 'Hide Review' }).click();
  await expect(admin.getByText('Review Hidden', { exact: true })).toBeVisible();

  const mail = await mailbox.mailTo(customer.email, 'It is not shown on their page');
  expect(mail.subject).toBe(`Your review of ${provider.name} is not shown`);
  expect(mail.text).toContain('The reason:\nWritten by the provider for itself');
  await admin.context().close();
});
