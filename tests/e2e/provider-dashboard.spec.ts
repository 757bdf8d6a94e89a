/**
 * The provider dashboard (issue: account, enquiries and responses, profile and photo):
 * an approved applicant chooses a password from the e-mailed link, logs in, answers an
 * enquiry, edits the profile, uploads a photo, changes the password and logs out.
 * Runs in order on one provider; at the end the application goes back to pending, so the
 * provider leaves the public list and the other files' counts hold.
 */
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config.ts';
import { linkIn, readOutboxIn } from '../helpers/outbox.ts';
import { scan } from './axe.ts';
import { cardByName } from './support.ts';

test.describe.configure({ mode: 'serial' });

const DATA_DIR = path.resolve(import.meta.dirname, '../../reports/e2e-data');
const PHOTO = 'public/public-objects/sample-provider-2.webp';
const PROVIDER = {
  businessName: 'Umgeni Network Works',
  contactName: 'Sipho Dlamini',
  email: 'dashboard.provider@example.co.za',
  phone: '031 555 0142',
  location: 'Durban',
  province: 'kwazulu-natal',
  physicalAddress: '8 Florida Road, Durban',
  services: ['network', 'wifi'],
  yearsExperience: 6,
};
const FIRST_PASSWORD = 'first-dashboard-password';
const SECOND_PASSWORD = 'second-dashboard-password';
const CUSTOMER = { name: 'Lerato Mokoena', email: 'lerato.customer@example.co.za' };

// One page for the whole file: the provider logs in as few times as a person would (the
// per-account login limit is 5 in 15 minutes).
let page: Page;
test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
});
test.afterAll(() => page.close());

let adminToken = '';
let applicationId = 0;
let providerId = 0;

/** A fresh admin session through the API (development mode hands out the reset token). */
async function adminSession(request: APIRequestContext): Promise<string> {
  const forgot = await request.post('/api/admin/forgot-password', {
    data: { email: E2E_ADMIN.email },
  });
  const { resetToken } = (await forgot.json()) as { resetToken: string };
  const password = 'dashboard-spec-admin-password';
  await request.post('/api/admin/reset-password', { data: { resetToken, newPassword: password } });
  const login = await request.post('/api/admin/login', {
    data: { email: E2E_ADMIN.email, password },
  });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

async function mailsTo(address: string) {
  return (await readOutboxIn(DATA_DIR)).filter((mail) => mail.to.includes(address));
}

/**
 * The first mail to `address` whose text holds `fragment`; the Node host delivers the
 * outbox in the background, so the mail may take a moment to appear.
 */
async function mailTo(address: string, fragment: string) {
  let found: Awaited<ReturnType<typeof mailsTo>>[number] | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(address)).find((mail) => mail.text.includes(fragment));
        return found?.file;
      },
      { timeout: 15_000 },
    )
    .toBeDefined();
  return found!;
}

async function logIn(page: Page, password: string) {
  await page.goto('/dashboard');
  await page.getByLabel('Email').fill(PROVIDER.email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login to Dashboard' }).click();
}

async function sessionCookie(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'vp_provider_session');
  if (!cookie) throw new Error('No provider session cookie');
  return cookie.value;
}

