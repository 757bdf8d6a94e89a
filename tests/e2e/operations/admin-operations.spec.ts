/**
 * Admin operations (providers, flash ads and the enquiry desk): an admin adds a
 * provider with an image, toggles approval, reassigns an enquiry,
 * manages a flash ad, moderates a review and deletes a provider. Each test starts signed
 * in as its own admin with providers of its own (unique names, found by search).
 */
import type { Page } from '@playwright/test';
import { scan } from '../axe.ts';
import { karooProvider, newEnquiry, newFlashAd, sendEnquiry, uniqueTag } from '../builders.ts';
import {
  expect,
  providerHeaders,
  fillProviderBasics,
  openAdmin,
  openAddProvider,
  openProvidersSearch,
  deleteFlashAd,
  fillFlashAd,
  openFlashAdEditor,
  test,
  type Accounts,
  type TestAdmin,
} from '../fixtures.ts';
import { openStatusPageFromMail } from '../requests.ts';
import {
  cardByName,
  confirmAction,
  expectProfileHydrated,
  fetchProviders,
  searchAdminList,
} from '../support.ts';

const PHOTO = 'public/public-objects/sample-provider-4.webp';
const HIDE_REASON = 'Names a competitor instead of the work done';

const toast = (page: Page) => page.getByTestId('toast');
const row = (page: Page, name: string) => page.getByRole('row', { name: new RegExp(name) });

/** The Providers tab searched for one provider's name (the list is paged). */
async function openProvidersTab(page: Page, admin: TestAdmin, name: string) {
  await openProvidersSearch(page, admin, name);
  await expect(row(page, name)).toHaveCount(1);
}

/** A new provider like karoo's, found on the Providers tab: answers its tag and name. */
async function karooOnProvidersTab(page: Page, accounts: Accounts, admin: TestAdmin) {
  const tag = uniqueTag();
  const { name } = await accounts.newProvider(karooProvider(tag));
  await openProvidersTab(page, admin, name);
  return { tag, name };
}

test('Add Provider checks its rules, then creates a provider with an image', async ({
  page,
  signedInAdmin,
}) => {
  const tag = uniqueTag();
  const karoo = karooProvider(tag);
  const { name } = karoo;
  const form = await openAddProvider(page, signedInAdmin);
  // The spec's default price as a suggestion (own-facts.spec.ts empties it).
  await expect(form.getByLabel('Starting Price (R)')).toHaveValue('1500');
  // No rating to set: it is the average of the visible reviews.
  await expect(form.getByLabel(/Rating/)).toHaveCount(0);
  await form.getByLabel('Team Size').fill('0');
  await form.getByLabel('Established Year').fill('1850');
  await form.getByRole('button', { name: 'Create Provider' }).click();
  await expect(form.getByText('Business name is required')).toBeVisible();
  await expect(form.getByText('Team size must be at least 1')).toBeVisible();
  await expect(form.getByText('Established year must be 1900 or later')).toBeVisible();
  await expect(form.getByText('Please select at least one service')).toBeVisible();

  await fillProviderBasics(form, {
    ...karoo,
    contactName: 'Anele Khumalo',
    yearsExperience: String(karoo.yearsExperience),
  });
  await form.getByLabel('Services * (comma-separated)').fill('cctv, network');
  await form.getByLabel('Team Size').fill('6');
  await form.getByLabel('Established Year').fill('2012');
  await form.getByLabel('Profile Image').setInputFiles(PHOTO);
  await expect(toast(page)).toContainText('Image Uploaded');
  await form.getByRole('button', { name: 'Create Provider' }).click();
  await expect(toast(page)).toContainText('Provider Created');
  await searchAdminList(page, 'Search name, town or service', name);
  await expect(row(page, name)).toContainText('Approved');
  await expect(row(page, name)).toContainText('New');

  await page.goto(`/providers?search=${tag}`);
  const card = cardByName(page, name);
  await expect(card).toContainText('Bloemfontein, Free State');
  await expect(card.locator('img')).toHaveAttribute('src', /^\/objects\/uploads\/.+\.webp$/);
});

