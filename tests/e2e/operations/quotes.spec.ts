/**
 * Quotes you can compare and a price that holds (docs/decisions/0051), the whole journey
 * on a phone, each new screen checked at a desktop's width too: one request to three providers (its copies made here as
 * the sending would make them: each holds the first's id), one provider quotes in its
 * dashboard and revises, another quotes, the third declines; the customer compares them
 * side by side on the status page and accepts one; the others are told; a variation is
 * proposed and approved; the job is completed at the agreed total; the review
 * invitation arrives and the provider's public record counts the job. axe on every new
 * screen; screenshots to E2E_SHOTS.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { atBothWidths, heightAt, scan } from '../axe.ts';
import { newEnquiry, sendEnquiry, uniqueTag } from '../builders.ts';
import { runSql } from '../database-door.ts';
import {
  expect,
  providerHeaders,
  openAdmin,
  test,
  type Accounts,
  type Mailbox,
} from '../fixtures.ts';
import {
  checkScreen,
  openQuotePanel,
  providerDashboard,
  sendQuote,
  sendVariation,
  shoot,
  writeQuote,
  writeVariation,
} from '../requests.ts';

const SHOTS = process.env['E2E_SHOTS'];
/** The journey runs on a phone; each new screen is checked at a desktop's width too. */
const PHONE = 390;

/** One request sent to three providers: the first copy by the form, two more beside it. */
async function requestToThree(request: APIRequestContext, accounts: Accounts, mailbox: Mailbox) {
  const providers = [
    await accounts.newProvider({ services: ['wifi'] }),
    await accounts.newProvider({ services: ['wifi'] }),
    await accounts.newProvider({ services: ['wifi'] }),
  ] as const;
  await runSql(
    'operations',
    `UPDATE service_providers SET vat_number = '4123456789', registered_name = name || ' (Pty) Ltd' WHERE id = $1`,
    [providers[0].id],
  );
  const email = `customer.${uniqueTag().toLowerCase()}@example.co.za`;
  const first = await sendEnquiry(
    request,
    newEnquiry(providers[0].id, { customerEmail: email, customerName: 'Thandi Nkosi' }),
  );
  await runSql('operations', 'UPDATE customer_enquiries SET group_id = id WHERE id = $1', [first]);
  const copies = [first];
  for (const provider of providers.slice(1)) {
    const [copy] = await runSql<{ id: number }>(
      'operations',
      `INSERT INTO customer_enquiries (customer_name, customer_email, customer_phone, service_type,
         location, description, budget, urgency, brief, status, assigned_provider_id, group_id,
         email_confirmed_at, created_at)
       SELECT customer_name, customer_email, customer_phone, service_type, location, description,
              budget, urgency, brief, 'assigned', $2, id, now(), created_at
         FROM customer_enquiries WHERE id = $1
       RETURNING id`,
      [first, provider.id],
    );
    copies.push(copy!.id);
  }
  const link = await mailbox.linkTo(email, '/request?token=');
  return { providers, copies, email, statusPath: `${link.pathname}${link.search}` };
}

/** The line of the quotes the other providers send: a mesh system, R6 900. */
const MESH_SYSTEM = {
  kind: 'labour',
  description: 'Mesh system, installed',
  quantity: 1,
  unit: 'job',
  unitPriceCents: 690_000,
};

/**
 * A quote of these lines sent by the provider through the API its dashboard uses: valid
 * 20 days, no deposit; answers its id.
 */
async function quoteThroughApi(
  request: APIRequestContext,
  providerId: number,
  enquiryId: number,
  lines: readonly (typeof MESH_SYSTEM)[],
): Promise<number> {
  const quoted = await request.post(`/api/provider/enquiries/${enquiryId}/quotes`, {
    headers: await providerHeaders(providerId),
    data: {
      lines,
      validUntil: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
      earliestStart: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
      depositKind: 'none',
      repairWork: false,
      warrantyMonths: 12,
      preparationFeeCents: 0,
    },
  });
  expect(quoted.status(), await quoted.text()).toBe(201);
  return ((await quoted.json()) as { id: number }).id;
}

