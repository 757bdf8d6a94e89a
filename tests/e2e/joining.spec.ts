/**
 * Joining (issue: provider applications, uploads, admin sign-in and review): a person
 * applies with a photo, an admin reviews applications, and an admin who forgot the
 * password resets it with the mailed link. Each test makes its own applications and admin.
 */
import type { Page } from '@playwright/test';
import { apply, newApplication, uniqueTag, uploadApplicationPhoto } from './builders.ts';
import { expect, test } from './fixtures.ts';

const PHOTO = 'public/public-objects/sample-provider-3.webp';

async function fillApplication(
  page: Page,
  { business, email }: { business: string; email: string },
) {
  await page.getByLabel('Business Name *').fill(business);
  await page.getByLabel('Contact Person *').fill('Pieter Botha');
  await page.getByLabel('Email Address *').fill(email);
  await page.getByLabel('Phone Number *').fill('082 555 1234');
  await page.getByLabel('City/Area *').fill('George');
  await page.getByLabel('Province *').selectOption('western-cape');
  await page.getByLabel('Physical Address *').fill('12 York Street, George');
  await page.getByLabel('CCTV Installations & Repairs').check();
  await page.getByLabel('Alarm Systems').check();
  await page.getByLabel('Years of Experience *').fill('7');
  await page.getByLabel(/terms and conditions/).check();
  await page.getByLabel(/privacy policy/).check();
}

async function signIn(page: Page, { email, password }: { email: string; password: string }) {
  await page.goto('/admin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('each rule of the application form shows its message and nothing is sent', async ({
  page,
}) => {
  let posted = false;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/provider-applications')) posted = true;
  });
  await page.goto('/join');
  await page.getByLabel('Email Address *').fill('not-an-email');
  await page.getByLabel('Phone Number *').fill('12345');
  await page.getByLabel('Years of Experience *').fill('-1');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  for (const message of [
    'Please enter a valid email address',
    'Please enter a valid South African phone number (e.g., +27123456789 or 0123456789)',
    'Please select at least one service',
    'Years of experience must be 0 or greater',
    'You must accept the terms and conditions',
    'You must accept the privacy policy',
    'Business name is required',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  expect(posted).toBe(false);
});

test('a provider applies with a photo, sees the upload progress and the success screen', async ({
  page,
}) => {
  const tag = uniqueTag();
  await page.goto('/join');
  await fillApplication(page, {
    business: `${tag} Garden Route Security`,
    email: `apply.${tag.toLowerCase()}@example.co.za`,
  });
  await page.getByLabel('Profile Picture').setInputFiles(PHOTO);
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  await expect(page.getByText('Uploaded', { exact: true })).toBeVisible();
  await expect(page.getByTestId('toast')).toContainText('Image Uploaded');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible();
  await expect(page.getByText('will be reviewed within 2-3 business days')).toBeVisible();
  for (const step of [
    'Background and credential verification',
    'Business license and insurance review',
    'Reference and previous work checks',
    'Final approval and profile setup',
  ]) {
    await expect(page.getByText(step)).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
});

test('a wrong password shows Login Failed', async ({ page, accounts }) => {
  const admin = await accounts.newAdmin();
  await signIn(page, { email: admin.email, password: 'not-the-password' });
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Login Failed');
  await expect(toast).toContainText('Invalid email or password');
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
});

test('an admin rejects one application with notes and approves another, which goes live', async ({
  page,
  request,
  signedInAdmin,
}) => {
  const tag = uniqueTag();
  const toApprove = newApplication({
    businessName: `${tag} Garden Route Security`,
    profileImage: await uploadApplicationPhoto(request, PHOTO),
  });
  const toReject = newApplication({ businessName: `${tag} Knysna Alarm Works` });
  await apply(request, toApprove);
  await apply(request, toReject);

  // The pending count as the page got it from the API (other tests apply too).
  const statsAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/stats');
  await page.goto('/admin');
  await expect(
    page.getByText(`Welcome, ${signedInAdmin.firstName} ${signedInAdmin.lastName}`),
  ).toBeVisible();
  const { pendingApplications } = (await (await statsAnswer).json()) as {
    pendingApplications: number;
  };
  expect(pendingApplications).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole('region', { name: 'Total Applications' })).toContainText(
    `${pendingApplications} pending review`,
  );

  await page.getByRole('tab', { name: 'Applications' }).click();
  await page.getByRole('button', { name: `View ${toReject.businessName}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Admin notes').fill('No proof of public liability insurance.');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByTestId('toast')).toContainText('Application Updated');
  await expect(page.getByRole('row', { name: new RegExp(toReject.businessName) })).toContainText(
    'rejected',
  );

  const approvedRow = page.getByRole('row', { name: new RegExp(toApprove.businessName) });
  await page.getByRole('button', { name: `View ${toApprove.businessName}` }).click();
  await expect(dialog.getByRole('button', { name: 'Reject' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Reset to Pending' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByTestId('toast')).toContainText('Application Approved');
  await expect(approvedRow).toContainText('approved');

  const listing = await request.get(`/api/providers?search=${tag}`);
  const providers = (await listing.json()) as { name: string; profileImage: string | null }[];
  expect(providers.map((p) => p.name)).toEqual([toApprove.businessName]);
  expect(providers[0]!.profileImage).toMatch(/^\/objects\/uploads\/.+\.webp$/);
  const image = await request.get(providers[0]!.profileImage!);
  expect(image.headers()['content-type']).toBe('image/webp');

  // Back to pending: the provider leaves the public list again.
  await page.getByRole('button', { name: `View ${toApprove.businessName}` }).click();
  await dialog.getByRole('button', { name: 'Reset to Pending' }).click();
  await expect(approvedRow).toContainText('pending');
  const after = await request.get(`/api/providers?search=${tag}`);
  expect(after.headers()['x-total-count']).toBe('0');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByTestId('toast')).toContainText('Logged Out');
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
});

test('forgot password: the mailed link resets it, then the admin signs in with the new one', async ({
  page,
  accounts,
  mailbox,
}) => {
  const admin = await accounts.newAdmin();
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  await page.getByLabel('Email').fill(admin.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByTestId('toast')).toContainText('Reset Link Generated');
  // Not development mode: the token travels by mail only, and the form says so.
  await expect(page.getByRole('main').getByRole('status')).toContainText(
    'a reset link is on its way',
  );

  const link = await mailbox.linkTo(admin.email, '/admin?resetToken=');
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await page.getByLabel('New Password').fill('short');
  await page.getByLabel('Confirm Password').fill('other');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();
  await page.getByLabel('New Password').fill('a-new-password');
  await page.getByLabel('Confirm Password').fill('a-new-passwordX');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel('Confirm Password').fill('a-new-password');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByTestId('toast')).toContainText('Password Reset Successful');
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();

  await signIn(page, { email: admin.email, password: 'a-new-password' });
  await expect(page.getByTestId('toast')).toContainText('Login Successful');
  await expect(page.getByText(`Welcome, ${admin.firstName} ${admin.lastName}`)).toBeVisible();
});
