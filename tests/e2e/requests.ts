/**
 * Helpers of the browser tests of requests to several providers, their conversations and
 * quotes (docs/decisions/0050, 0051): verifying a provider through the desk's API, the
 * customer's status page opened from the mail, the request tray's buttons and bar, a provider's dashboard in a context of its own, the
 * "Quote and job" section of an enquiry's card and a quote line, and full-page
 * screenshots to E2E_SHOTS.
 */
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { addMonths, saToday } from '../../src/lib/calendar-days.ts';
import { atBothWidths, heightAt, scan } from './axe.ts';
import { expect, type Accounts, type Mailbox, type TestProvider } from './fixtures.ts';

const SHOTS = process.env['E2E_SHOTS'];

/** Records every check the provider requires as passed: it is verified. */
export async function verifyProvider(
  request: APIRequestContext,
  accounts: Accounts,
  providerId: number,
): Promise<void> {
  const headers = await accounts.adminHeaders();
  const answer = await request.get(`/api/admin/providers/${providerId}/checks`, { headers });
  expect(answer.status(), await answer.text()).toBe(200);
  const { checks } = (await answer.json()) as { checks: { type: string; required: boolean }[] };
  const today = saToday();
  for (const { type } of checks.filter((check) => check.required)) {
    const recorded = await request.put(`/api/admin/providers/${providerId}/checks/${type}`, {
      headers,
      data: {
        status: 'passed',
        checkedOn: today,
        validUntil: addMonths(today, 12),
        ...(type === 'insurance' && { insurer: 'Santam', coverAmount: 5_000_000 }),
      },
    });
    expect(recorded.status(), `${type}: ${await recorded.text()}`).toBe(200);
  }
}

/** A new provider, a sole trader unless the fields say otherwise, verified. */
export async function newVerifiedProvider(
  request: APIRequestContext,
  accounts: Accounts,
  fields: Record<string, unknown>,
): Promise<TestProvider> {
  const provider = await accounts.newProvider({ legalForm: 'sole_trader', ...fields });
  await verifyProvider(request, accounts, provider.id);
  return provider;
}

/**
 * The customer opens the status page linked from the mail sent after the request, which
 * confirms the address (nothing else is mailed to an unconfirmed one).
 */
export async function openStatusPageFromMail(
  page: Page,
  mailbox: Mailbox,
  email: string,
): Promise<void> {
  const link = await mailbox.linkTo(email, '/request?token=');
  const confirmed = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/requests/confirm' && r.ok(),
  );
  await page.goto(`${link.pathname}${link.search}`);
  await confirmed;
  await expect(page.getByRole('heading', { level: 1, name: /^Request VP-/ })).toBeVisible();
}

/** A card's, dialog's or page's "Add to request" button. */
export const addToRequest = (scope: Locator | Page) =>
  scope.getByRole('button', { name: /^Add to request/ });

/** The tray's bar at the foot of the page. */
export const requestTray = (page: Page) => page.getByRole('region', { name: 'Your request' });

/**
 * A screenshot to E2E_SHOTS as `{name}-{width}.png`: the full page from its top, or with
 * `fullPage: false` what the viewport shows (a modal dialog over the page).
 */
