/**
 * The whole journey of a request to several providers on a phone (docs/decisions/0050,
 * 0051), from the listing to the final price: a visitor adds two verified providers to the
 * request tray, sends them one request, and opens its page from the mailed link (which
 * confirms the address of both copies); both providers answer in their dashboards, one
 * with a message, both with quotes, one of them itemised; the customer, mailed about
 * each, compares the quotes and accepts one; the provider proposes a variation, the
 * customer approves it, and the job is completed; the customer sees the final price
 * against the quote. axe on each screen at 390 and 1280 px; E2E_SHOTS=folder writes
 * their screenshots there.
 */
import type { Page } from '@playwright/test';
import { linkIn } from '../../helpers/outbox.ts';
import { scan } from '../axe.ts';
import { uniqueTag } from '../builders.ts';
import { expect, test } from '../fixtures.ts';
import {
  addToRequest,
  enquiryCard,
  openQuotePanel,
  openStatusPageFromMail,
  providerDashboard,
  requestTray,
  shoot,
  sendCctvRequest,
  sendQuote,
  sendVariation,
  newVerifiedProvider,
  writeQuote,
  writeVariation,
} from '../requests.ts';
import { cardByName, expectListHydrated } from '../support.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const REFERENCE = /VP-\d{2}-\d{6}/;
const rand = (text: string) => text.replaceAll(' ', '\u00a0');

/** axe on the screen and its screenshots, on the phone and on a desktop; back to the phone. */
async function looked(page: Page, name: string, fullPage = true): Promise<void> {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    expect(await scan(page, `${name} at ${viewport.width} px`)).toEqual([]);
    await shoot(page, name, viewport.width, { fullPage });
  }
  await page.setViewportSize(PHONE);
}

