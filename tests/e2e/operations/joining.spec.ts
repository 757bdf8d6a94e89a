/**
 * Joining (provider applications, uploads, admin sign-in and review; the verification
 * answers, evidence documents and consent): a person applies with a
 * photo or a PSIRA certificate, confirms the address with the mailed link (decision
 * 0046), an admin reviews applications, and an admin who forgot the password resets it
 * with the mailed link. Each test makes its own applications and admin.
 */
import type { Page, Request } from '@playwright/test';
import {
  APPLICATION_CONFIRMATION_MESSAGES,
  CONFIRM_YOUR_ADDRESS,
  PENDING_APPLICATION_MESSAGES,
} from '../../../src/lib/application-confirmation.ts';
import { addDays, saToday } from '../../../src/lib/calendar-days.ts';
import { CHECKS_CONSENT } from '../../../src/lib/catalog/consent.ts';
import { scan } from '../axe.ts';
import { apply, newApplication, uniqueTag, uploadApplicationPhoto } from '../builders.ts';
import { expect, test } from '../fixtures.ts';
import { choosePassword, logIn, logOut } from '../login-cards.ts';
import { confirmAction } from '../support.ts';

const PHOTO = 'public/public-objects/sample-provider-3.webp';
/** A tiny valid PDF: the server tells a document by its bytes. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PSIRA_EXPIRY = addDays(saToday(), 200);
const CONSENT = /^I agree that Verified Providers checks/;
const WRONG_DOCUMENT_TYPE = 'Only PDF, JPEG, PNG or WebP documents can be uploaded.';
const PSIRA_NUMBER = '1234567';

/** The checks the success screen lists for a sole trader installing CCTV and alarms. */
const SECURITY_CHECKS = [
  'Identity of the owner or director',
  'PSIRA registration',
  'Public liability insurance',
  'Criminal record check of the owner',
  'Two customer references',
];

/**
 * The join page once its form has hydrated (Astro then drops the island's `ssr`): a box
 * ticked before that would not show the parts it brings.
 */
async function openJoinForm(page: Page) {
  await page.goto('/join');
  const form = page.getByRole('button', { name: 'Submit Application' });
  await expect(page.locator('astro-island', { has: form })).not.toHaveAttribute('ssr');
}

/** A complete application of a sole trader installing CCTV and alarms, not yet sent. */
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
  await page.getByLabel('Business type *').selectOption('Sole trader');
  await page.getByLabel('PSIRA registration number *').fill(PSIRA_NUMBER);
  await page.getByLabel('PSIRA certificate expiry *').fill(PSIRA_EXPIRY);
  await page.getByRole('checkbox', { name: CONSENT }).check();
  await page.getByLabel(/terms and conditions/).check();
  await page.getByLabel(/privacy policy/).check();
}

/**
 * A fresh join form filled in for a business named `{tag} {business}` at the address
 * `{mailboxName}.{tag}@example.co.za`.
 */
async function startApplication(page: Page, business: string, mailboxName: string) {
  const tag = uniqueTag();
  await openJoinForm(page);
  await fillApplication(page, {
    business: `${tag} ${business}`,
    email: `${mailboxName}.${tag.toLowerCase()}@example.co.za`,
  });
}

/** Uploads the PSIRA certificate as a PDF and waits until the form says it is uploaded. */
async function uploadPsiraCertificate(page: Page) {
  await page.getByLabel('PSIRA certificate', { exact: true }).setInputFiles({
    name: 'psira-certificate.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expect(page.getByText('Uploaded: psira-certificate.pdf')).toBeVisible();
}

/**
 * Attaches a file to a check's document field and expects the check's part of the form
 * to refuse it as no document it takes.
 */
async function expectDocumentRefused(
  page: Page,
  { field, check }: { field: string; check: string },
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  await page.getByLabel(field, { exact: true }).setInputFiles(file);
  await expect(page.getByRole('group', { name: check }).getByRole('alert')).toHaveText(
    WRONG_DOCUMENT_TYPE,
  );
}

/** Notes whether the form posts an application: answers a function that tells. */
function watchPosting(page: Page) {
  let posted = false;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/provider-applications')) posted = true;
  });
  return () => posted;
}

