/**
 * Nobody left waiting: a request its provider left unseen for days
 * shows both badges on the enquiry desk and under "Needs attention"; the admin passes it
 * through the Reassign dialog to a verified provider near the customer, and the customer
 * and the new provider are told. The request is placed days back through the server's
 * database door (database-door.ts): nobody can wait four business hours in a test.
 */
import type { Page } from '@playwright/test';
import { scan } from '../axe.ts';
import { newEnquiry, sendEnquiry, uniqueTag } from '../builders.ts';
import { runSql } from '../database-door.ts';
import { expect, openAdmin, test } from '../fixtures.ts';
import { verifyProvider } from '../requests.ts';

const SHOTS = process.env['E2E_SHOTS'];
const NOT_SEEN = 'Not seen within 4 business hours';
const NOT_ANSWERED = 'Not answered within 1 business day';

const LIST_TITLE =
  'Verified providers of Wi-Fi & Internet Solutions who cover Springbok first, then those within 100 km of Springbok, nearest first';

const toast = (page: Page) => page.getByTestId('toast');
const row = (page: Page, email: string) => page.getByRole('row', { name: new RegExp(email) });

/** Springbok, far from the sample providers and the other tests' towns. */
const inSpringbok = (tag: string, name: string, location = 'Springbok') => ({
  name: `${tag} ${name}`,
  email: `${name.toLowerCase().replace(/\W+/g, '.')}.${tag.toLowerCase()}@example.co.za`,
  location,
  province: 'northern-cape',
  services: ['wifi', 'network'],
  legalForm: 'sole_trader',
});

