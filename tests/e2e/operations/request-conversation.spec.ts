/**
 * A conversation with each provider (docs/decisions/0050), the customer on a phone and the
 * providers at a desktop's width, each screen checked in both layouts: the
 * customer writes to one of the two providers of a request from the status page, with a
 * photo and a PDF; that provider reads it on its dashboard (the other sees nothing) and
 * answers; the answer is mailed to the customer with a link back; the desk reads the whole
 * conversation. Nobody needed the other's e-mail address or phone number. axe on each
 * screen; E2E_SHOTS=folder writes screenshots there.
 */
import { writeFile } from 'node:fs/promises';
import type { Browser } from '@playwright/test';
import { linkIn } from '../../helpers/outbox.ts';
import { atBothWidths, scan } from '../axe.ts';
import { newEnquiry, uniqueTag } from '../builders.ts';
import { expect, openAdmin, test, type Accounts, type TestProvider } from '../fixtures.ts';
import { checkScreen, newVerifiedProvider, providerDashboard } from '../requests.ts';

const SHOTS = process.env['E2E_SHOTS'];
const SITE_PHOTO = 'public/public-objects/sample-provider-4.webp';
const PDF = '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n';

async function dashboardOf(
  browser: Browser,
  accounts: Accounts,
  provider: TestProvider,
  enquiryId?: number,
) {
  const page = await providerDashboard(browser, accounts, provider, 1280, enquiryId);
  await page.getByRole('tab', { name: 'Enquiries' }).click();
  return page;
}

test('customer and provider write to each other through the request', async ({
  page,
  browser,
  request,
  accounts,
  mailbox,
  signedInAdmin,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const tag = uniqueTag();
  const make = (name: string) =>
    newVerifiedProvider(request, accounts, {
      name: `${tag} ${name}`,
      services: ['network', 'wifi'],
    });
  const alpha = await make('Alpha Networks');
  const beta = await make('Beta Wi-Fi');
  const customerName = `Zodwa ${tag}`;
  const email = `zodwa.${tag.toLowerCase()}@example.co.za`;
  const sent = await request.post('/api/enquiries', {
    data: {
      ...newEnquiry(alpha.id, { customerName, customerEmail: email, serviceType: 'wifi' }),
      providerIds: [alpha.id, beta.id],
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const { reference } = (await sent.json()) as { reference: string };

  // The customer opens the page from the mail (which confirms the address).
  const link = await mailbox.linkTo(email, '/request?token=');
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Request ${reference}`);
  const messages = page.getByRole('region', { name: 'Messages' });
  await messages.getByRole('tab', { name: `${beta.name} (0)` }).click();
  await expect(messages.getByText(`No messages with ${beta.name} yet.`)).toBeVisible();
  const pdf = test.info().outputPath('site-plan.pdf');
  await writeFile(pdf, PDF);
  await messages.getByLabel('Photos or PDFs').setInputFiles([SITE_PHOTO, pdf]);
  await expect(messages.getByRole('list', { name: 'Files to send' })).toContainText(
    /sample-provider-4\.webp\s*Uploaded/,
  );
  await expect(messages.getByRole('list', { name: 'Files to send' })).toContainText(
    /site-plan\.pdf\s*Uploaded/,
  );
  await messages
    .getByLabel(`Your message to ${beta.name}`)
    .fill('The router is in the garage. Here is a photo, and the plan of the house.');
  await messages.getByRole('button', { name: 'Send Message' }).click();
  await expect(messages.getByText('Your message is sent.')).toBeVisible();
  const thread = messages.getByRole('list', { name: `Messages with ${beta.name}` });
  await expect(thread).toContainText('The router is in the garage.');
  await expect(thread.getByRole('img', { name: 'Photo: sample-provider-4.webp' })).toBeVisible();
  await expect(thread.getByRole('link', { name: /site-plan\.pdf \(PDF, 1 KB\)/ })).toBeVisible();
  await expect(messages.getByRole('tab', { name: `${beta.name} (1)` })).toBeVisible();
  expect(await checkScreen(page, 'status page messages', 'conversation-customer')).toEqual([]);

  // Beta reads it (linked from its mail) and answers; Alpha has nothing.
  const told = await mailbox.mailTo(beta.email, `${customerName} wrote to you about request`);
  const dashboardLink = linkIn(told.text, '/dashboard?enquiry=');
  const betaCopy = Number(dashboardLink?.searchParams.get('enquiry'));
  expect(told.text).not.toContain(email);
  const betaPage = await dashboardOf(browser, accounts, beta, betaCopy);
  const card = betaPage.getByRole('article', { name: `Enquiry from ${customerName}` });
  await expect(card.getByRole('button', { name: /^Messages \(1\)/ })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(card).toContainText('The customer wrote last');
  const betaThread = card.getByRole('list', { name: `Messages with ${customerName}` });
  await expect(betaThread).toContainText('The router is in the garage.');
  await expect(
    betaThread.getByRole('img', { name: 'Photo: sample-provider-4.webp' }),
  ).toBeVisible();
  await card
    .getByLabel(`Your message to ${customerName}`)
    .fill('Thank you. We can come on Tuesday at nine to measure.');
  await card.getByRole('button', { name: 'Send Message' }).click();
  await expect(betaThread).toContainText('We can come on Tuesday at nine to measure.');
  expect(await checkScreen(betaPage, 'dashboard messages', 'conversation-provider')).toEqual([]);
  await betaPage.context().close();

  const alphaPage = await dashboardOf(browser, accounts, alpha);
  const alphaCard = alphaPage.getByRole('article', { name: `Enquiry from ${customerName}` });
  await alphaCard.getByRole('button', { name: 'Messages (0)' }).click();
  await expect(alphaCard).toContainText('No messages yet.');
  await expect(alphaCard).not.toContainText('garage');
  await alphaPage.context().close();

  // The customer is mailed the answer, with a link back to the conversation.
  const answer = await mailbox.mailTo(email, `${beta.name} wrote to you`);
  expect(answer.text).toContain('We can come on Tuesday at nine to measure.');
  expect(answer.text).not.toContain(beta.email);
  const back = linkIn(answer.text, '/request?token=');
  await page.goto(`${back?.pathname}${back?.search}`);
  await page
    .getByRole('region', { name: 'Messages' })
    .getByRole('tab', { name: `${beta.name} (2)` })
    .click();
  await expect(page.getByRole('list', { name: `Messages with ${beta.name}` })).toContainText(
    'We can come on Tuesday at nine to measure.',
  );

  // The desk reads the whole conversation of Beta's copy.
  await openAdmin(page, signedInAdmin, 'Enquiries');
  await page.getByLabel('Search customer or location').fill(customerName);
  const rows = page.getByRole('row', { name: new RegExp(beta.name) });
  await rows.getByRole('button', { name: `Open enquiry from ${customerName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Enquiry' });
  const deskThread = dialog.getByRole('list', { name: `Messages of ${customerName}'s request` });
  await expect(deskThread).toContainText('The router is in the garage.');
  await expect(deskThread).toContainText('We can come on Tuesday at nine to measure.');
  await expect(deskThread).toContainText(beta.name);
  const found = await atBothWidths(page, async (width) => {
    if (SHOTS) {
      await deskThread.scrollIntoViewIfNeeded();
      await dialog.screenshot({ path: `${SHOTS}/conversation-desk-${width}.png` });
    }
    return scan(page, `desk messages at ${width}px`);
  });
  expect(found.flat()).toEqual([]);
});
