/**
 * Paid placement disclosed (docs/decisions/0039-paid-placement.md): a Premium provider's
 * card and page say "Paid placement" beside the Verified badge, never in its place; the
 * label, /how-it-works and /join lead to /how-we-order, which says how each order works,
 * what Premium is and costs (PUBLIC_PREMIUM_MONTHLY_PRICE, or that the operator sets it),
 * and that it buys no check. The order itself is tested through the API
 * (tests/api/paid-placement-order.test.ts).
 *
 * E2E_SHOTS=folder writes screenshots at 390 and 1280 px there (kept out of git).
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { companyFrom, premiumPriceFrom } from '../../../src/lib/company.ts';
import { formatRand } from '../../../src/lib/format.ts';
import { PROVIDER_PAGE_SIZE } from '../../../src/lib/listing-limits.ts';
import { scan } from '../axe.ts';
import { expect, test } from '../fixtures.ts';
import {
  cardByName,
  expectListAtRest,
  expectListHydrated,
  fetchProviders,
  filters,
  hydrateAll,
  openProviderModal,
  providerCards,
  type ApiProvider,
} from '../support.ts';

const SHOTS = process.env['E2E_SHOTS'];

// Screenshots at two widths and three axe scans: more than the default 30 s when the
// machine is busy.
test.describe.configure({ timeout: 120_000 });
const HIGHVELD = 'Highveld Secure Systems';

async function shoot(page: Page, name: string, target?: Locator) {
  if (!SHOTS) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await (target ?? page).screenshot({
      path: `${SHOTS}/${name}-${width}.png`,
      ...(target ? {} : { fullPage: true }),
    });
  }
}

/** Highveld as the public API answers it. */
async function highveldInApi(request: APIRequestContext): Promise<ApiProvider> {
  const { items } = await fetchProviders(request, { search: HIGHVELD });
  return items.find((p) => p.name === HIGHVELD)!;
}

/** The label and the Verified badge, side by side in one group of the same element. */
async function expectBeside(scope: Locator) {
  // The first: the badge; a dialog's or page's Verification section says "Verified" below.
  const verified = scope.getByText('Verified', { exact: true }).first();
  const label = scope.getByRole('link', { name: 'Paid placement (how we order the list)' });
  await expect(verified).toBeVisible();
  await expect(label).toBeVisible();
  await expect(label).toHaveText('Paid placement (how we order the list)');
  await expect(label).toHaveAttribute('href', '/how-we-order');
  // Beside: both laid out by one element, the badge first. A built card's badge sits in
  // the slot its fresh claims are rendered into (display: contents, docs/decisions/0049),
  // so the element that lays them out is the nearest one that is not such a slot.
  const group = verified.locator('xpath=ancestor::*[not(contains(@class, "contents"))][1]');
  await expect(group).toContainText(/Verified.*Paid placement/);
  await expect(group.getByRole('link', { name: /^Paid placement/ })).toBeVisible();
  // And nowhere the old "Premium" badge in the Verified badge's place.
  await expect(scope.getByText('Premium', { exact: true })).toHaveCount(0);
  return label;
}

test('a Premium card says "Paid placement" beside its Verified badge, and the label leads to how we order', async ({
  page,
  request,
}) => {
  const highveld = await highveldInApi(request);
  expect(highveld).toMatchObject({ isPremium: true, isVerified: true });

  await page.goto('/providers');
  await expectListHydrated(page);
  const card = cardByName(page, HIGHVELD);
  const label = await expectBeside(card);
  // A card without Premium says nothing of it.
  const plain = (await fetchProviders(request)).items.find((p) => p.isVerified && !p.isPremium)!;
  await page.goto(`/providers?search=${encodeURIComponent(plain.name)}`);
  await expectListHydrated(page);
  const plainCard = cardByName(page, plain.name);
  await expect(plainCard.getByText('Verified', { exact: true })).toBeVisible();
  await expect(plainCard.getByTestId('paid-placement')).toHaveCount(0);

  await page.goto('/providers');
  await expectListHydrated(page);
  expect(await scan(page, '/providers with Premium cards')).toEqual([]);
  await shoot(page, 'paid-card', card);
  await page.setViewportSize({ width: 1280, height: 900 });
  // The label is a link of its own above the card's link: it opens the page, not the dialog.
  await label.click();
  await expect(page).toHaveURL('/how-we-order');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('How We Order the List');
});

