/**
 * The provider modal on a phone: a header with the name and the close
 * button that stays in view, tabs that scroll sideways with a cue, a bar at the bottom
 * with Call (the number on it), WhatsApp (mobile numbers only) and Request, and the open
 * provider in the URL so that Back closes the modal and a shared link opens it.
 */
import type { Locator, Page } from '@playwright/test';
import { scan } from '../axe.ts';
import { expect, test } from '../fixtures.ts';
import {
  APPROVED_PROVIDER_COUNT,
  PROVIDER_LIST_API,
  cardByName,
  expectCount,
  fetchProvider,
  openProviderModal,
  type ApiProvider,
} from '../support.ts';

const HIGHVELD = 'Highveld Secure Systems';
const HIGHVELD_ID = 1;

test.use({ viewport: { width: 390, height: 844 } });

async function openHighveld(page: Page): Promise<Locator> {
  await page.goto('/providers');
  await expectCount(page, APPROVED_PROVIDER_COUNT);
  return openProviderModal(page, HIGHVELD);
}

function scrollDialogToEnd(dialog: Locator): Promise<void> {
  return dialog.locator(':scope > .modal-box').evaluate((box) => box.scrollTo(0, box.scrollHeight));
}

/** Whether the tab shows whole inside the tab list (not cut by its sideways scroll). */
async function wholeInList(tab: Locator, tablist: Locator): Promise<boolean> {
  const [t, l] = await Promise.all([tab.boundingBox(), tablist.boundingBox()]);
  return !!t && !!l && t.x >= l.x - 0.5 && t.x + t.width <= l.x + l.width + 0.5;
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

test('the header stays in view and the bottom bar calls the number, shown the South African way', async ({
  page,
  request,
}) => {
  const provider = await fetchProvider(request, HIGHVELD_ID);
  expect(provider.name).toBe(HIGHVELD);
  expect(provider.phone).toBe('+27115550123');

  const dialog = await openHighveld(page);
  const bar = dialog.getByRole('group', { name: 'Contact' });
  await expect(bar.getByRole('link', { name: 'Call 011 555 0123' })).toHaveAttribute(
    'href',
    'tel:+27115550123',
  );
  // A Johannesburg landline: no WhatsApp.
  await expect(bar.getByRole('link', { name: /WhatsApp/ })).toHaveCount(0);
  await expect(bar.getByRole('button', { name: 'Request' })).toBeVisible();
  // The desktop's Contact Provider button gives way to the bar.
  await expect(dialog.getByRole('link', { name: 'Contact Provider' })).toBeHidden();
  await expect(bar).toBeInViewport({ ratio: 1 });
  await shoot(page, 'modal-390-top');

  await scrollDialogToEnd(dialog);
  await expect(dialog.getByRole('heading', { name: HIGHVELD, level: 2 })).toBeInViewport({
    ratio: 1,
  });
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeInViewport({ ratio: 1 });
  await expect(bar).toBeInViewport({ ratio: 1 });
  await shoot(page, 'modal-390-scrolled');

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('the tabs scroll sideways with a cue, and every tab can be reached', async ({ page }) => {
  const dialog = await openHighveld(page);
  const tablist = dialog.getByRole('tablist', { name: 'Provider details' });
  const tab = (name: string) => dialog.getByRole('tab', { name });
  const after = dialog.getByTestId('tabs-more-after');
  const before = dialog.getByTestId('tabs-more-before');

  await tablist.scrollIntoViewIfNeeded();
  // Wider than the phone: Request Service is cut off, and the cue says there is more.
  expect(await wholeInList(tab('Request Service'), tablist)).toBe(false);
  await expect(after).toBeVisible();
  await expect(before).toBeHidden();
  await shoot(page, 'modal-390-tabs-start');

  await tablist.evaluate((list) => list.scrollTo({ left: list.scrollWidth }));
  await expect(after).toBeHidden();
  expect(await wholeInList(tab('Request Service'), tablist)).toBe(true);
  await expect(before).toBeVisible();
  await tab('Request Service').click();
  await expect(tab('Request Service')).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByRole('tabpanel').getByLabel('Your Name *')).toBeVisible();
  await shoot(page, 'modal-390-tab-request');

  // The keyboard brings the tab it opens into view.
  await tab('Request Service').press('Home');
  await expect(tab('Services')).toBeFocused();
  await expect.poll(() => wholeInList(tab('Services'), tablist)).toBe(true);
  expect(await wholeInList(tab('Request Service'), tablist)).toBe(false);
  for (const [name, text] of [
    ['Reviews', 'Based on'],
    ['Contact', 'Business Hours'],
    ['Coverage', 'Coverage Areas'],
  ] as const) {
    await page.keyboard.press('ArrowRight');
    await expect(tab(name)).toBeFocused();
    await expect.poll(() => wholeInList(tab(name), tablist)).toBe(true);
    await expect(dialog.getByRole('tabpanel', { name })).toContainText(text);
    if (name === 'Contact') {
      // Shown the South African way, dialled in E.164.
      await expect(
        dialog.getByRole('tabpanel', { name }).getByRole('link', { name: '011 555 0123' }),
      ).toHaveAttribute('href', 'tel:+27115550123');
    }
    await shoot(page, `modal-390-tab-${name.toLowerCase()}`);
  }
  await page.keyboard.press('End');
  await expect(tab('Request Service')).toBeFocused();
  await expect.poll(() => wholeInList(tab('Request Service'), tablist)).toBe(true);

  // The bar's Request opens the form's tab from anywhere in the dialog.
  await page.keyboard.press('Home');
  await scrollDialogToEnd(dialog);
  await dialog
    .getByRole('group', { name: 'Contact' })
    .getByRole('button', { name: 'Request' })
    .click();
  await expect(tab('Request Service')).toHaveAttribute('aria-selected', 'true');
  await expect(tab('Request Service')).toBeFocused();
  await expect(dialog.getByRole('tabpanel').getByLabel('Your Name *')).toBeVisible();
});

test('a mobile number gets a WhatsApp button; the Call button carries the number', async ({
  page,
}) => {
  // The catalogue's sample numbers are all landlines: one is answered as a mobile number.
  await page.route(PROVIDER_LIST_API, async (route) => {
    const response = await route.fetch();
    const rows = (await response.json()) as ApiProvider[];
    await route.fulfill({
      response,
      json: rows.map((p) => (p.id === HIGHVELD_ID ? { ...p, phone: '+27821234567' } : p)),
    });
  });
  const dialog = await openHighveld(page);
  const bar = dialog.getByRole('group', { name: 'Contact' });
  await expect(bar.getByRole('link', { name: 'Call 082 123 4567' })).toHaveAttribute(
    'href',
    'tel:+27821234567',
  );
  const whatsApp = bar.getByRole('link', { name: 'WhatsApp (opens in a new tab)' });
  await expect(whatsApp).toHaveAttribute('href', 'https://wa.me/27821234567');
  await expect(whatsApp).toHaveAttribute('target', '_blank');
  await shoot(page, 'modal-390-whatsapp');
});

test('Back closes the modal and keeps the list; Forward opens it again', async ({ page }) => {
  const dialog = await openHighveld(page);
  await expect(page).toHaveURL(/\/providers\?provider=1$/);

  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/providers$/);
  await expectCount(page, APPROVED_PROVIDER_COUNT);

  await page.goForward();
  await expect(page.getByRole('dialog', { name: HIGHVELD })).toBeVisible();

  // Closing takes the entry away again: Back then leaves nothing open behind.
  await page.getByRole('dialog', { name: HIGHVELD }).getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/providers$/);
});

