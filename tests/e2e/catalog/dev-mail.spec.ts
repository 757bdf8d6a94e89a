/**
 * The development outbox page and the HTML of a mail in a browser:
 * the pages the server answers (devMailPage, mailHtml) from real message builders,
 * checked with axe at phone and desktop width. The route itself (development on
 * loopback only, links, headers) is tested in tests/api/dev-mail.test.ts; the e2e
 * servers run in production mode, where /dev/mail does not exist.
 */
import { devMailPage } from '../../../src/api/mail/dev-mail-page.ts';
import { mailHtml } from '../../../src/api/mail/mail-html.ts';
import { newRequestMessage, requestReceivedMessage } from '../../../src/api/mail/messages.ts';
import { COMPANY_PLACEHOLDERS, companyFrom } from '../../../src/lib/company.ts';
import { scan } from '../axe.ts';
import { expect, test } from '../fixtures.ts';

const SHOTS = process.env['E2E_SHOTS'];
const company = companyFrom({});
const request = {
  customerName: 'Thandi Mokoena',
  customerEmail: 'thandi@example.co.za',
  serviceType: 'cctv',
  location: 'Sandton, Johannesburg',
  description: 'Four cameras around the house and the gate, with night vision.',
  budget: null,
  urgency: 'medium',
  brief: { service: 'cctv', propertyType: 'house', mustSee: ['faces', 'number-plates'] },
  photoCount: 1,
};
const toProvider = newRequestMessage(
  { name: 'Highveld Secure Systems', email: 'info@highveldsecure.example.com' },
  request,
  { reference: 'VP-26-000042', dashboardUrl: 'http://localhost:8888/dashboard?enquiry=42' },
);
const toCustomer = requestReceivedMessage(request, {
  reference: 'VP-26-000042',
  providerName: 'Highveld Secure Systems',
  statusUrl: 'http://localhost:8888/request?token=abc',
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test(`the outbox page and a mail read well at ${viewport.width} px, with no axe violations`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const mails = [toCustomer, toProvider].map((mail, index) => ({
      id: index + 1,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      status: 'sent',
      createdAt: new Date('2026-11-23T08:00:00Z'),
    }));
    await page.setContent(devMailPage(mails, company, `Verified Providers <no-reply@example.com>`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Outbox (development)');
    await expect(page.getByRole('heading', { name: toProvider.subject })).toBeVisible();
    await expect(page.getByRole('link', { name: /dashboard\?enquiry=42/ })).toBeVisible();
    expect(await scan(page, '/dev/mail')).toEqual([]);
    if (SHOTS)
      await page.screenshot({ path: `${SHOTS}/dev-mail-${viewport.width}.png`, fullPage: true });

    await page.setContent(mailHtml(toProvider, company));
    await expect(page.getByText('Hi Highveld Secure Systems,')).toBeVisible();
    await expect(page.getByText('Property type: House')).toBeVisible();
    await expect(
      page.getByText(COMPANY_PLACEHOLDERS.legalName, { exact: false }).first(),
    ).toBeVisible();
    const horizontalScroll = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(horizontalScroll).toBe(false);
    expect(await scan(page, 'mail to the provider', { fragment: true })).toEqual([]);
    if (SHOTS)
      await page.screenshot({ path: `${SHOTS}/mail-${viewport.width}.png`, fullPage: true });

    // The customer's mail: the request's page is a button, not a raw address.
    await page.setContent(mailHtml(toCustomer, company));
    const button = page.getByRole('link', { name: 'Open request VP-26-000042' });
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute('href', 'http://localhost:8888/request?token=abc');
    await expect(page.getByRole('link', { name: /request\?token=abc/ })).toHaveCount(0);
    const box = await button.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(40);
    expect(await scan(page, 'mail to the customer', { fragment: true })).toEqual([]);
    if (SHOTS)
      await page.screenshot({
        path: `${SHOTS}/mail-to-customer-${viewport.width}.png`,
        fullPage: true,
      });
  });
}