async function quoteFromDashboard(page: Page) {
  const { panel, dialog } = await writeQuote(page, 'Thandi Nkosi', [
    {
      kind: 'Labour',
      what: 'Mount and configure three access points',
      quantity: '6',
      unit: 'hour',
      price: '450',
    },
    {
      kind: 'Materials',
      what: 'Wi-Fi 6 access point',
      quantity: '3',
      unit: 'each',
      price: '1 299,50',
    },
  ]);
  await dialog.getByLabel(/^Deposit \(at most/).selectOption({ label: 'A share of the total' });
  await dialog.getByLabel('Deposit (% of the total)').fill('20');
  // R2 700 + R3 898,50 = R6 598,50; VAT R989,78; R7 588,28.
  await expect(dialog).toContainText('R7\u00a0588,28');
  expect(await checkScreen(page, 'the quote editor', 'quote-editor')).toEqual([]);
  await sendQuote(page, dialog);
  await expect(panel).toContainText('Version 1');

  // A revision: one hour less.
  await panel.getByRole('button', { name: 'Revise the quote' }).click();
  const revision = page.getByRole('dialog', { name: 'Quote' });
  await revision.getByRole('group', { name: 'Line 1' }).getByLabel('Quantity').fill('5');
  await revision.getByRole('button', { name: 'Send revised quote' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Version 2 sent' })).toBeVisible();
  // R2 250 + R3 898,50 = R6 148,50; VAT R922,28: R7 070,78.
  await expect(panel).toContainText('R7\u00a0070,78');
  await expect(panel).toContainText('Replaced by a newer version');
}

async function journey({
  page,
  browser,
  request,
  accounts,
  mailbox,
}: {
  page: Page;
  browser: Browser;
  request: APIRequestContext;
  accounts: Accounts;
  mailbox: Mailbox;
}) {
  const { providers, copies, email, statusPath } = await requestToThree(request, accounts, mailbox);
  const [chosen, other, busy] = providers;

  // The first provider quotes in its dashboard, and revises.
  const dashboard = await providerDashboard(browser, accounts, chosen, PHONE);
  await quoteFromDashboard(dashboard);

  // The second quotes (through the API its dashboard uses); the third declines.
  await quoteThroughApi(request, other.id, copies[1]!, [MESH_SYSTEM]);
  const declined = await request.put(`/api/provider/enquiries/${copies[2]}/response`, {
    headers: await providerHeaders(busy.id),
    data: { providerResponse: 'Fully booked until February, sorry.', status: 'cancelled' },
  });
  expect(declined.status(), await declined.text()).toBe(200);

  // The customer compares them side by side (stacked on a phone).
  await page.setViewportSize({ width: PHONE, height: heightAt(PHONE) });
  await page.goto(statusPath);
  const compare = page.getByRole('region', { name: 'Compare the quotes' });
  await expect(compare).toBeVisible();
  const cards = compare
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3 }) });
  await expect(cards).toHaveCount(3);
  const chosenCard = cards.filter({ hasText: chosen.name });
  await expect(chosenCard).toContainText('Quote version 2');
  await expect(chosenCard).toContainText('R7\u00a0070,78');
  await expect(chosenCard).toContainText('R922,28 included');
  await expect(chosenCard).toContainText('R1\u00a0414,16 (20% of the total)');
  await expect(cards.filter({ hasText: other.name })).toContainText('R6\u00a0900,00');
  await expect(cards.filter({ hasText: busy.name })).toContainText('closed for this provider');
  const compared = await atBothWidths(page, async (width) => {
    const boxes = await Promise.all([0, 1].map(async (i) => (await cards.nth(i).boundingBox())!));
    if (width < 600) expect(boxes[1]!.y).toBeGreaterThan(boxes[0]!.y + boxes[0]!.height - 1);
    else expect(Math.abs(boxes[1]!.y - boxes[0]!.y)).toBeLessThan(2);
    await shoot(page, 'quotes-compared', width);
    return scan(page, `the quotes compared at ${width}px`);
  });
  expect(compared.flat()).toEqual([]);

  // Accepted once, after the question.
  await chosenCard.getByRole('button', { name: 'Accept this quote' }).click();
  const question = page.getByRole('alertdialog', { name: /^Accept .* quote of R7.070,78\?$/ });
  await question.getByRole('button', { name: 'Accept the quote' }).click();
  await expect(compare.getByRole('status')).toContainText('You accepted the quote.');
  await expect(compare).toContainText(`Your agreed job with ${chosen.name}`);
  // The other quoting provider is told at once (the third had declined already).
  expect((await mailbox.mailTo(other.email, 'has chosen another provider')).text).not.toContain(
    chosen.name,
  );

  // A variation, proposed in the dashboard, approved on the status page.
  await dashboard.reload();
  const panel = await openQuotePanel(dashboard);
  await expect(panel.getByRole('region', { name: 'The agreed job' })).toContainText(
    'R7\u00a0070,78',
  );
  await writeVariation(
    panel,
    {
      kind: 'Materials',
      what: 'Cat6 cable to the garden cottage',
      quantity: '20',
      unit: 'm',
      price: '12.50',
    },
    'The cottage needs a cabled access point.',
  );
  expect(await checkScreen(dashboard, 'the agreed job in the dashboard', 'dashboard-job')).toEqual(
    [],
  );
  await sendVariation(panel);

  await page.reload();
  const job = page.getByRole('region', { name: 'Compare the quotes' });
  await job.getByRole('button', { name: 'Approve R287,50 more' }).click();
  await expect(job.getByRole('status')).toContainText('You approved the variation');
  await expect(job).toContainText('R7\u00a0358,28');
  expect(await checkScreen(page, 'the agreed job on the status page', 'agreed-job')).toEqual([]);

  // Completed at the agreed total (the final total offered is the agreed one).
  await dashboard.reload();
  const done = await openQuotePanel(dashboard);
  await expect(done.getByLabel('Final total (R)')).toHaveValue('7358.28');
  await done.getByRole('button', { name: 'Mark the job completed' }).click();
  await expect(dashboard.getByTestId('toast').filter({ hasText: 'Job completed' })).toBeVisible();
  await expect(done).toContainText('Completed on');

  // The review invitation arrives.
  const invitation = await mailbox.mailTo(email, '/review?token=');
  expect(invitation.subject).toBe(`How did ${chosen.name} do?`);
  await dashboard.context().close();

  // The provider's public record counts the job (too few yet to be a record).
  await page.goto(`/provider/${chosen.id}`);
  const record = page.getByRole('region', { name: 'Agreed prices' });
  await expect(record.getByTestId('price-record')).toContainText(
    'Too few jobs with an agreed price in the last 12 months to show a record (1 so far).',
  );
  const found = await atBothWidths(page, async (width) => {
    await record.scrollIntoViewIfNeeded();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/price-record-${width}.png` });
    return scan(page, `the provider page's record at ${width}px`);
  });
  expect(found.flat()).toEqual([]);
}

