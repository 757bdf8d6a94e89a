/**
 * The customer's side of a service request, on a phone: the reference on
 * screen once it is sent, the mail with the private link, and the status page that
 * follows the request as the provider sees it and responds; cancelling with a reason;
 * a link that is not valid. Each test has a provider and a customer of its own.
 */
import type { Locator, Page } from '@playwright/test';
import { linkIn } from '../../helpers/outbox.ts';
import { scan } from '../axe.ts';
import { newEnquiry, sendEnquiry, uniqueTag } from '../builders.ts';
import { expect, test, type Mailbox } from '../fixtures.ts';
import { providerDashboard } from '../requests.ts';
import { openRequestDialog, recordRequests } from '../support.ts';

test.use({ viewport: { width: 390, height: 844 } });

const REFERENCE = /VP-\d{2}-\d{6}/;
const SITE_PHOTO = 'public/public-objects/sample-provider-4.webp';
// The site's date and time in South Africa, as en-ZA writes them: '3 Mar 2026, 14:05'.
const SA_DATE_TIME = String.raw`\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}`;
const step = (label: string) => new RegExp(`^${label}${SA_DATE_TIME}`);

const INVALID_LINK = 'This request link is not valid. Please use the link from your e-mail.';
const CANCELLED = 'Your request is cancelled. The provider has been told.';

/** The steps the status page lists, in order. */
function timeline(page: Page): Locator {
  return page.getByRole('region', { name: 'Progress' }).getByRole('listitem');
}

