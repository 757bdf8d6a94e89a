/**
 * Ask up to three (docs/decisions/0050), on a phone, each screen checked at a desktop's
 * width too: a visitor adds verified
 * providers to the request tray from a listing card, a provider's dialog and a provider's
 * page; the tray survives navigation, holds at most three, and shows as a bar; the request
 * page sends one brief to all of them; the status page shows each provider's progress
 * under one reference. E2E_SHOTS=folder writes screenshots of the bar, the request page
 * and the status page there.
 */
import type { APIRequestContext } from '@playwright/test';
import { linkIn } from '../../helpers/outbox.ts';
import { uniqueTag } from '../builders.ts';
import { expect, test, type Accounts, type TestProvider } from '../fixtures.ts';
import {
  addToRequest,
  checkScreen,
  newVerifiedProvider,
  requestTray,
  sendCctvRequest,
} from '../requests.ts';
import { cardByName, expectListHydrated, expectProfileHydrated } from '../support.ts';

const REFERENCE = /VP-\d{2}-\d{6}/;

/** Verified CCTV providers of the test (and one that is not verified), named with its tag. */
async function providersOf(request: APIRequestContext, accounts: Accounts, tag: string) {
  const fields = (name: string) => ({
    name: `${tag} ${name}`,
    services: ['cctv', 'alarms'],
    legalForm: 'sole_trader',
    location: 'Pietermaritzburg',
  });
  const make = (name: string) => newVerifiedProvider(request, accounts, fields(name));
  return {
    alpha: await make('Alpha Cameras'),
    beta: await make('Beta Security'),
    gamma: await make('Gamma Vision'),
    delta: await make('Delta Alarms'),
    unverified: await accounts.newProvider(fields('Unchecked Installers')),
  };
}

const addButton = addToRequest;
const tray = requestTray;

test('one request to three providers from the tray', async ({
  page,
  request,
  accounts,
  mailbox,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const tag = uniqueTag();
  const { alpha, beta, gamma, delta, unverified } = await providersOf(request, accounts, tag);

  // The list: a card's button puts its provider in the tray, shown as a bar.
  await page.goto(`/providers?search=${tag}`);
  await expectListHydrated(page);
  await expect(cardByName(page, alpha.name)).toBeVisible();
  await expect(addButton(cardByName(page, unverified.name))).toHaveCount(0);
  await expect(tray(page)).toBeHidden();
  const alphaButton = addButton(cardByName(page, alpha.name));
  await expect(alphaButton).toHaveAttribute('aria-pressed', 'false');
  await alphaButton.click();
  await expect(alphaButton).toHaveAttribute('aria-pressed', 'true');
  await expect(tray(page)).toContainText('1 of 3 providers chosen');
  await expect(tray(page)).toContainText(alpha.name);

  // The dialog's button.
  await cardByName(page, beta.name).getByRole('button', { name: beta.name, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: beta.name });
  await addButton(dialog).click();
  await expect(addButton(dialog)).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(addButton(cardByName(page, beta.name))).toHaveAttribute('aria-pressed', 'true');

  // The provider's own page: the tray came along.
  await page.goto(`/provider/${gamma.id}`);
  await expectProfileHydrated(page);
  await expect(tray(page)).toContainText('2 of 3 providers chosen');
  await addButton(page.getByRole('region', { name: 'Contact this provider' })).click();
  await expect(tray(page)).toContainText('3 of 3 providers chosen');
  await expect(tray(page)).toContainText(`${alpha.name}, ${beta.name}, ${gamma.name}`);

  // A fourth is refused, in words.
  await page.goto(`/providers?search=${tag}`);
  await expectListHydrated(page);
  await addButton(cardByName(page, delta.name)).click();
  await expect(page.getByTestId('toast')).toContainText('You can ask at most 3 providers at once');
  await expect(addButton(cardByName(page, delta.name))).toHaveAttribute('aria-pressed', 'false');
  await expect(addButton(cardByName(page, alpha.name))).toHaveAttribute('aria-pressed', 'true');
  expect(await checkScreen(page, 'listing with the tray', 'tray-listing')).toEqual([]);

  // The request page: the three, the services they all offer, one brief.
  await tray(page).getByRole('link', { name: 'Send one request' }).click();
  await expect(page).toHaveURL('/request/new');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Send one request to several providers',
  );
  await expect(tray(page)).toBeHidden();
  const chosen = page.getByTestId('chosen-provider');
  await expect(chosen).toHaveCount(3);
  await expect(chosen.getByRole('heading')).toHaveText([alpha.name, beta.name, gamma.name]);
  await expect(page.getByLabel('Service Type *').locator('option')).toHaveText([
    'Select a service',
    'CCTV Installations & Repairs',
    'Alarm Systems',
  ]);
  expect(await checkScreen(page, 'request page', 'request-new')).toEqual([]);

  const email = `ask.${tag.toLowerCase()}@example.co.za`;
  await sendCctvRequest(
    page,
    { name: 'Naledi Khumalo', email },
    {
      location: 'Hilton',
      description: 'Six cameras around a farmhouse, with night vision on the driveway.',
      propertyType: 'Farm or smallholding',
    },
  );

  const sent = page.getByTestId('request-sent');
  await expect(sent.getByTestId('request-reference')).toHaveText(REFERENCE);
  const reference = REFERENCE.exec((await sent.textContent()) ?? '')?.[0] ?? '';
  await expect(sent).toContainText(
    `Your request ${reference} has been sent to ${alpha.name}, ${beta.name} and ${gamma.name}.`,
  );
  await expect(page.getByRole('heading', { name: 'Sent to' })).toBeVisible();
  expect(await checkScreen(page, 'request sent', 'request-new-sent')).toEqual([]);
  // The tray is empty again, on every page.
  await page.goto('/providers');
  await expect(tray(page)).toBeHidden();

  // Each provider is told, of no other; one mail to the customer names all three.
  for (const provider of [alpha, beta, gamma]) {
    const mail = await mailbox.mailTo(provider.email, reference);
    for (const other of [alpha, beta, gamma].filter((p: TestProvider) => p.id !== provider.id)) {
      expect(mail.text).not.toContain(other.name);
    }
  }
  const mail = await mailbox.mailTo(email, reference);
  expect(mail.subject).toBe(
    `Your request ${reference} was sent to ${alpha.name}, ${beta.name} and ${gamma.name}`,
  );

  // The status page: one reference, each provider's progress.
  const link = linkIn(mail.text, '/request?token=');
  await page.goto(`${link?.pathname}${link?.search}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Request ${reference}`);
  const progress = page.getByRole('region', { name: 'Your providers' });
  await expect(progress.getByRole('heading', { level: 3 })).toHaveText([
    alpha.name,
    beta.name,
    gamma.name,
  ]);
  expect(await checkScreen(page, 'status page of a group', 'status-group')).toEqual([]);
});
