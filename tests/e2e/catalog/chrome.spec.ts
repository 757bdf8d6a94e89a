/**
 * The chrome of every page (spec sections 1 and 2): footer, header navigation, Services
 * dropdown, active link, help widget, mobile drawer, toasts, titles.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { APPROVED_PROVIDER_COUNT, CATEGORIES, expectCount, openProviderModal } from '../support.ts';

/** Footer links whose pages do not exist yet (none now). */
const MISSING_PAGES = new Set<string>();

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test.describe('footer', () => {
  test('every footer link answers a real page; service links filter the list', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    const hrefs = await page
      .locator('footer a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    const unique = [...new Set(hrefs)];
    expect(unique.length).toBeGreaterThanOrEqual(19);
    for (const href of unique) {
      expect(href, 'a footer link stays on the site').toMatch(/^\/[^/]?/);
      if (MISSING_PAGES.has(href)) continue;
      const response = await request.get(href);
      expect(response.status(), `GET ${href}`).toBe(200);
      const html = await response.text();
      expect(html, `${href} is not the 404 page`).not.toMatch(/<h1[^>]*>\s*Page Not Found/);
      expect(html, `${href} is a page of the site`).toMatch(/<title>[^<]*Verified Providers/);
    }

    // The service links open the list filtered by service.
    const services = page.locator('footer').getByRole('navigation', { name: 'Services' });
    await expect(services.getByRole('link')).toHaveText(CATEGORIES.map((c) => c.name));
    for (const [i, category] of CATEGORIES.entries()) {
      await expect(services.getByRole('link').nth(i)).toHaveAttribute(
        'href',
        `/providers?serviceType=${category.id}`,
      );
    }
    await services.getByRole('link', { name: 'Alarm Systems' }).click();
    await expect(page).toHaveURL('/providers?serviceType=alarms');
    await expect(page.getByLabel('Service Type', { exact: true })).toHaveValue('alarms');
  });
});

test.describe('header', () => {
  test('the Services dropdown lists the six categories', async ({ page }) => {
    await page.goto('/');
    const nav = mainNav(page);
    const toggle = nav.getByText('Services', { exact: true });
    const links = nav.locator('[data-services-menu]').getByRole('link');
    await expect(links.first()).toBeHidden();
    await toggle.click();
    await expect(links).toHaveText(CATEGORIES.map((c) => c.name));
    for (const [i, category] of CATEGORIES.entries()) {
      await expect(links.nth(i)).toHaveAttribute('href', `/services/${category.slug}`);
    }
    // Escape closes it.
    await page.keyboard.press('Escape');
    await expect(links.first()).toBeHidden();

    await toggle.click();
    await nav.getByRole('link', { name: 'Access Control' }).click();
    await expect(page).toHaveURL('/services/access-control');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Access Control');
  });

  test('the current page’s link is active', async ({ page }) => {
    const nav = mainNav(page);
    const home = nav.getByRole('link', { name: 'Home', exact: true });
    const about = nav.getByRole('link', { name: 'About', exact: true });
    for (const [path, current, other] of [
      ['/about', about, home],
      ['/', home, about],
      ['/providers', nav.getByRole('link', { name: 'Find Providers' }), home],
    ] as const) {
      await page.goto(path);
      await expect(current).toHaveAttribute('aria-current', 'page');
      await expect(other).not.toHaveAttribute('aria-current');
    }
  });

  test('titles name the product and the home page has a meta description', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/Verified Providers/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\w.{40,}/);
    for (const path of ['/about', '/providers', '/provider/1', '/services/ndi-networks']) {
      await page.goto(path);
      await expect(page).toHaveTitle(/Verified Providers/);
    }
  });
});