test('approval off takes the provider off the public list; on brings it back', async ({
  page,
  accounts,
  signedInAdmin,
}) => {
  const { tag, name } = await karooOnProvidersTab(page, accounts, signedInAdmin);
  await page.getByRole('button', { name: `Unapprove ${name}` }).click();
  await confirmAction(page, `Remove the approval of ${name}?`, 'Remove Approval');
  await expect(toast(page)).toContainText('Provider Updated');
  await expect(row(page, name)).toContainText('Not approved');
  await page.goto(`/providers?search=${tag}`);
  await expect(page.getByText('No providers found')).toBeVisible();

  await openProvidersTab(page, signedInAdmin, name);
  await page.getByRole('button', { name: `Approve ${name}` }).click();
  await confirmAction(page, `Approve ${name}?`, 'Approve');
  await expect(row(page, name)).toContainText('Approved');
  await page.goto(`/providers?search=${tag}`);
  await expect(cardByName(page, name)).toBeVisible();
});

// Verification is no toggle: the badge follows the check records (admin-verification.spec.ts).

test('an enquiry reassigned at the desk reaches that provider, an unverified one only once shown', async ({
  page,
  request,
  accounts,
  signedInAdmin,
}) => {
  const tag = uniqueTag();
  const provider = await accounts.newProvider(karooProvider(tag));
  const {
    items: [other],
  } = await fetchProviders(request, { serviceType: 'cctv', limit: '1' });
  const customerName = `Thabo N${tag.toLowerCase()}`;
  await sendEnquiry(
    request,
    newEnquiry(other!.id, {
      customerName,
      serviceType: 'cctv',
      location: 'Bloemfontein',
      description: 'Four cameras for a farm gate and the sheds.',
      urgency: 'medium',
    }),
  );

  await openAdmin(page, signedInAdmin, 'Enquiries');
  await page.getByLabel('Search customer or location').fill(customerName);
  await page.getByRole('button', { name: `Open enquiry from ${customerName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Enquiry' });
  const select = dialog.getByLabel('Assign to provider');
  await expect(dialog).toContainText(
    'Verified providers who offer CCTV Installations & Repairs, those who cover Bloemfontein first, then within 100 km, nearest first',
  );
  // The new provider has no checks yet: not offered until the desk asks for unverified ones.
  await expect(select.locator('option', { hasText: provider.name })).toHaveCount(0);
  await dialog.getByLabel('Show unverified providers').check();
  const option = select.locator('option', { hasText: provider.name });
  await expect(option).toHaveText(
    `${provider.name} (not verified): Bloemfontein, Free State · 0.0 km away · covers Bloemfontein`,
  );
  await select.selectOption({ label: (await option.textContent()) ?? '' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page)).toContainText(`Assigned to ${provider.name}`);
  await expect(row(page, customerName)).toContainText('assigned');

  // The provider sees it through the API.
  const mine = await request.get('/api/provider/enquiries', {
    headers: await providerHeaders(provider.id),
  });
  const enquiries = (await mine.json()) as { customerName: string; status: string }[];
  expect(enquiries).toEqual([expect.objectContaining({ customerName, status: 'assigned' })]);
});

test('a flash ad is created, edited, previewed and deleted, and the home banner follows', async ({
  page,
  signedInAdmin,
}) => {
  const ad = newFlashAd('Spring Security Check', 'Free site survey for every new alarm');
  const editor = await openFlashAdEditor(page, signedInAdmin);
  await editor.getByLabel('Title', { exact: true }).fill('   ');
  await editor.getByRole('button', { name: 'Create Flash Ad' }).click();
  await expect(toast(page)).toContainText('Validation Error');
  await expect(toast(page)).toContainText('Title and subtitle are required');

  await fillFlashAd(editor, ad);
  await editor.getByLabel('Display duration (seconds)').fill('4');
  await editor.getByRole('button', { name: 'Create Flash Ad' }).click();
  await expect(toast(page)).toContainText('Flash Ad Created');
  const item = page.getByRole('listitem', { name: ad.title });
  await expect(item).toContainText('4 s on screen');
  await expect(item).toContainText('Active');

  await page.goto('/');
  await expect(page.getByTestId('flash-ad')).toContainText(ad.title);

  await openAdmin(page, signedInAdmin, 'Flash Ads');
  await page.getByRole('button', { name: `Edit ${ad.title}` }).click();
  const edit = page.getByRole('form', { name: 'Edit Flash Ad' });
  await edit.getByLabel('Subtitle').fill('Free site survey, this month only');
  await edit.getByRole('button', { name: 'Update Flash Ad' }).click();
  await expect(toast(page)).toContainText('Flash Ad Updated');
  await page.getByRole('button', { name: `Preview ${ad.title}` }).click();
  await expect(page.getByRole('dialog', { name: 'Flash ad preview' })).toContainText(
    'Free site survey, this month only',
  );
  await page.keyboard.press('Escape');

  await deleteFlashAd(page, ad.title);
  await expect(page.getByRole('listitem', { name: ad.title })).toHaveCount(0);
  await page.goto('/');
  await expect(page.getByTestId('flash-ad')).toBeVisible();
  await expect(page.getByTestId('flash-ad')).not.toContainText(ad.title);
});

test('a flash ad saved while the list is still on its way shows in the list', async ({
  page,
  signedInAdmin,
}) => {
  // The list's first load is read from the server at once but reaches the page only after
  // the ad is saved, as on a slow line: it answers the list as it was before the ad.
  const ad = newFlashAd('Winter Alarm Check', 'Free check of every sensor');
  let arrive = () => {};
  const saved = new Promise<void>((resolve) => (arrive = resolve));
  let firstLoad = true;
  await page.route('**/api/admin/flash-ads', async (route) => {
    if (route.request().method() !== 'GET' || !firstLoad) return route.fallback();
    firstLoad = false;
    const response = await route.fetch();
    await saved;
    await route.fulfill({ response }).catch(() => {}); // the page may have let it go
  });
  const editor = await openFlashAdEditor(page, signedInAdmin);
  await fillFlashAd(editor, ad);
  const created = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/admin/flash-ads') && response.request().method() === 'POST',
  );
  await editor.getByRole('button', { name: 'Create Flash Ad' }).click();
  await created;
  arrive();
  await expect(toast(page)).toContainText('Flash Ad Created');
  await expect(page.getByRole('listitem', { name: ad.title })).toContainText('Active');

  await deleteFlashAd(page, ad.title);
});

test('a confirmed, completed enquiry brings a review; held, an admin releases it; the provider replies; an admin hides it', async ({
  page,
  browser,
  request,
  accounts,
  mailbox,
  signedInAdmin,
}) => {
  test.setTimeout(90_000);
  const tag = uniqueTag();
  const fields = karooProvider(tag);
  const created = await accounts.newProvider(fields);
  const password = 'karoo-password';
  await accounts.setProviderPassword(created, password);
  const customerName = `Thabo N${tag.toLowerCase()}`;
  const customerEmail = `thabo.${tag.toLowerCase()}@example.co.za`;
  await sendEnquiry(
    request,
    newEnquiry(created.id, {
      customerName,
      customerEmail,
      serviceType: 'cctv',
      location: 'Bloemfontein',
      description: 'Four cameras for a farm gate and the sheds.',
      urgency: 'medium',
    }),
  );
  const {
    items: [listed],
  } = await fetchProviders(request, { search: tag });
  // No reviews yet: no rating (the card says "New"); from the first visible review on,
  // the rating is the average of the visible reviews.
  expect(listed).toMatchObject({ rating: '0.0', reviewCount: 0 });

  const customer = await browser.newPage();
  await openStatusPageFromMail(customer, mailbox, customerEmail);

  // The provider signs in (from this test's address, which the server records) and
  // completes the enquiry from the dashboard.
  const provider = await browser.newPage();
  const login = await provider.request.post('/api/provider/login', {
    data: { email: created.email, password },
  });
  expect(login.status()).toBe(200);
  await provider.goto('/dashboard');
  await provider.getByRole('tab', { name: 'Enquiries' }).click();
  await provider.getByRole('button', { name: 'Respond' }).click();
  const respond = provider.getByRole('dialog', { name: 'Respond to Enquiry' });
  await respond.getByLabel('Your Response *').fill('All four cameras are installed and working.');
  await respond.getByLabel('Update Status').selectOption('completed');
  await respond.getByRole('button', { name: 'Send Response' }).click();
  await expect(provider.getByTestId('toast')).toContainText('Response Submitted');

  // The customer follows the e-mailed link and reviews.
  const link = await mailbox.linkTo(customerEmail, '/review?token=');
  await customer.goto(`${link.pathname}${link.search}`);
  await expect(customer.getByRole('heading', { name: `Review ${fields.name}` })).toBeVisible();
  await customer.getByRole('button', { name: 'Publish Review' }).click();
  await expect(customer.getByText('Please choose a rating from 1 to 5 stars')).toBeVisible();
  await customer.getByRole('radio', { name: /^5 stars/ }).check();
  await customer.getByLabel('Your review *').fill('Quick, tidy work and a clear quote up front.');
  await customer.getByRole('button', { name: 'Publish Review' }).click();
  await expect(customer.getByRole('heading', { name: 'Thank you!' })).toBeVisible();

  // The link works once.
  await customer.goto(`${link.pathname}${link.search}`);
  await expect(customer.getByRole('alert')).toContainText('written already');

  // Here the request, the provider's sign-in and the review all came from one address
  // (this test's), as they would if the provider reviewed itself: the review waits for
  // moderation, and the rating stays as it was.
  await customer.goto(`/providers?search=${tag}`);
  await expect(cardByName(customer, fields.name)).toContainText('NewNo reviews yet');
  const statsAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/stats');
  await openAdmin(page, signedInAdmin, 'Overview');
  // The held count as the page got it (other tests' reviews may be held too).
  const { heldReviews } = (await (await statsAnswer).json()) as { heldReviews: number };
  expect(heldReviews).toBeGreaterThanOrEqual(1);
  await expect(page.getByRole('region', { name: 'Held Reviews' })).toContainText(
    String(heldReviews),
  );
  await page.getByRole('tab', { name: 'Reviews' }).click();
  await page.getByRole('button', { name: /Held for moderation/ }).click();
  const held = page.getByRole('list', { name: 'Reviews to moderate' });
  const ours = held.getByRole('listitem').filter({ hasText: fields.name });
  await expect(ours).toContainText('Held for moderation');
  await expect(ours).toContainText('signed in from');
  const release = page.getByRole('button', {
    name: `Release review by ${customerName} of ${fields.name}`,
  });
  await release.click();
  await expect(toast(page)).toContainText('Review Released');
  await expect(release).toHaveCount(0);

  // Released: the new rating on /providers and on the provider page, with the review.
  await customer.goto(`/providers?search=${tag}`);
  await expect(cardByName(customer, fields.name)).toContainText('5.0');
  await expect(cardByName(customer, fields.name)).toContainText('(1 review)');
  await customer.goto(`/provider/${created.id}`);
  await expect(customer.getByRole('img', { name: 'Rated 5.0 out of 5' }).first()).toBeVisible();
  await expectProfileHydrated(customer);
  await customer.getByRole('tab', { name: 'Reviews' }).click();
  await expect(customer.getByRole('tabpanel')).toContainText('Based on 1 review');
  const reviews = customer.getByRole('list', { name: 'Reviews' });
  await expect(reviews).toContainText('Thabo N.');
  await expect(reviews).toContainText('Quick, tidy work');

  // The provider replies, once, in public.
  await provider.getByRole('tab', { name: 'Reviews' }).click();
  await provider.getByLabel(/Your public reply/).fill('Thank you, Thabo. Enjoy the peace of mind.');
  await provider.getByRole('button', { name: 'Publish Reply' }).click();
  await expect(provider.getByTestId('toast')).toContainText('Reply Published');
  await expect(provider.getByRole('button', { name: 'Publish Reply' })).toHaveCount(0);
  await customer.reload();
  await customer.getByRole('tab', { name: 'Reviews' }).click();
  await expect(customer.getByRole('list', { name: 'Reviews' })).toContainText(
    'Thank you, Thabo. Enjoy the peace of mind.',
  );

  // An admin hides it: the rating goes back.
  await openAdmin(page, signedInAdmin, 'Reviews');
  await page
    .getByRole('button', { name: `Hide review by ${customerName} of ${fields.name}` })
    .click();
  const hide = page.getByRole('alertdialog', { name: `Hide the review by ${customerName}?` });
  await hide.getByRole('button', { name: 'Hide Review' }).click();
  await expect(hide.getByText('Please give the reason')).toBeVisible();
  await hide.getByLabel('Why does this review break the rules?').fill(HIDE_REASON);
  await hide.getByRole('button', { name: 'Hide Review' }).click();
  await expect(hide).toBeHidden();
  await expect(toast(page)).toContainText('Review Hidden');
  const moderated = page
    .getByRole('list', { name: 'Reviews to moderate' })
    .getByRole('listitem')
    .filter({ hasText: fields.name });
  await expect(moderated).toContainText(HIDE_REASON);
  await expect(moderated).toContainText('Released after a hold');
  await customer.goto(`/providers?search=${tag}`);
  await expect(cardByName(customer, fields.name)).toContainText('NewNo reviews yet');
  await expect(cardByName(customer, fields.name)).not.toContainText('0.0');
  await customer.goto(`/provider/${created.id}`);
  await expect(customer.getByRole('img', { name: /^Rated / })).toHaveCount(0);
  await expect(customer.getByRole('main')).toContainText('NewNo reviews yet');
  await expectProfileHydrated(customer);
  await customer.getByRole('tab', { name: 'Reviews' }).click();
  await expect(
    customer.getByText(
      'Reviews appear here once customers who booked through the site rate the work.',
    ),
  ).toBeVisible();
  await provider.close();
  await customer.close();
});

// The tabs and the forms are scanned in two tests: a dozen scans in one took 55 of its 60
// seconds on a busy 2-core machine, and two tests run side by side.
test('the admin tabs have no axe violations', async ({ page, signedInAdmin }) => {
  test.setTimeout(60_000);
  const found: string[] = [];
  await openAdmin(page, signedInAdmin);
  for (const tab of [
    'Overview',
    'Applications',
    'Providers',
    'Verification',
    'Flash Ads',
    'Enquiries',
    'Reviews',
    'Team',
  ]) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
    found.push(...(await scan(page, `/admin, ${tab} tab`)));
  }
  expect(found).toEqual([]);
});

test('the admin forms, with their errors, have no axe violations', async ({
  page,
  accounts,
  signedInAdmin,
}) => {
  test.setTimeout(60_000);
  const { name } = await accounts.newProvider(karooProvider(uniqueTag()));
  const found: string[] = [];
  const addProvider = await openAddProvider(page, signedInAdmin);
  await addProvider.getByRole('button', { name: 'Create Provider' }).click();
  await expect(page.getByText('Business name is required')).toBeVisible();
  found.push(...(await scan(page, '/admin, Add Provider with errors')));
  await page.keyboard.press('Escape');
  // The Verification screen from the provider's dialog, a check's form with the server's error.
  await searchAdminList(page, 'Search name, town or service', name);
  await page.getByRole('button', { name: `View ${name}` }).click();
  await page.getByRole('button', { name: 'Verification checks' }).click();
  const checks = page.getByRole('dialog', { name: `Verification of ${name}` });
  const identity = checks.getByRole('listitem', { name: 'Identity of the owner or director' });
  await identity.getByRole('button', { name: 'Record outcome' }).click();
  await identity.getByLabel('Outcome').selectOption('passed');
  await identity.getByLabel('Valid until').fill('2020-01-01');
  await identity.getByRole('button', { name: 'Save Outcome' }).click();
  await expect(identity.getByText('A passed check must be valid today or later')).toBeVisible();
  // The failure toast is on screen too: the scan covers it.
  await expect(toast(page)).toBeVisible();
  found.push(...(await scan(page, '/admin, Verification screen with a form and its error')));
  await page.keyboard.press('Escape');
  await openFlashAdEditor(page, signedInAdmin);
  found.push(...(await scan(page, '/admin, flash ad form')));
  expect(found).toEqual([]);
});

test('delete asks for confirmation and removes the provider', async ({
  page,
  request,
  accounts,
  signedInAdmin,
}) => {
  const { tag, name } = await karooOnProvidersTab(page, accounts, signedInAdmin);
  // No browser confirm any more: a dialog of the page's own, in the spec's words.
  page.on('dialog', (dialog) => {
    throw new Error(`A browser dialog appeared: ${dialog.message()}`);
  });
  const question = page.getByRole('alertdialog', { name: `Delete ${name}?` });
  const remove = page.getByRole('button', { name: `Delete ${name}` });
  await remove.click();
  await expect(question).toContainText('Are you sure you want to delete this provider?');
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  await expect(remove).toBeFocused();
  await expect(row(page, name)).toHaveCount(1);

  await remove.click();
  await confirmAction(page, `Delete ${name}?`, 'Delete');
  await expect(toast(page)).toContainText('Provider Deleted');
  await expect(row(page, name)).toHaveCount(0);
  const search = await request.get(`/api/providers?search=${tag}`);
  expect(search.headers()['x-total-count']).toBe('0');
});