test('the whole journey of quotes on a phone, each screen checked at a desktop width too', async ({
  page,
  browser,
  request,
  accounts,
  mailbox,
}) => {
  test.setTimeout(120_000);
  await journey({ page, browser, request, accounts, mailbox });
});

test('a dispute raised on the status page reaches the desk, with the jobs and their quotes', async ({
  page,
  browser,
  request,
  accounts,
  mailbox,
}) => {
  const { providers, copies, statusPath } = await requestToThree(request, accounts, mailbox);
  const quoteId = await quoteThroughApi(request, providers[1].id, copies[1]!, [
    {
      kind: 'call-out',
      description: 'Site visit',
      quantity: 1,
      unit: 'visit',
      unitPriceCents: 45_000,
    },
    MESH_SYSTEM,
  ]);
  const tokenOfPage = new URLSearchParams(statusPath.split('?')[1]).get('token');
  const accepted = await request.post(`/api/requests/quotes/${quoteId}/accept`, {
    data: { token: tokenOfPage },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);

  // The customer raises a dispute from the status page, on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(statusPath);
  const quotes = page.getByRole('region', { name: 'Compare the quotes' });
  await quotes.getByRole('button', { name: 'Raise a dispute' }).click();
  await quotes.getByLabel(/^What is in dispute/).fill('The provider now asks R2 000 more in cash.');
  await quotes.getByRole('button', { name: 'Raise a dispute' }).click();
  await expect(quotes.getByRole('status')).toContainText('The dispute is raised');
  await expect(quotes).toContainText('Disputed by you: The provider now asks R2 000 more in cash.');

  // The desk sees it first among the agreed jobs, with the request's quotes.
  const admin = await accounts.newAdmin();
  const desk = await accounts.signedInPage(browser, 'admin', admin.id, {
    width: 1280,
    height: 900,
  });
  await openAdmin(desk, admin, 'Enquiries');
  const jobs = desk.getByRole('region', { name: 'Agreed jobs' });
  const first = jobs.getByRole('row').nth(1);
  await expect(first).toContainText('Disputed by the customer');
  await expect(first).toContainText('The provider now asks R2 000 more in cash.');
  await expect(first).toContainText(providers[1].name);
  await first.getByRole('button', { name: /^Quotes of VP-/ }).click();
  await expect(jobs).toContainText(`${providers[1].name}, version 1: R7\u00a0350,00`);
  await expect(jobs.getByRole('link', { name: 'Download jobs CSV' })).toHaveAttribute(
    'href',
    '/api/admin/exports/jobs.csv',
  );
  expect(await scan(desk, "the desk's agreed jobs")).toEqual([]);
  await jobs.scrollIntoViewIfNeeded();
  if (SHOTS) await desk.screenshot({ path: `${SHOTS}/desk-jobs-1280.png` });
  await desk.context().close();
});