/** Opens the status page from the link of the mail that names the reference. */
async function openFromMail(page: Page, mailbox: Mailbox, email: string, reference: string) {
  const mail = await mailbox.mailTo(email, reference);
  expect(mail.subject).toContain(reference);
  const link = linkIn(mail.text, '/request?token=');
  if (!link) throw new Error(`No status page link in the mail of ${reference}`);
  expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Request ${reference}`);
}

test('a customer follows a request from the form to the provider’s response', async ({
  page,
  browser,
  accounts,
  mailbox,
}) => {
  const provider = await accounts.newProvider({ services: ['cctv', 'wifi'] });
  const email = `customer.${uniqueTag().toLowerCase()}@example.co.za`;

  // Sent from the provider's page: the form gives way to the reference.
  const dialog = await openRequestDialog(page, provider);
  await dialog.getByLabel('Your Name *').fill('Lerato Mokoena');
  await dialog.getByLabel('Email Address *').fill(email);
  await dialog.getByLabel('Service Type *').selectOption({ label: 'CCTV Installations & Repairs' });
  await dialog.getByLabel('Service Location *').fill('Umhlanga');
  await dialog.getByLabel('Budget').selectOption('5000-10000');
  await dialog.getByLabel('Urgency Level *').selectOption('high');
  await dialog
    .getByLabel('Project Description *')
    .fill('Cameras for the driveway and the back garden of our guest house.');

  // The brief of a CCTV job: its questions, with units and "Not sure".
  const brief = dialog.getByRole('group', { name: 'About the CCTV Installations & Repairs job' });
  await brief.getByLabel('Property type *').selectOption({ label: 'House' });
  await brief.getByRole('textbox', { name: 'Cameras outdoors' }).fill('4');
  await brief.getByRole('group', { name: 'What must be seen' }).getByLabel('Faces').check();
  await brief.getByRole('group', { name: 'What must be seen' }).getByLabel('Number plates').check();
  await brief.getByLabel('Night vision').selectOption({ label: 'Yes' });
  await brief.getByRole('checkbox', { name: 'Not sure (Days of recording)' }).check();
  await expect(brief.getByRole('textbox', { name: 'Days of recording' })).toBeDisabled();
  await dialog.getByLabel('Photos of the site').setInputFiles(SITE_PHOTO);
  await expect(dialog.getByRole('status').filter({ hasText: 'Uploaded' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Send Request' }).click();

  const sent = dialog.getByTestId('request-sent');
  await expect(sent.getByTestId('request-reference')).toHaveText(REFERENCE);
  const reference = REFERENCE.exec((await sent.textContent()) ?? '')?.[0] ?? '';
  const message = `Your request ${reference} has been sent to ${provider.name}. We have e-mailed you a link to follow it.`;
  await expect(sent).toContainText(message);
  // The sent state is the confirmation; no toast covers it.
  await expect(page.getByTestId('toast')).toHaveCount(0);

  // The mail names the reference and links to the status page; opening it confirms the
  // address, once.
  const confirms = recordRequests(page, 'POST', '/api/requests/confirm');
  const mail = await mailbox.mailTo(email, reference);
  for (const line of ['Cameras outdoors: 4 cameras', 'Photos of the site: 1']) {
    expect(mail.text).toContain(line);
  }
  await openFromMail(page, mailbox, email, reference);
  await expect(timeline(page)).toHaveText([step('Sent')]);
  await expect(page.getByRole('link', { name: provider.name })).toHaveAttribute(
    'href',
    `/provider/${provider.id}`,
  );
  const asked = page.getByRole('region', { name: 'What you asked for' });
  for (const text of [
    'CCTV Installations & Repairs',
    'Umhlanga',
    'R5,000 - R10,000',
    'High (within 3 days)',
    'Cameras for the driveway and the back garden of our guest house.',
  ]) {
    await expect(asked).toContainText(text);
  }
  const answers = asked.getByTestId('request-brief');
  const expected: [question: string, answer: string][] = [
    ['Property type', 'House'],
    ['Cameras outdoors', '4 cameras'],
    ['What must be seen', 'Faces, Number plates'],
    ['Night vision', 'Yes'],
    ['Days of recording', 'Not sure'],
  ];
  for (const [question, answer] of expected) {
    await expect(answers.getByRole('term').filter({ hasText: question })).toBeVisible();
    await expect(answers.getByRole('definition').filter({ hasText: answer })).toBeVisible();
  }
  // The photo, private to this request, shows on its page.
  const photo = asked.getByRole('img', { name: 'Photo 1 of the site' });
  await expect(photo).toBeVisible();
  // Visible comes first; its bytes may still be on their way (the first load of the server).
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(page.getByRole('region', { name: `Responses from ${provider.name}` })).toContainText(
    'No response yet.',
  );
  await expect(page.getByRole('region', { name: 'Cancel this request' })).toBeVisible();
  expect(confirms).toHaveLength(1);

  // The provider follows the link in its mail: the dashboard opens on the request, seen.
  const providerMail = await mailbox.mailTo(provider.email, reference);
  const dashboardLink = linkIn(providerMail.text, '/dashboard?enquiry=')!;
  const dashboard = await providerDashboard(browser, accounts, provider, 1280);
  const marked = dashboard.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/provider/enquiries/seen' && r.ok(),
  );
  await dashboard.goto(`${dashboardLink.pathname}${dashboardLink.search}`);
  await expect(dashboard.getByRole('tab', { name: 'Enquiries' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const card = dashboard.getByRole('article', { name: 'Enquiry from Lerato Mokoena' });
  await expect(card).toContainText(reference);
  await expect(card.getByTestId('request-brief')).toContainText('Faces, Number plates');
  await expect(card.getByRole('img', { name: 'Photo 1 of the site' })).toBeVisible();
  await marked;
  await page.reload();
  await expect(timeline(page)).toHaveText([step('Sent'), step('Seen by the provider')]);

  // The provider responds: the customer reads it on the page.
  const response = 'We can survey on Thursday morning and quote the same day.';
  await card.getByRole('button', { name: 'Respond' }).click();
  const respond = dashboard.getByRole('dialog', { name: 'Respond to Enquiry' });
  await respond.getByLabel('Your Response *').fill(response);
  await respond.getByRole('button', { name: 'Send Response' }).click();
  await expect(dashboard.getByTestId('toast')).toContainText('Response Submitted');
  await dashboard.context().close();

  await page.reload();
  const responses = page.getByRole('region', { name: `Responses from ${provider.name}` });
  await expect(responses.getByRole('listitem')).toHaveText([
    new RegExp(`^${response}${SA_DATE_TIME}$`),
  ]);
  await expect(timeline(page)).toHaveText([
    step('Sent'),
    step('Seen by the provider'),
    step('Responded'),
    step('In progress'),
  ]);
  await expect(
    page.getByRole('main').locator('header').getByText('In progress', { exact: true }),
  ).toBeVisible();
  expect(await scan(page, '/request, with a response')).toEqual([]);
});

test('a customer cancels a request with a reason', async ({
  browser,
  page,
  request,
  accounts,
  mailbox,
}) => {
  const provider = await accounts.newProvider();
  const enquiry = newEnquiry(provider.id);
  const sent = await request.post('/api/enquiries', { data: enquiry });
  expect(sent.status(), await sent.text()).toBe(201);
  const { reference } = (await sent.json()) as { reference: string };

  await openFromMail(page, mailbox, enquiry.customerEmail, reference);
  const cancel = page.getByRole('region', { name: 'Cancel this request' });
  await cancel.getByRole('button', { name: 'Cancel Request' }).click();
  await expect(cancel.getByText('Please tell the provider why you are cancelling')).toBeVisible();
  await expect(cancel.getByLabel('Why are you cancelling? *')).toHaveAttribute(
    'aria-invalid',
    'true',
  );

  const reason = 'We found someone closer to home.';
  await cancel.getByLabel('Why are you cancelling? *').fill(reason);
  await cancel.getByRole('button', { name: 'Cancel Request' }).click();
  await expect(page.getByRole('status').filter({ hasText: CANCELLED })).toBeVisible();
  await expect(timeline(page)).toHaveText([
    step('Sent'),
    new RegExp(`^Cancelled${SA_DATE_TIME}Your reason: ${reason}$`),
  ]);
  await expect(cancel).toHaveCount(0);
  await expect(
    page.getByRole('main').locator('header').getByText('Cancelled', { exact: true }),
  ).toBeVisible();
  expect(await scan(page, '/request, cancelled')).toEqual([]);

  // The provider is told, with the reason.
  const told = await mailbox.mailTo(provider.email, reference);
  expect(told.text).toContain(reason);

  // Still cancelled after a reload, with no way to cancel again.
  await page.reload();
  await expect(timeline(page).last()).toHaveText(step('Cancelled'));
  await expect(page.getByRole('region', { name: 'Cancel this request' })).toHaveCount(0);

  // The provider's dashboard shows the reason, and no way to answer it any more.
  const dashboard = await providerDashboard(browser, accounts, provider, 1280);
  await dashboard.getByRole('tab', { name: 'Enquiries' }).click();
  const card = dashboard.getByRole('article', { name: `Enquiry from ${enquiry.customerName}` });
  await expect(card.getByText(`Cancelled by the customer: ${reason}`)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Respond' })).toHaveCount(0);
});

test('a link that is not valid says so, and a lost connection offers Retry', async ({
  page,
  request,
  accounts,
  mailbox,
}) => {
  await page.goto(`/request?token=${'x'.repeat(43)}`);
  await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(INVALID_LINK);
  expect(await scan(page, '/request, not valid')).toEqual([]);

  await page.goto('/request');
  await expect(page.getByRole('alert')).toHaveText(INVALID_LINK);

  // The first load fails on the network; Retry loads the request.
  const provider = await accounts.newProvider();
  const enquiry = newEnquiry(provider.id);
  await sendEnquiry(request, enquiry);
  const link = await mailbox.linkTo(enquiry.customerEmail, '/request?token=');
  let failed = false;
  await page.route('**/api/requests/status?*', async (route) => {
    if (failed) return route.continue();
    failed = true;
    return route.abort('internetdisconnected');
  });
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('alert')).toHaveText(
    'We could not load your request. Please check your connection and try again.',
  );
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(REFERENCE);
  await expect(timeline(page)).toHaveText([step('Sent')]);
});