test('a request to two providers, from the tray to the final price, on a phone', async ({
  page,
  browser,
  request,
  accounts,
  mailbox,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize(PHONE);
  const tag = uniqueTag();
  const make = (name: string) =>
    newVerifiedProvider(request, accounts, {
      name: `${tag} ${name}`,
      services: ['cctv'],
      location: 'Pietermaritzburg',
    });
  const alpha = await make('Alpha Cameras');
  const beta = await make('Beta Security');
  const customer = 'Naledi Khumalo';
  const email = `journey.${tag.toLowerCase()}@example.co.za`;

  // The listing: both providers into the tray.
  await page.goto(`/providers?search=${tag}`);
  await expectListHydrated(page);
  for (const provider of [alpha, beta]) {
    const button = addToRequest(cardByName(page, provider.name));
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
  }
  await expect(requestTray(page)).toContainText('2 of 3 providers chosen');
  await expect(requestTray(page)).toContainText(`${alpha.name}, ${beta.name}`);

  // One request to both.
  await requestTray(page).getByRole('link', { name: 'Send one request' }).click();
  await expect(page).toHaveURL('/request/new');
  await expect(page.getByTestId('chosen-provider').getByRole('heading')).toHaveText([
    alpha.name,
    beta.name,
  ]);
  await sendCctvRequest(
    page,
    { name: customer, email },
    {
      location: 'Hilton',
      description: 'Four cameras around the house, with night vision on the driveway.',
      propertyType: 'House',
    },
  );
  const sent = page.getByTestId('request-sent');
  await expect(sent).toContainText(`has been sent to ${alpha.name} and ${beta.name}.`);
  const reference = REFERENCE.exec((await sent.textContent()) ?? '')?.[0] ?? '';
  expect(reference).toMatch(REFERENCE);

  // The mailed link opens the request's page, which confirms the address.
  await openStatusPageFromMail(page, mailbox, email);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Request ${reference}`);
  await expect(
    page.getByRole('region', { name: 'Your providers' }).getByRole('heading', { level: 3 }),
  ).toHaveText([alpha.name, beta.name]);

  // Alpha answers with a message and a one-line quote.
  const alphaDesk = await providerDashboard(browser, accounts, alpha, PHONE.width);
  const alphaCard = await enquiryCard(alphaDesk, customer);
  await alphaCard.getByRole('button', { name: /^Messages \(0\)/ }).click();
  await alphaCard
    .getByLabel(`Your message to ${customer}`)
    .fill('We can come on Tuesday at nine to look at the driveway.');
  await alphaCard.getByRole('button', { name: 'Send Message' }).click();
  await expect(alphaCard.getByRole('list', { name: `Messages with ${customer}` })).toContainText(
    'We can come on Tuesday at nine',
  );
  const alphaQuote = await writeQuote(alphaDesk, customer, [
    { kind: 'Labour', what: 'Four cameras, installed', quantity: '1', unit: 'job', price: '5000' },
  ]);
  await sendQuote(alphaDesk, alphaQuote.dialog);
  await alphaDesk.context().close();

  // Beta answers with an itemised quote: R1 800 + R2 599 = R4 399 (not VAT-registered).
  const betaDesk = await providerDashboard(browser, accounts, beta, PHONE.width);
  const { dialog: betaQuote } = await writeQuote(betaDesk, customer, [
    {
      kind: 'Labour',
      what: 'Install and aim the cameras',
      quantity: '4',
      unit: 'hour',
      price: '450',
    },
    { kind: 'Materials', what: '4 MP dome camera', quantity: '2', unit: 'each', price: '1 299,50' },
  ]);
  await expect(betaQuote).toContainText(rand('R4 399,00'));
  await looked(betaDesk, 'journey-quote-editor', false);
  await sendQuote(betaDesk, betaQuote);

  // The customer is mailed each answer (the address is confirmed for both copies).
  const wrote = await mailbox.mailTo(email, `${alpha.name} wrote to you`);
  expect(wrote.text).toContain('We can come on Tuesday at nine to look at the driveway.');
  await mailbox.mailTo(email, `${alpha.name} sent a quote for your`);
  const betaMail = await mailbox.mailTo(email, `${beta.name} sent a quote for your`);
  expect(betaMail.subject).toBe(`${beta.name} sent a quote for ${reference}`);
  const compareLink = linkIn(betaMail.text, '/request?token=');

  // The customer compares the quotes (from Beta's mail), and accepts Beta's.
  await page.goto(`${compareLink?.pathname}${compareLink?.search}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Request ${reference}`);
  const compare = page.getByRole('region', { name: 'Compare the quotes' });
  const cards = compare
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3 }) });
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: alpha.name })).toContainText(rand('R5 000,00'));
  const betaCard = cards.filter({ hasText: beta.name });
  await expect(betaCard).toContainText(rand('R4 399,00'));
  await looked(page, 'journey-compare');
  await betaCard.getByRole('button', { name: 'Accept this quote' }).click();
  await page
    .getByRole('alertdialog', { name: `Accept ${beta.name}'s quote of ${rand('R4 399,00')}?` })
    .getByRole('button', { name: 'Accept the quote' })
    .click();
  await expect(compare.getByRole('status')).toContainText('You accepted the quote.');
  await expect(compare).toContainText(`Your agreed job with ${beta.name}`);
  await mailbox.mailTo(alpha.email, 'has chosen another provider');

  // Beta proposes a variation; the customer approves it.
  await betaDesk.reload();
  const jobPanel = await openQuotePanel(betaDesk, customer);
  await writeVariation(
    jobPanel,
    {
      kind: 'Materials',
      what: 'Cable to the gate camera',
      quantity: '10',
      unit: 'm',
      price: '12.50',
    },
    'The gate camera needs its own cable.',
  );
  await looked(betaDesk, 'journey-variation');
  await sendVariation(jobPanel);

  await page.reload();
  const job = page.getByRole('region', { name: 'Compare the quotes' });
  await job.getByRole('button', { name: `Approve ${rand('R125,00')} more` }).click();
  await expect(job.getByRole('status')).toContainText('You approved the variation');

  // Beta completes the job at the agreed total.
  await betaDesk.reload();
  const done = await openQuotePanel(betaDesk, customer);
  await expect(done.getByLabel('Final total (R)')).toHaveValue(/^4524(\.00)?$/);
  await done.getByRole('button', { name: 'Mark the job completed' }).click();
  await expect(betaDesk.getByTestId('toast').filter({ hasText: 'Job completed' })).toBeVisible();
  await betaDesk.context().close();

  // The customer sees the final price against the quote.
  await page.reload();
  const agreed = page.getByRole('region', { name: 'Compare the quotes' });
  await expect(agreed).toContainText(
    `The agreed price is ${rand('R4 524,00')} (the quote's ${rand('R4 399,00')} and the variations you approved)`,
  );
  await expect(agreed).toContainText(new RegExp(`Completed on .+ at ${rand('R4 524,00')}\\.`));
  await looked(page, 'journey-completed');
});