test('a Premium provider page says "Paid placement" beside its Verified badge', async ({
  page,
  request,
}) => {
  const highveld = await highveldInApi(request);
  // The badge comes with the API's answer (never from the build, decision 0029).
  const refreshed = page.waitForResponse(
    (r) => new URL(r.url()).pathname === `/api/providers/${highveld.id}`,
  );
  await page.goto(`/provider/${highveld.id}`);
  await refreshed;
  const header = page.getByRole('main').locator('header').first();
  await expect(header.getByRole('heading', { level: 1 })).toHaveText(HIGHVELD);
  const label = await expectBeside(header);
  await hydrateAll(page);
  expect(await scan(page, `/provider/${highveld.id}`)).toEqual([]);
  await shoot(page, 'paid-profile', header);
  await page.setViewportSize({ width: 1280, height: 900 });
  await label.click();
  await expect(page).toHaveURL('/how-we-order');
});

test('the dialog says it too, and the filter reads "Verified, paid placement"', async ({
  page,
  request,
}) => {
  await page.goto('/providers');
  const dialog = await openProviderModal(page, HIGHVELD);
  await expectBeside(dialog);
  expect(await scan(page, 'the provider dialog of a Premium provider')).toEqual([]);
  await shoot(page, 'paid-dialog', dialog);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const { total } = await fetchProviders(request, { verification: 'premium' });
  await filters(page).verification.selectOption({ label: 'Verified, paid placement' });
  await expect(page).toHaveURL('/providers?verification=premium');
  await expect(page.getByTestId('provider-count')).toHaveText(`Showing ${total} provider(s)`);
  await expect(providerCards(page).getByTestId('paid-placement')).toHaveCount(
    Math.min(total, PROVIDER_PAGE_SIZE),
  );
  await expectListAtRest(page);
  expect(await scan(page, '/providers?verification=premium')).toEqual([]);
  await shoot(page, 'paid-filter');
});

test('/how-we-order says how each order works, what Premium is and costs, and that it buys no check', async ({
  page,
}) => {
  await page.goto('/how-we-order');
  const main = page.getByRole('main');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('How We Order the List');
  await expect(main.getByRole('heading', { level: 2 })).toHaveText([
    'Premium is paid placement',
    'How each order works',
    'The "Verified, paid placement" filter',
    'Looking for an installer, or are you one?',
  ]);
  // One heading per order of the list's "Sort by", in its order.
  const orders = main.getByRole('heading', { level: 3 });
  await expect(orders).toHaveText([
    'What Premium costs',
    'What Premium does not buy',
    'Recommended (the default)',
    'Nearest',
    'Highest rated',
    'Quickest to respond',
  ]);
  await expect(main).toContainText(
    'comes before other providers that are equally relevant to your search and equally verified',
  );
  await expect(main).toContainText('Premium plays no part in this order.');
  await expect(main).toContainText('No check and no badge.');
  // "Highest rated" counts a rating with its number of reviews, and says how.
  await expect(main).toContainText(
    'so a few reviews move it less than many: a 5.0 from 2 reviews counts as 3.6 and comes after a 4.9 from 9 reviews, which counts as 4.2.',
  );

  // The price as configured for the build, or that the operator sets it.
  const price = premiumPriceFrom(process.env);
  const operator =
    companyFrom(process.env).configured.legalName ?? 'the company that runs Verified Providers';
  await expect(main.getByTestId('premium-price')).toHaveText(
    price === undefined
      ? `The price of Premium is set by ${operator} and is not published on this site. A provider who wants to know it can ask us through the contact page.`
      : `Premium costs ${formatRand(price)} a month. The price is set by ${operator}.`,
  );
  await expect(main.getByRole('link', { name: 'verification process' })).toHaveAttribute(
    'href',
    '/verification',
  );
  expect(await scan(page, '/how-we-order')).toEqual([]);
  await shoot(page, 'how-we-order');
});

test('/how-it-works, /join and /verification link to /how-we-order', async ({ page }) => {
  for (const path of ['/how-it-works', '/join', '/verification']) {
    await page.goto(path);
    const link = page.getByRole('main').getByRole('link', { name: 'how we order the list' });
    await expect(link, path).toHaveAttribute('href', '/how-we-order');
  }
  // The changed screen of /join: its note on Premium.
  await page.goto('/join');
  await hydrateAll(page);
  expect(await scan(page, '/join')).toEqual([]);
  await shoot(page, 'join-premium-note', page.locator('main section').first());
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/how-it-works');
  await page.getByRole('main').getByRole('link', { name: 'how we order the list' }).click();
  await expect(page).toHaveURL('/how-we-order');
});