test('Escape closes the modal, removes the provider from the URL and returns focus', async ({
  page,
}) => {
  const dialog = await openHighveld(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/providers$/);
  await expect(
    cardByName(page, HIGHVELD).getByRole('button', { name: HIGHVELD, exact: true }),
  ).toBeFocused();
});

test('a shared link opens the modal on load, also for a provider not on the list', async ({
  page,
  request,
}) => {
  await page.goto('/providers?provider=1');
  const dialog = page.getByRole('dialog', { name: HIGHVELD });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: HIGHVELD, level: 2 })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/providers$/);
  await expectCount(page, APPROVED_PROVIDER_COUNT);

  // Filtered to Highveld alone, a link to another provider still opens that one.
  const other = await fetchProvider(request, 2);
  await page.goto(`/providers?search=Highveld&provider=${other.id}`);
  await expectCount(page, 1);
  await expect(page.getByRole('dialog', { name: other.name })).toBeVisible();

  // A link to a provider that does not exist opens nothing and drops the parameter.
  await page.goto('/providers?provider=999999');
  await expect(page).toHaveURL(/\/providers$/);
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('axe finds nothing in the modal on a phone, scrolled and on the request form', async ({
  page,
}) => {
  const dialog = await openHighveld(page);
  expect(await scan(page, 'provider modal (390 px)')).toEqual([]);
  await dialog
    .getByRole('group', { name: 'Contact' })
    .getByRole('button', { name: 'Request' })
    .click();
  await expect(dialog.getByRole('tabpanel').getByLabel('Your Name *')).toBeVisible();
  expect(await scan(page, 'provider modal request tab (390 px)')).toEqual([]);
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('no bottom bar; the Contact Provider button and all five tabs show', async ({ page }) => {
    const dialog = await openHighveld(page);
    await expect(dialog.getByRole('group', { name: 'Contact' })).toBeHidden();
    await expect(dialog.getByRole('link', { name: 'Contact Provider' })).toBeVisible();
    const tablist = dialog.getByRole('tablist', { name: 'Provider details' });
    await tablist.scrollIntoViewIfNeeded();
    expect(await wholeInList(dialog.getByRole('tab', { name: 'Request Service' }), tablist)).toBe(
      true,
    );
    await expect(dialog.getByTestId('tabs-more-after')).toBeHidden();
    await shoot(page, 'modal-1280');
    await dialog.getByRole('tab', { name: 'Request Service' }).click();
    await shoot(page, 'modal-1280-tab-request');
  });
});