test.describe('help widget', () => {
  // The test build sets no PUBLIC_WHATSAPP_NUMBER (nor does the README's run): the panel
  // offers no chat with a made-up number, but the contact form (site.test.ts: the number),
  // and the contact page sends nobody back to the help button.
  test('the help button toggles a panel that points to the contact form without a WhatsApp number', async ({
    page,
  }) => {
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Help' });
    const panel = page.getByRole('region', { name: 'Help' });
    await expect(panel).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    await button.click();
    await expect(panel).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(panel).not.toContainText('not configured');
    await expect(panel.getByRole('link', { name: /WhatsApp/ })).toHaveCount(0);
    await expect(panel.locator('a[href^="https://wa.me/"]')).toHaveCount(0);
    await expect(panel.getByRole('link', { name: 'Write to us' })).toHaveAttribute(
      'href',
      '/contact#write-to-us',
    );

    await button.click();
    await expect(panel).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    await button.click();
    await panel.getByRole('link', { name: 'Write to us' }).click();
    await expect(page).toHaveURL(/\/contact#write-to-us$/);
    await expect(page.getByRole('form', { name: 'Write to us' })).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText('help button');
    await expect(page.getByRole('main')).not.toContainText('WhatsApp');
  });
});

test.describe('mobile drawer', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('opens from the menu button, 280 px wide, with the same links; closes on Escape and on a link click', async ({
    page,
  }) => {
    await page.goto('/');
    const opener = page.getByRole('button', { name: 'Open menu' });
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(mainNav(page).getByRole('link', { name: 'About', exact: true })).toBeHidden();
    await expect(drawer).toBeHidden();

    await opener.click();
    await expect(drawer).toBeVisible();
    await expect(opener).toHaveAttribute('aria-expanded', 'true');
    const box = await drawer.boundingBox();
    expect(box?.width).toBeCloseTo(280, 0);

    const home = drawer.getByRole('link', { name: 'Home', exact: true });
    for (const [link, href] of [
      [home, '/'],
      [drawer.getByRole('link', { name: 'Find Providers' }), '/providers'],
      [drawer.getByRole('link', { name: 'About', exact: true }), '/about'],
      [drawer.getByRole('link', { name: 'List Your Business' }), '/join'],
    ] as const) {
      await expect(link).toHaveAttribute('href', href);
    }
    await expect(home).toHaveAttribute('aria-current', 'page');
    await drawer.getByText('Services', { exact: true }).click();
    for (const category of CATEGORIES) {
      await expect(drawer.getByRole('link', { name: category.name })).toHaveAttribute(
        'href',
        `/services/${category.slug}`,
      );
    }

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(opener).toHaveAttribute('aria-expanded', 'false');
    await expect(opener).toBeFocused();

    await opener.click();
    await drawer.getByRole('button', { name: 'Close menu' }).click();
    await expect(drawer).toBeHidden();

    // A link click closes the drawer and navigates.
    await opener.click();
    await expect(drawer).toBeVisible();
    // Whether the drawer is still open once the click has been handled is noted in
    // sessionStorage, which survives the navigation that follows. (Not on the dialog's
    // 'close' event: that is queued as a task, which the navigation may never run.)
    await drawer.evaluate((dialog: HTMLDialogElement) => {
      window.addEventListener('click', () =>
        sessionStorage.setItem('drawer-open-after-click', String(dialog.open)),
      );
    });
    await drawer.getByRole('link', { name: 'About', exact: true }).click();
    await expect(page).toHaveURL('/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Verified Providers');
    expect(await page.evaluate(() => sessionStorage.getItem('drawer-open-after-click'))).toBe(
      'false',
    );
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
  });
});

test.describe('notifications', () => {
  test('F8 focuses the notifications region, and a toast closes with its button', async ({
    page,
  }) => {
    // A rejected service request (answered here, nothing is stored) raises a toast.
    await page.route('**/api/enquiries', (route) =>
      route.fulfill({ status: 400, json: { message: 'Rejected by the test' } }),
    );
    await page.goto('/providers');
    await expectCount(page, APPROVED_PROVIDER_COUNT);
    await page.keyboard.press('F8');
    await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toBeFocused();

    const dialog = await openProviderModal(page, 'Umgeni Wireless Solutions');
    await dialog.getByRole('tab', { name: 'Request Service' }).click();
    await dialog.getByLabel('Your Name *').fill('Sipho Dlamini');
    await dialog.getByLabel('Email Address *').fill('sipho@example.co.za');
    await dialog.getByLabel('Service Type *').selectOption('wifi');
    await dialog.getByLabel('Service Location *').fill('Umhlanga, Durban');
    await dialog.getByLabel('Project Description *').fill('Mesh Wi-Fi for a double-storey home.');
    await dialog.getByRole('checkbox', { name: 'Not sure (Floor area)' }).check();
    await dialog.getByRole('button', { name: 'Send Request' }).click();

    const toast = page.getByTestId('toast');
    await expect(toast).toHaveCount(1);
    await expect(toast).toBeVisible();
    // While the modal dialog is open the toast is inert (outside the dialog, under the
    // top layer) and its close button cannot be clicked: reported as a product bug.
    // Once the dialog is closed, the close button works.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // Pointing at a toast pauses its 5 s timer, so only the button can close it now.
    await toast.hover();
    await expect(toast).toBeVisible();
    await toast.getByRole('button', { name: 'Close notification' }).click();
    await expect(toast).toHaveCount(0);
  });
});