test('a request left unseen is flagged, found under "Needs attention" and passed to a verified provider nearby', async ({
  page,
  request,
  accounts,
  mailbox,
  signedInAdmin,
}) => {
  // Two axe scans, a reassignment and its mail: more than the default half minute here.
  test.setTimeout(90_000);
  const tag = uniqueTag();
  const silent = await accounts.newProvider(inSpringbok(tag, 'Quiet Networks'));
  const nearby = await accounts.newProvider(inSpringbok(tag, 'Namakwa Wi-Fi'));
  await verifyProvider(request, accounts, nearby.id);

  const customerName = `Anna ${tag}`;
  const oldEmail = `anna.old.${tag.toLowerCase()}@example.co.za`;
  const newEmail = `anna.new.${tag.toLowerCase()}@example.co.za`;
  const details = { customerName, location: 'Springbok', serviceType: 'wifi' };
  const waiting = await sendEnquiry(
    request,
    newEnquiry(silent.id, { ...details, customerEmail: oldEmail }),
  );
  // Sent three days ago and never opened: past 4 business hours and 1 business day.
  await runSql(
    'operations',
    "UPDATE enquiry_assignments SET assigned_at = now() - interval '3 days' WHERE enquiry_id = $1 AND ended_at IS NULL",
    [waiting],
  );
  // A new one (its sending runs the timed jobs, which remind the provider of the old one).
  await sendEnquiry(request, newEnquiry(silent.id, { ...details, customerEmail: newEmail }));
  const reminder = await mailbox.mailTo(silent.email, 'has waited 4 business hours');
  expect(reminder.subject).toMatch(/^Reminder: request VP-\d{2}-\d{6} is waiting for your answer$/);

  await openAdmin(page, signedInAdmin, 'Enquiries');
  await page.getByLabel('Search customer or location').fill(customerName);
  await expect(row(page, oldEmail)).toContainText(NOT_SEEN);
  await expect(row(page, oldEmail)).toContainText(NOT_ANSWERED);
  await expect(row(page, newEmail)).toBeVisible();
  await expect(row(page, newEmail)).not.toContainText(NOT_SEEN);
  const violations = await scan(page, '/admin, enquiry desk with follow-up badges');

  await page.getByLabel(/^Needs attention/).check();
  await expect(row(page, newEmail)).toHaveCount(0);
  await expect(row(page, oldEmail)).toBeVisible();

  await row(page, oldEmail)
    .getByRole('button', { name: `Reassign enquiry from ${customerName}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Reassign enquiry' });
  await expect(dialog.getByRole('heading', { name: /^Reassign VP-\d{2}-\d{6}$/ })).toBeVisible();
  await expect(dialog).toContainText(`It is with ${silent.name} now.`);
  const choices = dialog.getByRole('group', { name: LIST_TITLE });
  // Other tests' providers may be near Springbok too: the radio's name is the test's own.
  const choice = choices.getByRole('radio', {
    name: `${nearby.name} Springbok, Northern Cape · 0.0 km away · covers Springbok New on the platform`,
  });
  await expect(choice).toBeVisible();
  // The provider who has it is not offered.
  await expect(choices.getByRole('radio', { name: new RegExp(silent.name) })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Choose a provider' })).toBeDisabled();
  await choice.check();
  violations.push(...(await scan(page, '/admin, Reassign dialog')));
  expect(violations).toEqual([]);
  await dialog.getByRole('button', { name: `Reassign to ${nearby.name}` }).click();
  await expect(toast(page)).toContainText('Request Reassigned');
  await expect(toast(page)).toContainText(
    `is now with ${nearby.name}. The customer has been e-mailed.`,
  );
  await expect(dialog).toBeHidden();

  // No longer late: the new provider's time has only begun.
  await expect(row(page, oldEmail)).toHaveCount(0);
  await page.getByLabel(/^Needs attention/).uncheck();
  await expect(row(page, oldEmail)).toContainText(nearby.name);
  await expect(row(page, oldEmail)).not.toContainText(NOT_SEEN);

  const told = await mailbox.mailTo(oldEmail, "Your request's page shows the change");
  expect(told.subject).toMatch(new RegExp(`was passed to ${nearby.name}$`));
  const sent = await mailbox.mailTo(nearby.email, `/dashboard?enquiry=${waiting}`);
  expect(sent.subject).toMatch(
    /^New request VP-\d{2}-\d{6}: Wi-Fi & Internet Solutions in Springbok$/,
  );
});

test('the status page from the first mail shows the request passed to its new provider', async ({
  page,
  request,
  accounts,
  mailbox,
}) => {
  const tag = uniqueTag();
  const first = await accounts.newProvider(inSpringbok(tag, 'Quiet Networks'));
  const next = await accounts.newProvider(inSpringbok(tag, 'Namakwa Wi-Fi'));
  await verifyProvider(request, accounts, next.id);
  const email = `anna.${tag.toLowerCase()}@example.co.za`;
  const id = await sendEnquiry(
    request,
    newEnquiry(first.id, { location: 'Springbok', serviceType: 'wifi', customerEmail: email }),
  );
  const passed = await request.post(`/api/admin/enquiries/${id}/reassign`, {
    headers: await accounts.adminHeaders(),
    data: { providerId: next.id },
  });
  expect(passed.status(), await passed.text()).toBe(200);

  await page.goto((await mailbox.linkTo(email, '/request?token=')).href);
  await expect(page.getByRole('region', { name: 'Your provider' })).toContainText(
    `${next.name} answers this request.`,
  );
  const steps = page.getByRole('region', { name: 'Progress' }).getByRole('listitem');
  await expect(steps.last()).toContainText(`Passed to ${next.name}`);
  await expect(page.getByRole('main')).not.toContainText(first.name);
});

test('the Reassign list puts those who cover the place first, then the nearest, and unverified ones only once shown', async ({
  page,
  request,
  accounts,
  signedInAdmin,
}) => {
  // Five providers with their checks, two axe scans and two screenshots.
  test.setTimeout(120_000);
  const tag = uniqueTag();
  const silent = await accounts.newProvider(inSpringbok(tag, 'Quiet Networks'));
  // 100 km south, but it says it works in Springbok.
  const covering = await accounts.newProvider({
    ...inSpringbok(tag, 'Garies Links', 'Garies'),
    coverageAreas: ['Garies', 'Springbok'],
  });
  const near = await accounts.newProvider(inSpringbok(tag, 'Nababeep Net', 'Nababeep'));
  const farther = await accounts.newProvider(inSpringbok(tag, 'Kamiesberg Wi-Fi', 'Kamieskroon'));
  const unverified = await accounts.newProvider(inSpringbok(tag, 'Okiep Unchecked', 'Okiep'));
  for (const provider of [covering, near, farther])
    await verifyProvider(request, accounts, provider.id);
  const customerName = `Pieter ${tag}`;
  await sendEnquiry(
    request,
    newEnquiry(silent.id, { customerName, location: 'Springbok', serviceType: 'wifi' }),
  );

  await openAdmin(page, signedInAdmin, 'Enquiries');
  await page.getByLabel('Search customer or location').fill(customerName);
  await page.getByRole('button', { name: `Reassign enquiry from ${customerName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Reassign enquiry' });
  const choices = dialog.getByRole('group', { name: LIST_TITLE });
  // Other tests' providers may be near Springbok too: this test's own, in order.
  const ours = choices.getByRole('radio', { name: new RegExp(`^${tag} `) });
  await expect(ours).toHaveCount(3);
  const names = async () =>
    (await choices.locator('label').filter({ hasText: tag }).allInnerTexts()).map((text) =>
      text
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    );
  expect(await names()).toEqual([
    [
      covering.name,
      expect.stringMatching(/^Garies, Northern Cape · \d+ km away · covers Springbok$/),
      'New on the platform',
    ],
    [
      near.name,
      expect.stringMatching(/^Nababeep, Northern Cape · 1\d km away$/),
      'New on the platform',
    ],
    [
      farther.name,
      expect.stringMatching(/^Kamieskroon, Northern Cape · \d\d km away$/),
      'New on the platform',
    ],
  ]);
  await expect(dialog.getByText(/^\d+ unverified providers? not listed\.$/)).toBeVisible();
  await expect(choices.getByRole('radio', { name: new RegExp(unverified.name) })).toHaveCount(0);
  const violations = await scan(page, '/admin, Reassign dialog with distances and responsiveness');

  await dialog.getByLabel('Show unverified providers').check();
  const all = dialog.getByRole('group', {
    name: LIST_TITLE.replace(
      'Verified providers of Wi-Fi & Internet Solutions',
      'Providers of Wi-Fi & Internet Solutions, verified or not,',
    ),
  });
  await expect(all.getByRole('radio', { name: new RegExp(`^${tag} `) })).toHaveCount(4);
  const labels = all.locator('label').filter({ hasText: tag });
  await expect(labels.nth(1)).toContainText(`${unverified.name} Not verified`);
  await expect(labels.nth(1)).toContainText('Okiep, Northern Cape · ');
  await all.getByRole('radio', { name: new RegExp(unverified.name) }).check();
  await expect(dialog.getByRole('note').filter({ hasText: 'is not verified' })).toContainText(
    `${unverified.name} is not verified`,
  );
  violations.push(...(await scan(page, '/admin, Reassign dialog with unverified providers shown')));
  expect(violations).toEqual([]);
  if (SHOTS) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await dialog.screenshot({ path: `${SHOTS}/reassign-${width}.png` });
    }
  }
  await dialog
    .getByRole('button', { name: `Reassign to ${unverified.name} (not verified)` })
    .click();
  await expect(toast(page)).toContainText(`is now with ${unverified.name}.`);
  await expect(row(page, customerName)).toContainText(unverified.name);
});