/** Starts waiting for the application the form sends; answers its JSON body. */
function sentApplication(page: Page) {
  const isApplication = (request: Request) =>
    request.method() === 'POST' && new URL(request.url()).pathname === '/api/provider-applications';
  return page
    .waitForRequest(isApplication)
    .then((request) => request.postDataJSON() as Record<string, unknown>);
}

const submit = (page: Page) => page.getByRole('button', { name: 'Submit Application' }).click();

/** The success screen, with the checks the applicant's services and business type need. */
async function expectSuccess(page: Page, checks: string[]) {
  await expect(page.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible();
  const steps = page.getByRole('list').filter({ hasText: 'We review your application' }).first();
  for (const check of checks) {
    await expect(steps.getByRole('listitem').filter({ hasText: check }).last()).toBeVisible();
  }
  return steps;
}

test('each rule of the application form shows its message and nothing is sent', async ({
  page,
}) => {
  const posted = watchPosting(page);
  await openJoinForm(page);
  await page.getByLabel('Email Address *').fill('not-an-email');
  await page.getByLabel('Phone Number *').fill('12345');
  await page.getByLabel('Years of Experience *').fill('-1');
  await page.getByLabel('Previous Work and References').fill('x'.repeat(2001));
  // PSIRA is asked for only with a security service, CIPC only for a company.
  await expect(page.getByLabel('PSIRA registration number *')).toBeHidden();
  await expect(page.getByLabel('CIPC registration number *')).toBeHidden();
  await page.getByRole('button', { name: 'Submit Application' }).click();
  for (const message of [
    'Please select the business type',
    'You must agree to the verification checks',
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
  // A screen reader hears a field's message with the field.
  const previousWork = page.getByLabel('Previous Work and References');
  await expect(previousWork).toHaveAttribute('aria-invalid', 'true');
  await expect(previousWork).toHaveAccessibleDescription('At most 2000 characters');
  expect(posted()).toBe(false);
});

test('PSIRA is asked for with a security service, CIPC for a company', async ({ page }) => {
  const posted = watchPosting(page);
  await startApplication(page, 'Mossel Bay Alarms', 'alarms');
  await expect(
    page.getByText('Installing CCTV, alarms or access control is a security service'),
  ).toBeVisible();
  await page.getByLabel('PSIRA registration number *').clear();
  await page.getByLabel('PSIRA certificate expiry *').clear();
  await page.getByLabel('Business type *').selectOption('Registered company or close corporation');
  await submit(page);
  await expect(page.getByLabel('PSIRA registration number *')).toHaveAccessibleDescription(
    /PSIRA registration number is required for CCTV, alarms or access control/,
  );
  await expect(page.getByLabel('PSIRA certificate expiry *')).toHaveAccessibleDescription(
    'PSIRA certificate expiry is required',
  );
  await expect(page.getByLabel('CIPC registration number *')).toHaveAccessibleDescription(
    /CIPC registration number is required for a registered company/,
  );
  await page.getByLabel('PSIRA certificate expiry *').fill(addDays(saToday(), -1));
  await expect(page.getByLabel('PSIRA certificate expiry *')).toHaveAccessibleDescription(
    'This PSIRA certificate has expired: renew it before you apply',
  );
  expect(posted()).toBe(false);
});

test('a provider applies with a photo, sees the upload progress and the success screen', async ({
  page,
}) => {
  await startApplication(page, 'Garden Route Security', 'apply');
  await page.getByLabel('Profile Picture').setInputFiles(PHOTO);
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  await expect(page.getByText('Uploaded', { exact: true })).toBeVisible();
  await expect(page.getByTestId('toast')).toContainText('Image Uploaded');
  await submit(page);
  const steps = await expectSuccess(page, SECURITY_CHECKS);
  await expect(page.getByText('will be reviewed within 2-3 business days')).toBeVisible();
  await expect(page.getByText(CONFIRM_YOUR_ADDRESS)).toBeVisible();
  await expect(page.getByTestId('toast')).toContainText(
    'Please open the link we e-mailed you to confirm your address.',
  );
  for (const step of [
    'We review your application and documents within 2-3 business days',
    'Once approved, you get an e-mail with a link to set your password',
    'We then complete the checks your services require',
    'Your profile shows the Verified badge once every one of them has passed',
  ]) {
    await expect(steps).toContainText(step);
  }
  // A sole trader has no company registration to check.
  await expect(steps).not.toContainText('Company registration (CIPC)');
  await expect(page.getByRole('link', { name: 'How verification works' })).toHaveAttribute(
    'href',
    '/verification',
  );
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
});

test('a company installing CCTV applies with its PSIRA certificate as a PDF', async ({ page }) => {
  await startApplication(page, 'Outeniqua Camera Systems', 'cameras');
  await page.getByLabel('Alarm Systems').uncheck();
  await page.getByLabel('Business type *').selectOption('Registered company or close corporation');
  await page.getByLabel('CIPC registration number *').fill('2015/123456/07');
  await expect(page.getByLabel('PSIRA certificate', { exact: true })).toHaveAccessibleDescription(
    /PDF, JPEG, PNG or WebP, at most 10 MB/,
  );
  await uploadPsiraCertificate(page);
  await page.getByLabel('Insurer', { exact: true }).fill('Santam');
  await page.getByLabel('Cover amount (R)').fill('5000000');

  const sent = sentApplication(page);
  await submit(page);
  await expectSuccess(page, ['Company registration (CIPC)', ...SECURITY_CHECKS]);
  expect(await sent).toMatchObject({
    legalForm: 'company',
    cipcNumber: '2015/123456/07',
    psiraNumber: PSIRA_NUMBER,
    psiraValidUntil: PSIRA_EXPIRY,
    insurer: 'Santam',
    insuranceCover: 5_000_000,
    consentVersion: CHECKS_CONSENT.version,
    documents: [
      {
        checkType: 'psira',
        upload: expect.any(String),
        fileName: 'psira-certificate.pdf',
      },
    ],
  });
});

test('answers of a part that no longer applies are not sent', async ({ page }) => {
  await startApplication(page, 'Wilderness Networks', 'networks');
  await uploadPsiraCertificate(page);
  await page.getByLabel('Business type *').selectOption('Registered company or close corporation');
  await page.getByLabel('CIPC registration number *').fill('2015/123456/07');
  // Now a sole trader doing network work only: no CIPC, no PSIRA.
  await page.getByLabel('Business type *').selectOption('Sole trader');
  await page.getByLabel('CCTV Installations & Repairs').uncheck();
  await page.getByLabel('Alarm Systems').uncheck();
  await page.getByLabel('Network Infrastructure').check();
  await expect(page.getByLabel('PSIRA registration number *')).toBeHidden();
  await expect(page.getByLabel('CIPC registration number *')).toBeHidden();

  const sent = sentApplication(page);
  await submit(page);
  const steps = await expectSuccess(page, ['Identity of the owner or director']);
  await expect(steps).not.toContainText('PSIRA registration');
  const body = await sent;
  expect(body).toMatchObject({ legalForm: 'sole_trader', services: ['network'], documents: [] });
  expect(body).not.toHaveProperty('psiraNumber');
  expect(body).not.toHaveProperty('psiraValidUntil');
  expect(body).not.toHaveProperty('cipcNumber');
});

test('the form asks for the consent to the checks and refuses a document that is not one', async ({
  page,
}) => {
  const posted = watchPosting(page);
  await startApplication(page, 'Sedgefield Alarms', 'alarms');
  const consent = page.getByRole('checkbox', { name: CONSENT });
  await expect(consent).toHaveAccessibleName(new RegExp(CHECKS_CONSENT.text.slice(0, 60)));
  await expect(page.getByRole('link', { name: 'privacy notice' })).toHaveAttribute(
    'href',
    CHECKS_CONSENT.privacyHref,
  );
  await consent.uncheck();
  await submit(page);
  await expect(consent).toHaveAccessibleDescription('You must agree to the verification checks');
  expect(posted()).toBe(false);

  // Told here by its type...
  await expectDocumentRefused(
    page,
    { field: 'PSIRA certificate', check: 'PSIRA registration' },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a certificate') },
  );
  // ...and by the server from its bytes, whatever the name says.
  await expectDocumentRefused(
    page,
    { field: 'Insurance certificate or policy schedule', check: 'Public liability insurance' },
    {
      name: 'policy-schedule.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('just some text, not a PDF'),
    },
  );

  await consent.check();
  await expect(page.getByText('You must agree to the verification checks')).toHaveCount(0);
  const sent = sentApplication(page);
  await submit(page);
  await expectSuccess(page, SECURITY_CHECKS);
  expect((await sent).documents).toEqual([]);
});

test("the server's messages show at their fields, documents included", async ({ page }) => {
  await page.route('**/api/provider-applications', (route) =>
    route.fulfill({
      status: 400,
      json: {
        message: 'Please upload the document again',
        errors: {
          'documents.0.upload': 'Please upload the document again',
          psiraValidUntil: 'This PSIRA certificate has expired: renew it before you apply',
          consentVersion: 'You must agree to the verification checks',
        },
      },
    }),
  );
  await startApplication(page, 'Plettenberg Security', 'security');
  await uploadPsiraCertificate(page);
  await submit(page);
  await expect(
    page.getByRole('group', { name: 'PSIRA registration' }).getByRole('alert').last(),
  ).toHaveText('Please upload the document again');
  await expect(page.getByLabel('PSIRA certificate expiry *')).toHaveAccessibleDescription(
    'This PSIRA certificate has expired: renew it before you apply',
  );
  await expect(page.getByRole('checkbox', { name: CONSENT })).toHaveAccessibleDescription(
    'You must agree to the verification checks',
  );
});

test('the mailed link confirms the address: the page says so, the receipt follows, and a second visit says it is confirmed already', async ({
  page,
  request,
  mailbox,
}) => {
  const application = newApplication({ contactName: 'Anele Mokoena' });
  await apply(request, application);
  const link = await mailbox.linkTo(application.email, '/join/confirm?token=');
  // Until then the address has the link alone, in words of ours only.
  const [first] = await mailbox.mailsTo(application.email);
  expect(first?.subject).toBe(
    'Confirm your e-mail address for your Verified Providers application',
  );
  expect(first?.text).not.toContain(application.businessName);
  expect(first?.text).not.toContain('Anele Mokoena');

  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'Your e-mail is confirmed' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(APPLICATION_CONFIRMATION_MESSAGES.confirmed);
  await expect(page.getByRole('link', { name: 'How verification works' })).toHaveAttribute(
    'href',
    '/verification',
  );
  expect(await scan(page, '/join/confirm, confirmed')).toEqual([]);

  const receipt = await mailbox.mailTo(application.email, 'Thank you for confirming');
  expect(receipt.subject).toBe('We received your application to join Verified Providers');
  expect(receipt.text).toContain('PSIRA registration');
  expect(receipt.text).not.toContain(application.businessName);
  expect(receipt.text).not.toContain('Anele Mokoena');

  await page.reload();
  await expect(page.getByRole('status')).toHaveText(
    APPLICATION_CONFIRMATION_MESSAGES.alreadyConfirmed,
  );
  expect(await mailbox.mailsTo(application.email)).toHaveLength(2);
});

test('a lost or expired link is sent again: from the join form that refuses a second application, and from the link’s page', async ({
  page,
  request,
  mailbox,
}) => {
  const tag = uniqueTag();
  const email = `again.${tag.toLowerCase()}@example.co.za`;
  await apply(request, newApplication({ email }));
  await mailbox.linkTo(email, '/join/confirm?token=');

  // Applying again: the form says the first waits for its address, and offers a new link.
  await openJoinForm(page);
  await fillApplication(page, { business: `${tag} Second Try`, email });
  await submit(page);
  await expect(
    page.getByRole('alert').filter({ hasText: PENDING_APPLICATION_MESSAGES.unconfirmed }).first(),
  ).toHaveText(PENDING_APPLICATION_MESSAGES.unconfirmed);
  await page.getByRole('button', { name: 'Send a New Link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'new link' })).toHaveText(
    APPLICATION_CONFIRMATION_MESSAGES.newLinkSent,
  );
  await expect.poll(async () => (await mailbox.mailsTo(email)).length).toBe(2);

  // The link's page, when the link cannot be used: the address, then a new link.
  await page.goto(`/join/confirm?token=${'B'.repeat(43)}`);
  const form = page.getByRole('form', { name: 'Ask for a new link' });
  await form.getByRole('button', { name: 'Send a New Link' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please enter a valid email address');
  await form.getByLabel('The e-mail address on your application').fill(email.toUpperCase());
  await form.getByRole('button', { name: 'Send a New Link' }).click();
  await expect(form.getByRole('status')).toHaveText(APPLICATION_CONFIRMATION_MESSAGES.newLinkSent);
  expect(await scan(page, '/join/confirm, a new link asked for')).toEqual([]);
  if (process.env['E2E_SHOTS']) {
    await page.screenshot({ path: `${process.env['E2E_SHOTS']}/join-confirm-new-link.png` });
  }
  await expect.poll(async () => (await mailbox.mailsTo(email)).length).toBe(3);

  const newest = await mailbox.linkTo(email, '/join/confirm?token=');
  await page.goto(`${newest.pathname}${newest.search}`);
  await expect(page.getByRole('heading', { name: 'Your e-mail is confirmed' })).toBeVisible();
});

test('a confirmation link that is not valid says so, and where to turn', async ({ page }) => {
  for (const address of [`/join/confirm?token=${'A'.repeat(43)}`, '/join/confirm']) {
    await page.goto(address);
    await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(APPLICATION_CONFIRMATION_MESSAGES.invalid);
    await expect(page.getByRole('link', { name: 'Contact Us' })).toHaveAttribute(
      'href',
      '/contact',
    );
  }
  expect(await scan(page, '/join/confirm, not valid')).toEqual([]);
});

test('a wrong password shows Login Failed', async ({ page, accounts }) => {
  const admin = await accounts.newAdmin();
  await logIn(page, 'admin', { email: admin.email, password: 'not-the-password' });
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
  // Neither applicant has opened the link mailed to the address: the list says so.
  await expect(page.getByRole('row', { name: new RegExp(toReject.businessName) })).toContainText(
    'E-mail not confirmed',
  );
  await page.getByRole('button', { name: `View ${toReject.businessName}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('A rejection mails nobody');
  await dialog.getByLabel('Admin notes').fill('No proof of public liability insurance.');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await confirmAction(page, `Reject the application of ${toReject.businessName}?`, 'Reject');
  await expect(page.getByTestId('toast')).toContainText('Application Updated');
  await expect(page.getByRole('row', { name: new RegExp(toReject.businessName) })).toContainText(
    'rejected',
  );

  const approvedRow = page.getByRole('row', { name: new RegExp(toApprove.businessName) });
  await page.getByRole('button', { name: `View ${toApprove.businessName}` }).click();
  await expect(dialog.getByRole('button', { name: 'Reject' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Reset to Pending' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await confirmAction(page, `Approve the application of ${toApprove.businessName}?`, 'Approve');
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
  await confirmAction(
    page,
    `Reset the application of ${toApprove.businessName} to pending?`,
    'Reset to Pending',
  );
  await expect(approvedRow).toContainText('pending');
  const after = await request.get(`/api/providers?search=${tag}`);
  expect(after.headers()['x-total-count']).toBe('0');

  await logOut(page, 'admin');
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
  await choosePassword(page, 'Reset Password', 'short', 'other');
  await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
  await choosePassword(page, 'Reset Password', 'a-new-password', 'a-new-passwordX');
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await choosePassword(page, 'Reset Password', 'a-new-password');
  await expect(page.getByTestId('toast')).toContainText('Password Reset Successful');
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();

  await logIn(page, 'admin', { email: admin.email, password: 'a-new-password' });
  await expect(page.getByTestId('toast')).toContainText('Login Successful');
  await expect(page.getByText(`Welcome, ${admin.firstName} ${admin.lastName}`)).toBeVisible();
});