export async function shoot(
  page: Page,
  name: string,
  width: number,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<void> {
  if (!SHOTS) return;
  // From the top: a sticky header would show wherever the page was scrolled to.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage });
}

/**
 * A screen checked in both layouts: axe at a phone's width and at a desktop's, with a
 * screenshot of each to E2E_SHOTS. Answers the violations of both.
 */
export async function checkScreen(
  page: Page,
  where: string,
  shot: string,
  options: { fullPage?: boolean } = {},
): Promise<string[]> {
  const found = await atBothWidths(page, async (width) => {
    const violations = await scan(page, `${where} at ${width}px`);
    await shoot(page, shot, width, options);
    return violations;
  });
  return found.flat();
}

/**
 * The provider's dashboard, signed in, in a browser context of its own at this width;
 * opened at one enquiry when its id is given (the link a mail carries).
 */
export async function providerDashboard(
  browser: Browser,
  accounts: Accounts,
  provider: TestProvider,
  width: number,
  enquiryId?: number,
): Promise<Page> {
  const page = await accounts.signedInPage(browser, 'provider', provider.id, {
    width,
    height: heightAt(width),
  });
  await page.goto(enquiryId ? `/dashboard?enquiry=${enquiryId}` : '/dashboard');
  await expect(page.getByRole('heading', { name: 'Provider Dashboard' })).toBeVisible();
  return page;
}

/** The card of the customer's enquiry on the dashboard's Enquiries tab. */
export async function enquiryCard(page: Page, customerName: string): Promise<Locator> {
  const tab = page.getByRole('tab', { name: 'Enquiries' });
  if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
  return page.getByRole('article', { name: `Enquiry from ${customerName}` });
}

/** The "Quote and job" section of the customer's enquiry card, opened. */
export async function openQuotePanel(page: Page, customerName = 'Thandi Nkosi'): Promise<Locator> {
  const card = await enquiryCard(page, customerName);
  const panel = card.getByRole('region', { name: 'Quote and job' });
  const toggle = panel.getByRole('button', { name: 'Quote and job' });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  return panel;
}

export interface QuoteLine {
  kind: string;
  what: string;
  quantity: string;
  unit: string;
  price: string;
}

/** Fills one line of a quote or variation (its group, "Line N"). */
export async function fillLine(group: Locator, line: QuoteLine): Promise<void> {
  await group.getByLabel('Kind').selectOption({ label: line.kind });
  await group.getByLabel('What').fill(line.what);
  await group.getByLabel('Quantity').fill(line.quantity);
  await group.getByLabel('Unit', { exact: true }).fill(line.unit);
  await group.getByLabel('Unit price (R)').fill(line.price);
}

/** Fills the quote editor's lines (adding a line for each after the first). */
export async function fillQuoteLines(dialog: Locator, lines: readonly QuoteLine[]): Promise<void> {
  for (const [index, line] of lines.entries()) {
    if (index > 0) await dialog.getByRole('button', { name: 'Add a line' }).click();
    await fillLine(dialog.getByRole('group', { name: `Line ${index + 1}` }), line);
  }
}

/** Opens the quote editor of the customer's enquiry and fills its lines: the panel and the dialog. */
export async function writeQuote(
  page: Page,
  customerName: string,
  lines: readonly QuoteLine[],
): Promise<{ panel: Locator; dialog: Locator }> {
  const panel = await openQuotePanel(page, customerName);
  await panel.getByRole('button', { name: 'Write a quote' }).click();
  const dialog = page.getByRole('dialog', { name: 'Quote' });
  await fillQuoteLines(dialog, lines);
  return { panel, dialog };
}

/** Sends the quote written in the editor, and waits for the dashboard to say so. */
export async function sendQuote(page: Page, dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Send quote' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Quote sent' })).toBeVisible();
}

/** Opens a variation of the agreed job in its panel, with one line and why the price changes. */
export async function writeVariation(panel: Locator, line: QuoteLine, why: string): Promise<void> {
  await panel.getByRole('button', { name: 'Propose a variation' }).click();
  await fillLine(panel.getByRole('group', { name: 'Line 1' }), line);
  await panel.getByLabel('Why the price changes').fill(why);
}

/** Sends the variation written in the panel, which then waits for the customer. */
export async function sendVariation(panel: Locator): Promise<void> {
  await panel.getByRole('button', { name: 'Send variation' }).click();
  await expect(panel).toContainText('waiting for the customer');
}

/** Fills the request form (/request/new) for a CCTV job, and sends it. */
export async function sendCctvRequest(
  page: Page,
  customer: { name: string; email: string },
  job: { location: string; description: string; propertyType: string },
): Promise<void> {
  await page.getByLabel('Your Name *').fill(customer.name);
  await page.getByLabel('Email Address *').fill(customer.email);
  await page.getByLabel('Service Type *').selectOption({ label: 'CCTV Installations & Repairs' });
  await page.getByLabel('Service Location *').fill(job.location);
  await page.getByLabel('Project Description *').fill(job.description);
  await page.getByLabel('Property type *').selectOption({ label: job.propertyType });
  await page.getByRole('button', { name: 'Send Request' }).click();
}