test.describe('the provider page', () => {
  test('on a phone the contact actions come before the description', async ({ page, request }) => {
    const provider = await fetchProvider(request, HIGHVELD_ID);
    await page.goto(`/provider/${HIGHVELD_ID}`);
    const contact = page.getByRole('region', { name: 'Contact this provider' });
    await expect(contact.getByRole('link', { name: 'Call Provider' })).toHaveAttribute(
      'href',
      'tel:+27115550123',
    );
    const about = page.getByRole('heading', { name: `About ${provider.name}` });
    const contactTop = (await contact.boundingBox())?.y ?? Infinity;
    const aboutTop = (await about.boundingBox())?.y ?? -Infinity;
    expect(contactTop).toBeLessThan(aboutTop);
    await shoot(page, 'page-390');
    await page.screenshot({ path: test.info().outputPath('page-390-full.png'), fullPage: true });
  });

  test.describe('on a desktop', () => {
    test.use({ viewport: { width: 1280, height: 800 } });

    test('the contact card heads the side column, beside the description', async ({ page }) => {
      await page.goto(`/provider/${HIGHVELD_ID}`);
      const contact = page.getByRole('region', { name: 'Contact this provider' });
      await expect(contact.getByRole('link', { name: 'Call Provider' })).toBeVisible();
      const about = page.getByRole('heading', { name: `About ${HIGHVELD}` });
      const card = await contact.boundingBox();
      const text = await about.boundingBox();
      expect(card && text && card.x > text.x + text.width).toBe(true);
      await page.screenshot({ path: test.info().outputPath('page-1280-full.png'), fullPage: true });
    });
  });
});
