/**
 * A company with a name: the footer of every page and /contact name
 * the operating company as configured for the build (tests/build/company.test.ts checks
 * the values); here, that a person sees them and can call or write from them.
 */
import { expect, test } from '../fixtures.ts';

const SHOTS = process.env['E2E_SHOTS'];

test('the footer says who operates the site, with working phone and e-mail links', async ({
  page,
}) => {
  await page.goto('/providers');
  const company = page.locator('footer [data-company]');
  await expect(company.locator('[data-company-detail]')).toHaveCount(5);
  await expect(company).toContainText(/Operated by \S|Company name not configured/);
  await expect(company).toContainText(/Registration number \S|Registration number not configured/);
  for (const link of await company.getByRole('link').all()) {
    await expect(link).toHaveAttribute('href', /^(tel:\+?\d+|mailto:\S+@\S+)$/);
  }
  const organization = JSON.parse(
    (await page.locator('script[data-organization]').textContent()) ?? '{}',
  ) as { '@type'?: string; name?: string };
  expect(organization).toMatchObject({ '@type': 'Organization', name: 'Verified Providers' });
  if (SHOTS) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.locator('footer').screenshot({ path: `${SHOTS}/footer-${width}.png` });
    }
  }
});

test('/contact lists the company, its registration and its information officer', async ({
  page,
}) => {
  await page.goto('/contact');
  const details = page.locator('main dl[data-company]');
  await expect(details.locator('dt')).toHaveText([
    'Company',
    'Registration number',
    'Address',
    'Phone',
    'E-mail',
    'Information officer (POPIA)',
  ]);
  if (SHOTS) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}/contact-${width}.png`, fullPage: true });
    }
  }
});

test("/support gives the company's configured e-mail, not an address of its own", async ({
  page,
}) => {
  await page.goto('/support');
  const section = page.locator('main p').filter({ hasText: 'from the address on your account' });
  await expect(section.locator('[data-company-detail="email"]')).toHaveCount(1);
  await expect(section).toContainText(/E-mail (\S+@\S+|E-mail address not configured) from/);
  await expect(page.locator('a[href="mailto:support@verifiedproviders.co.za"]')).toHaveCount(0);
});