test('an approved applicant chooses a password from the e-mailed link', async ({ request }) => {
  const applied = await request.post('/api/provider-applications', { data: PROVIDER });
  expect(applied.status()).toBe(201);
  applicationId = ((await applied.json()) as { id: number }).id;
  adminToken = await adminSession(request);
  const approved = await request.post(`/api/admin/applications/${applicationId}/approve`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(approved.status()).toBe(201);
  providerId = ((await approved.json()) as { providerId: number }).providerId;

  const welcome = await mailTo(PROVIDER.email, '/dashboard/set-password');
  const link = linkIn(welcome.text, '/dashboard/set-password');
  expect(link).toBeDefined();

  await page.goto(`${link!.pathname}${link!.search}`);
  await expect(page.getByRole('heading', { name: 'Choose Your Password' })).toBeVisible();
  await page.getByLabel('New Password').fill('short');
  await page.getByLabel('Confirm Password').fill('short');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();
  await page.getByLabel('New Password').fill(FIRST_PASSWORD);
  await page.getByLabel('Confirm Password').fill(FIRST_PASSWORD);
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByTestId('toast')).toContainText('Password Set');
  await page.getByRole('link', { name: 'Go to Provider Login' }).click();
  await expect(page.getByRole('heading', { name: 'Provider Login' })).toBeVisible();

  // The link works once.
  await page.goto(`${link!.pathname}${link!.search}`);
  await page.getByLabel('New Password').fill('another-password');
  await page.getByLabel('Confirm Password').fill('another-password');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByTestId('toast')).toContainText('Reset Failed');
});

test('a wrong password shows Login Failed', async () => {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Provider Login' })).toBeVisible();
  expect(await scan(page, '/dashboard, login card')).toEqual([]);
  await logIn(page, 'not-the-password');
  await expect(page.getByTestId('toast')).toContainText('Login Failed');
  await expect(page.getByTestId('toast')).toContainText('Invalid email or password');
});

test('the provider logs in, sees the enquiry assigned to them and responds', async ({
  request,
  browser,
}) => {
  const sent = await request.post('/api/enquiries', {
    data: {
      customerName: CUSTOMER.name,
      customerEmail: CUSTOMER.email,
      customerPhone: '082 555 0199',
      serviceType: 'wifi',
      location: 'Umhlanga',
      description: 'Wi-Fi dead spots on the second floor of our guest house.',
      budget: '5000-10000',
      urgency: 'high',
      assignedProviderId: providerId,
    },
  });
  expect(sent.status()).toBe(201);

  // The customer confirms the address with the mailed link: only then is the response
  // mailed there (issue 11).
  const confirmation = linkIn(
    (await mailTo(CUSTOMER.email, '/request/confirm?token=')).text,
    '/request/confirm?token=',
  );
  const customer = await browser.newPage();
  await customer.goto(`${confirmation!.pathname}${confirmation!.search}`);
  await expect(customer.getByRole('heading', { name: 'Your e-mail is confirmed' })).toBeVisible();
  await expect(customer.getByText('What happens next')).toBeVisible();
  await customer.close();

  await logIn(page, FIRST_PASSWORD);
  await expect(page.getByTestId('toast')).toContainText('Login Successful');
  await expect(page.getByRole('heading', { name: 'Provider Dashboard' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'New Enquiries' })).toContainText('1');
  await expect(page.getByRole('region', { name: 'Status' })).toContainText('Active provider');
  const recent = page.getByRole('region', { name: 'Recent Enquiries' });
  await expect(recent).toContainText(CUSTOMER.name);

  await page.getByRole('tab', { name: 'Enquiries' }).click();
  const card = page.getByRole('article', { name: `Enquiry from ${CUSTOMER.name}` });
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

  const reply = await mailTo(CUSTOMER.email, 'responded to your request');
  expect(reply.text).toContain('We can survey on Thursday morning and quote the same day.');

  // The previous response shows when the dialog opens again.
  await card.getByRole('button', { name: 'Respond' }).click();
  await expect(dialog.getByRole('region', { name: 'Your Previous Response' })).toContainText(
    'Bring the mesh kit.',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});

test('the provider edits the profile and sees it on /providers', async () => {
  await page.getByRole('tab', { name: 'Profile' }).click();
  await page.getByLabel('Business Name').fill('Umgeni Wi-Fi & Network Works');
  await expect(page.getByLabel('Contact Name')).toHaveValue('Umgeni Wi-Fi & Network Works');
  await page
    .getByLabel('Business Description')
    .fill('Mesh Wi-Fi for guest houses and offices from Umhlanga to Ballito.');
  await page.getByLabel('City/Area').fill('Umhlanga');
  await page.getByLabel('Phone').fill('not a phone');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(/valid South African phone number/)).toBeVisible();
  await page.getByLabel('Phone').fill('031 555 0142');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByTestId('toast')).toContainText('Profile Updated');

  await page.goto('/providers?search=umgeni');
  const card = cardByName(page, 'Umgeni Wi-Fi & Network Works');
  await expect(card).toBeVisible();
  await expect(card).toContainText('Umhlanga, KwaZulu-Natal');
});

