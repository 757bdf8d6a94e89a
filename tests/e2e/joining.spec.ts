/**
 * Joining (issue: provider applications, uploads, admin sign-in and review): a person
 * applies with a photo, an admin reviews applications, and the password reset works in
 * development mode. Runs in order: the admin flows use the applications made first.
 */
import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config.ts';

test.describe.configure({ mode: 'serial' });

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

async function signIn(page: Page, password: string = E2E_ADMIN.password) {
  await page.goto('/admin');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
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
  await page.goto('/join');
  await fillApplication(page, {
    business: 'Garden Route Security',
    email: 'apply.one@example.co.za',
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

test('a second application to reject', async ({ page }) => {
  await page.goto('/join');
  await fillApplication(page, { business: 'Knysna Alarm Works', email: 'apply.two@example.co.za' });
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible();
});

test('a wrong password shows Login Failed', async ({ page }) => {
  await signIn(page, 'not-the-password');
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Login Failed');
  await expect(toast).toContainText('Invalid email or password');
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
});

test('an admin rejects one application with notes and approves another, which goes live', async ({
  page,
  request,
}) => {
  await signIn(page);
  await expect(page.getByTestId('toast')).toContainText('Login Successful');
  await expect(
    page.getByText(`Welcome, ${E2E_ADMIN.firstName} ${E2E_ADMIN.lastName}`),
  ).toBeVisible();
  // The pending count as the database has it (other spec files may have applied too).
  const stats = await page.request.get('/api/admin/stats');
  const { pendingApplications } = (await stats.json()) as { pendingApplications: number };
  expect(pendingApplications).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole('region', { name: 'Total Applications' })).toContainText(
    `${pendingApplications} pending review`,
  );

  await page.getByRole('tab', { name: 'Applications' }).click();
  await page.getByRole('button', { name: 'View Knysna Alarm Works' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Admin notes').fill('No proof of public liability insurance.');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByTestId('toast')).toContainText('Application Updated');
  await expect(page.getByRole('row', { name: /Knysna Alarm Works/ })).toContainText('rejected');

  await page.getByRole('button', { name: 'View Garden Route Security' }).click();
  await expect(dialog.getByRole('button', { name: 'Reject' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Reset to Pending' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByTestId('toast')).toContainText('Application Approved');
  await expect(page.getByRole('row', { name: /Garden Route Security/ })).toContainText('approved');

  const listing = await request.get('/api/providers?search=garden%20route');
  const providers = (await listing.json()) as { name: string; profileImage: string | null }[];
  expect(providers.map((p) => p.name)).toEqual(['Garden Route Security']);
  expect(providers[0]!.profileImage).toMatch(/^\/objects\/uploads\/.+\.webp$/);
  const image = await request.get(providers[0]!.profileImage!);
  expect(image.headers()['content-type']).toBe('image/webp');

  // Back to pending: the provider leaves the public list again, so the sample data the
  // other browser tests count on is as it was.
  await page.getByRole('button', { name: 'View Garden Route Security' }).click();
  await dialog.getByRole('button', { name: 'Reset to Pending' }).click();
  await expect(page.getByRole('row', { name: /Garden Route Security/ })).toContainText('pending');
  const after = await request.get('/api/providers?search=garden%20route');
  expect(after.headers()['x-total-count']).toBe('0');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByTestId('toast')).toContainText('Logged Out');
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
});

test('forgot password and reset in development mode, then sign in with the new password', async ({
  page,
}) => {
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByTestId('toast')).toContainText('Reset Link Generated');
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
  await signIn(page, 'a-new-password');
  await expect(
    page.getByText(`Welcome, ${E2E_ADMIN.firstName} ${E2E_ADMIN.lastName}`),
  ).toBeVisible();
});
