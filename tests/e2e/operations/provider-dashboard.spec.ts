/**
 * The provider dashboard (account, enquiries and responses, profile and photo):
 * an approved applicant chooses a password from the e-mailed link; a provider answers an
 * enquiry, edits the profile, uploads a photo, changes the password and logs out. Each
 * test has a provider of its own; only the login tests type into the login card.
 */
import type { Page } from '@playwright/test';
import { scan } from '../axe.ts';
import { apply, newApplication, newEnquiry, sendEnquiry, uniqueTag } from '../builders.ts';
import { bearer, expect, providerHeaders, test } from '../fixtures.ts';
import { choosePassword, logIn, logOut } from '../login-cards.ts';
import { openStatusPageFromMail } from '../requests.ts';
import { cardByName } from '../support.ts';

const PHOTO = 'public/public-objects/sample-provider-2.webp';
const FIRST_PASSWORD = 'first-dashboard-password';
const SECOND_PASSWORD = 'second-dashboard-password';

async function sessionCookie(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'vp_provider_session');
  if (!cookie) throw new Error('No provider session cookie');
  return cookie.value;
}

test('an approved applicant chooses a password from the e-mailed link', async ({
  page,
  request,
  accounts,
  mailbox,
}) => {
  const application = newApplication({ services: ['network', 'wifi'] });
  const applicationId = await apply(request, application);
  const approved = await request.post(`/api/admin/applications/${applicationId}/approve`, {
    headers: await accounts.adminHeaders(),
  });
  expect(approved.status()).toBe(201);

  const link = await mailbox.linkTo(application.email, '/dashboard/set-password');
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'Choose Your Password' })).toBeVisible();
  await choosePassword(page, 'Set Password', 'short');
  await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
  await choosePassword(page, 'Set Password', FIRST_PASSWORD);
  await expect(page.getByTestId('toast')).toContainText('Password Set');
  await page.getByRole('link', { name: 'Go to Provider Login' }).click();
  await expect(page.getByRole('heading', { name: 'Provider Login' })).toBeVisible();

  // The link works once.
  await page.goto(`${link.pathname}${link.search}`);
  await choosePassword(page, 'Set Password', 'another-password');
  await expect(page.getByTestId('toast')).toContainText('Reset Failed');
});

test('a wrong password shows Login Failed', async ({ page, accounts }) => {
  const provider = await accounts.newProvider();
  await accounts.setProviderPassword(provider, FIRST_PASSWORD);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Provider Login' })).toBeVisible();
  expect(await scan(page, '/dashboard, login card')).toEqual([]);
  await logIn(page, 'provider', { email: provider.email, password: 'not-the-password' });
  await expect(page.getByTestId('toast')).toContainText('Login Failed');
  await expect(page.getByTestId('toast')).toContainText('Invalid email or password');
});

test('the provider sees the enquiry assigned to them and responds', async ({
  page,
  browser,
  request,
  mailbox,
  signedInProvider,
}) => {
  const enquiry = newEnquiry(signedInProvider.id);
  await sendEnquiry(request, enquiry);

  // The customer confirms the address with the mailed link: only then is the response
  // mailed there.
  const customer = await browser.newPage();
  await openStatusPageFromMail(customer, mailbox, enquiry.customerEmail);
  await customer.close();

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Provider Dashboard' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'New Enquiries' })).toContainText('1');
  await expect(page.getByRole('region', { name: 'Status' })).toContainText('Active provider');
  const recent = page.getByRole('region', { name: 'Recent Enquiries' });
  await expect(recent).toContainText(enquiry.customerName);

  await page.getByRole('tab', { name: 'Enquiries' }).click();
  const card = page.getByRole('article', { name: `Enquiry from ${enquiry.customerName}` });
  await expect(card).toContainText('Wi-Fi dead spots on the second floor');
  await expect(card).toContainText('high urgency');
  await card.getByRole('button', { name: 'Respond' }).click();

  const dialog = page.getByRole('dialog', { name: 'Respond to Enquiry' });
  await expect(dialog).toContainText('R5,000 - R10,000');
  await dialog.getByRole('button', { name: 'Send Response' }).click();
  await expect(dialog.getByText('Response is required')).toBeVisible();
  await dialog
    .getByLabel('Your Response *')
    .fill('We can survey on Thursday morning and quote the same day.');
  await dialog.getByLabel('Internal Notes (Optional)').fill('Bring the mesh kit.');
  await dialog.getByRole('button', { name: 'Send Response' }).click();
  await expect(page.getByTestId('toast')).toContainText('Response Submitted');
  await expect(dialog).toBeHidden();
  await expect(card).toContainText('Responded');
  await expect(card).toContainText('in progress');

  const reply = await mailbox.mailTo(enquiry.customerEmail, 'responded to your request');
  expect(reply.text).toContain('We can survey on Thursday morning and quote the same day.');

  // The previous response shows when the dialog opens again.
  await card.getByRole('button', { name: 'Respond' }).click();
  await expect(dialog.getByRole('region', { name: 'Your Previous Response' })).toContainText(
    'Bring the mesh kit.',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});

test('the provider edits the profile and sees it on /providers', async ({ page, accounts }) => {
  const tag = uniqueTag();
  const provider = await accounts.newProvider({ name: `${tag} Network Works` });
  await accounts.signIn(page.context(), 'provider', provider.id);
  const newName = `${tag} Wi-Fi & Network Works`;

  await page.goto('/dashboard');
  await page.getByRole('tab', { name: 'Profile' }).click();
  await page.getByLabel('Business Name').fill(newName);
  // The contact person is a field of its own (own-facts.spec.ts).
  await expect(page.getByLabel('Contact Name')).toHaveValue('Sipho Dlamini');
  await page
    .getByLabel('Business Description')
    .fill('Mesh Wi-Fi for guest houses and offices from Umhlanga to Ballito.');
  await page.getByLabel('City/Area').fill('Umhlanga');
  await page.getByLabel('Phone').fill('not a phone');
  const description = page.getByLabel('Business Description');
  const written = await description.inputValue();
  await description.fill('x'.repeat(2001));
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(/valid South African phone number/)).toBeVisible();
  // A screen reader hears a field's message with the field, the hint before it.
  await expect(description).toHaveAttribute('aria-invalid', 'true');
  await expect(description).toHaveAccessibleDescription(
    'In your own words. Left empty, your public page shows no description. At most 2000 characters',
  );
  await description.fill(written);
  await page.getByLabel('Phone').fill('031 555 0142');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByTestId('toast')).toContainText('Profile Updated');

  await page.goto(`/providers?search=${tag}`);
  const card = cardByName(page, newName);
  await expect(card).toBeVisible();
  await expect(card).toContainText('Umhlanga, KwaZulu-Natal');
});

