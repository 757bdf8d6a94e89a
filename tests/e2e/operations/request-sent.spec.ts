/**
 * A request that looks sent: once sent, the form gives way to the sent
 * state: the confirmation's heading (focused, for screen readers), the reference, what
 * happens next with where the request's page is, and "Send another request", which brings
 * back an empty form. No toast covers it. Sent on a phone; the sent state is checked in
 * view and with axe at 390 and 1280 px.
 */
import type { Locator } from '@playwright/test';
import { atBothWidths, scan } from '../axe.ts';
import { uniqueTag } from '../builders.ts';
import { expect, test } from '../fixtures.ts';
import { openRequestDialog, TEXT } from '../support.ts';

const REFERENCE = /VP-\d{2}-\d{6}/;

async function fillRequest(dialog: Locator, email: string) {
  await dialog.getByLabel('Your Name *').fill('Ayanda Khumalo');
  await dialog.getByLabel('Email Address *').fill(email);
  await dialog.getByLabel('Service Type *').selectOption('wifi');
  await dialog.getByLabel('Service Location *').fill('Umhlanga, Durban');
  await dialog.getByLabel('Project Description *').fill('Mesh Wi-Fi for a double-storey home.');
  await dialog.getByRole('checkbox', { name: 'Not sure (Floor area)' }).check();
}

test(`the sent request shows its reference, what happens next and where its page is; Send another request brings back an empty form`, async ({
  page,
  accounts,
  mailbox,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const provider = await accounts.newProvider();
  const email = `ayanda.${uniqueTag().toLowerCase()}@example.co.za`;
  const dialog = await openRequestDialog(page, provider);
  await fillRequest(dialog, email);
  await dialog.getByRole('button', { name: 'Send Request' }).click();

  // The form gives way to the sent state, whose heading has the focus.
  const sent = dialog.getByTestId('request-sent');
  const heading = sent.getByRole('heading', { name: TEXT.enquiryOkTitle });
  await expect(heading).toBeFocused();
  await expect(dialog.getByLabel('Your Name *')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Send Request' })).toHaveCount(0);
  const reference = (await sent.getByTestId('request-reference').textContent())?.trim() ?? '';
  expect(reference).toMatch(REFERENCE);
  await expect(sent).toContainText(
    `Your request ${reference} has been sent to ${provider.name}. We have e-mailed you a link to follow it.`,
  );

  // What happens next, and where the request's page is: the e-mail, named by address
  // and subject.
  const subject = `Your request ${reference} was sent to ${provider.name}`;
  await expect(sent.getByRole('heading', { name: 'What happens next' })).toBeVisible();
  const steps = sent.getByRole('listitem');
  await expect(steps).toHaveCount(3);
  await expect(steps.nth(0)).toHaveText(`${provider.name} is told at once and answers you.`);
  await expect(steps.nth(1)).toContainText(`the e-mail we sent to ${email}`);
  await expect(steps.nth(1)).toContainText(`(subject “${subject}”)`);
  await expect(steps.nth(1)).toContainText('you can cancel it');
  await expect(steps.nth(2)).toContainText('within one business day');
  // That mail is there, with the button to the request's page.
  const mail = await mailbox.mailTo(email, reference);
  expect(mail.subject).toBe(subject);
  expect(mail.html).toMatch(
    new RegExp(`<a href="[^"]+/request\\?token=[^"]+"[^>]*>Open request ${reference}</a>`),
  );

  // Nothing covers it: no toast, and the heading is in view within the dialog.
  await expect(page.getByTestId('toast')).toHaveCount(0);
  const found = await atBothWidths(page, async (width) => {
    await expect(heading).toBeInViewport();
    await expect(sent.getByTestId('request-reference')).toBeInViewport();
    await page.screenshot({ path: test.info().outputPath(`request-sent-${width}.png`) });
    return scan(page, `sent request at ${width}px`);
  });
  expect(found.flat()).toEqual([]);

  // Send another request: an empty form, the focus in its first field.
  await sent.getByRole('button', { name: 'Send another request' }).click();
  await expect(sent).toHaveCount(0);
  await expect(dialog.getByLabel('Your Name *')).toBeFocused();
  for (const label of [
    'Your Name *',
    'Email Address *',
    'Service Location *',
    'Project Description *',
  ]) {
    await expect(dialog.getByLabel(label)).toHaveValue('');
  }
  await expect(dialog.getByLabel('Urgency Level *')).toHaveValue('medium');
  await expect(dialog.getByRole('button', { name: 'Send Request' })).toBeEnabled();
});
