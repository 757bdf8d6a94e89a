/**
 * The installer's dashboard saves taps: on a request's card the
 * customer's phone dials and the address mails, the budget is there, and the responses
 * sent so far read as a thread, at phone and desktop widths.
 */
import { scan } from '../axe.ts';
import { newEnquiry, sendEnquiry } from '../builders.ts';
import { expect, test } from '../fixtures.ts';

const SHOTS = process.env['E2E_SHOTS'];

for (const width of [390, 1280]) {
  test(`a request's card dials, mails and keeps the thread of responses (${width} px)`, async ({
    page,
    request,
    signedInProvider,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const enquiry = newEnquiry(signedInProvider.id, { customerPhone: '082 555 0199' });
    await sendEnquiry(request, enquiry);
    await page.goto('/dashboard');
    await page.getByRole('tab', { name: 'Enquiries' }).click();
    const card = page.getByRole('article', { name: `Enquiry from ${enquiry.customerName}` });
    await expect(card.getByRole('link', { name: '082 555 0199' })).toHaveAttribute(
      'href',
      'tel:+27825550199',
    );
    await expect(card.getByRole('link', { name: enquiry.customerEmail })).toHaveAttribute(
      'href',
      `mailto:${enquiry.customerEmail}`,
    );
    await expect(card).toContainText('BudgetR5,000 - R10,000');

    for (const text of ['We can survey on Thursday morning.', 'Thursday at 9:00 it is.']) {
      await card.getByRole('button', { name: 'Respond' }).click();
      const dialog = page.getByRole('dialog', { name: 'Respond to Enquiry' });
      await dialog.getByLabel('Your Response *').fill(text);
      await dialog.getByRole('button', { name: 'Send Response' }).click();
      await expect(dialog).toBeHidden();
    }
    const thread = card.getByRole('region', { name: 'Your responses' });
    await expect(thread.getByRole('listitem')).toHaveCount(2);
    await expect(thread.getByRole('listitem').first()).toContainText(
      'We can survey on Thursday morning.',
    );
    await expect(thread.getByRole('listitem').last()).toContainText('Thursday at 9:00 it is.');
    expect(await scan(page, `/dashboard enquiries (${width} px)`)).toEqual([]);
    if (SHOTS) await card.screenshot({ path: `${SHOTS}/enquiry-card-${width}.png` });
  });
}