test('the provider uploads a photo with progress and sees it', async ({
  page,
  signedInProvider,
}) => {
  await page.goto('/dashboard');
  await page.getByRole('tab', { name: 'Profile' }).click();
  await page.getByRole('button', { name: 'Upload Photo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload profile photo' });
  await expect(dialog).toContainText('Max file size: 5MB • Formats: JPG, PNG, GIF');
  await dialog.getByLabel('Profile photo').setInputFiles(PHOTO);
  await expect(dialog.getByRole('status')).toHaveText('Uploaded');
  await dialog.getByRole('button', { name: 'Save Photo' }).click();
  await expect(page.getByTestId('toast')).toContainText('Profile Image Updated');
  const photo = page.getByRole('region', { name: 'Profile photo' }).getByRole('img');
  await expect(photo).toHaveAttribute('src', /^\/objects\/uploads\/.+\.webp$/);

  await page.goto(`/provider/${signedInProvider.id}`);
  await expect(page.locator(`img[src^="/objects/uploads/"]`).first()).toBeVisible();
});

test('the dashboard has no axe violations', async ({ page, request, signedInProvider }) => {
  // Seven scans, the Overview's profile checklist among them: more than one page's time.
  test.setTimeout(60_000);
  // An enquiry, so that the Enquiries tab and the response dialog have content.
  await sendEnquiry(request, newEnquiry(signedInProvider.id));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Provider Dashboard' })).toBeVisible();
  const found: string[] = [];
  for (const tab of ['Overview', 'Enquiries', 'Reviews', 'Profile', 'Verification', 'Settings']) {
    await page.getByRole('tab', { name: tab }).click();
    await page.waitForLoadState('networkidle');
    found.push(...(await scan(page, `/dashboard, ${tab} tab`)));
  }
  await page.getByRole('tab', { name: 'Enquiries' }).click();
  await page.getByRole('button', { name: 'Respond' }).first().click();
  // The dialog fades in: a scan during the fade measures half-transparent text.
  const dialog = page.getByRole('dialog', { name: 'Respond to Enquiry' });
  await expect(dialog).toBeVisible();
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        // Not a spinner's endless turn; a cancelled fade counts as done.
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  found.push(...(await scan(page, '/dashboard, response dialog')));
  await page.keyboard.press('Escape');
  expect(found).toEqual([]);
});

test('the provider changes the password, logs out, and the old session is dead', async ({
  page,
  request,
  accounts,
}) => {
  const provider = await accounts.newProvider();
  await accounts.setProviderPassword(provider, FIRST_PASSWORD);
  // A new password ends every older session, so this session comes from signing in
  // with it (through the API: the login card is tested below).
  const login = await page.request.post('/api/provider/login', {
    data: { email: provider.email, password: FIRST_PASSWORD },
  });
  expect(login.status()).toBe(200);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Provider Dashboard' })).toBeVisible();
  const before = await sessionCookie(page);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByLabel('Current Password').fill('wrong-password');
  await page.getByLabel('New Password', { exact: true }).fill(SECOND_PASSWORD);
  await page.getByLabel('Confirm New Password').fill(SECOND_PASSWORD);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('The current password is not correct.').first()).toBeVisible();
  await page.getByLabel('Current Password').fill(FIRST_PASSWORD);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByTestId('toast')).toContainText('Password Changed');

  expect((await request.get('/api/provider/me', { headers: bearer(before) })).status()).toBe(401);
  const current = await sessionCookie(page);
  expect((await request.get('/api/provider/me', { headers: bearer(current) })).status()).toBe(200);

  await logOut(page, 'provider');
  expect((await request.get('/api/provider/me', { headers: bearer(current) })).status()).toBe(401);

  await logIn(page, 'provider', { email: provider.email, password: SECOND_PASSWORD });
  await expect(page.getByTestId('toast')).toContainText('Login Successful');
  await expect(page.getByRole('heading', { name: 'Provider Dashboard' })).toBeVisible();
});

test('an ended session sends the provider back to the login card with a message', async ({
  page,
  request,
  signedInProvider,
}) => {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Provider Dashboard' })).toBeVisible();
  // The dashboard's own first calls answered: one still in flight at the logout would
  // find the session ended before the click this test makes.
  await page.waitForLoadState('networkidle');
  // Signed out elsewhere: the logout of another session ends every session.
  const logout = await request.post('/api/provider/logout', {
    headers: await providerHeaders(signedInProvider.id),
  });
  expect(logout.status()).toBe(200);

  await page.getByRole('tab', { name: 'Profile' }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('heading', { name: 'Provider Login' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText(
    'Your session has ended. Please log in again.',
  );
});