test('the provider uploads a photo with progress and sees it', async () => {
  await page.goto('/dashboard');
  await page.getByRole('tab', { name: 'Profile' }).click();
  await page.getByRole('button', { name: 'Upload Photo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload profile photo' });
  await expect(dialog).toContainText('Max file size: 5MB • Formats: JPG, PNG, GIF');
  await dialog.getByLabel('Profile photo').setInputFiles(PHOTO);
  await expect(dialog.getByRole('status')).toHaveText('Uploaded');
  await dialog.getByRole('button', { name: 'Save Photo' }).click();
  await expect(page.getByTestId('toast')).toContainText('Profile Image Updated');
  const photo = page.getByRole('img', { name: /Profile photo of/ });
  await expect(photo).toHaveAttribute('src', /^\/objects\/uploads\/.+\.webp$/);

  await page.goto(`/provider/${providerId}`);
  await expect(page.locator(`img[src^="/objects/uploads/"]`).first()).toBeVisible();
});

test('the dashboard has no axe violations', async () => {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Provider Dashboard' })).toBeVisible();
  const found: string[] = [];
  for (const tab of ['Overview', 'Enquiries', 'Reviews', 'Profile', 'Settings']) {
    await page.getByRole('tab', { name: tab }).click();
    await page.waitForLoadState('networkidle');
    found.push(...(await scan(page, `/dashboard, ${tab} tab`)));
  }
  await page.getByRole('tab', { name: 'Enquiries' }).click();
  await page.getByRole('button', { name: 'Respond' }).first().click();
  found.push(...(await scan(page, '/dashboard, response dialog')));
  await page.keyboard.press('Escape');
  expect(found).toEqual([]);
});

test('the provider changes the password, logs out, and the old session is dead', async ({
  request,
}) => {
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

  const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
  expect((await request.get('/api/provider/me', bearer(before))).status()).toBe(401);
  const current = await sessionCookie(page);
  expect((await request.get('/api/provider/me', bearer(current))).status()).toBe(200);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByTestId('toast')).toContainText('Logged Out');
  await expect(page.getByRole('heading', { name: 'Provider Login' })).toBeVisible();
  expect((await request.get('/api/provider/me', bearer(current))).status()).toBe(401);

  await logIn(page, SECOND_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Provider Dashboard' })).toBeVisible();
});

test('an ended session sends the provider back to the login card with a message', async ({
  request,
}) => {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Provider Dashboard' })).toBeVisible();
  // Signed out elsewhere: a second login, then its logout, ends every session.
  const other = await request.post('/api/provider/login', {
    data: { email: PROVIDER.email, password: SECOND_PASSWORD },
  });
  const { token } = (await other.json()) as { token: string };
  await request.post('/api/provider/logout', { headers: { authorization: `Bearer ${token}` } });

  await page.getByRole('tab', { name: 'Profile' }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('heading', { name: 'Provider Login' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText(
    'Your session has ended. Please log in again.',
  );
});

test.afterAll(async ({ request }) => {
  // Back to pending: the provider leaves the public list (see the file's comment).
  if (applicationId && adminToken) {
    await request.put(`/api/admin/applications/${applicationId}/review`, {
      headers: { authorization: `Bearer ${adminToken}` },
      data: { status: 'pending', adminNotes: 'Reset after the dashboard browser test' },
    });
  }
});
