/**
 * Renewals from the provider dashboard: a provider uploads a renewed
 * certificate for a check with its new expiry; it waits for an admin, and until then the
 * public badge and dates stay as the current record makes them. Each test has a provider
 * of its own, whose checks are recorded through the admin API.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { ProviderDetail } from '../../../src/lib/api-answers.ts';
import { addDays, addMonths, formatDay, saToday } from '../../../src/lib/calendar-days.ts';
import { scan } from '../axe.ts';
import { uniqueTag } from '../builders.ts';
import { expect, test, type Accounts } from '../fixtures.ts';

/** A tiny valid PDF: the server tells a document by its bytes. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PSIRA = 'PSIRA registration';
const INSURANCE = 'Public liability insurance';

/**
 * A sole trader installing CCTV whose required checks all passed, the PSIRA certificate
 * expiring in ten days; answers its id and that expiry.
 */
async function verifiedInstaller(request: APIRequestContext, accounts: Accounts, tag: string) {
  const provider = await accounts.newProvider({
    name: `${tag} Camera Installers`,
    email: `cameras.${tag.toLowerCase()}@example.co.za`,
    services: ['cctv'],
    legalForm: 'sole_trader',
  });
  const headers = await accounts.adminHeaders();
  const today = saToday();
  const psiraUntil = addDays(today, 10);
  for (const [type, extra] of [
    ['identity', {}],
    ['psira', { reference: `P${tag.toUpperCase()}`, validUntil: psiraUntil }],
    ['insurance', { insurer: 'Santam', coverAmount: 5_000_000 }],
    ['criminal_record', {}],
    ['references', {}],
  ] as const) {
    const recorded = await request.put(`/api/admin/providers/${provider.id}/checks/${type}`, {
      headers,
      data: { status: 'passed', checkedOn: today, validUntil: addMonths(today, 12), ...extra },
    });
    expect(recorded.status(), `${type}: ${await recorded.text()}`).toBe(200);
  }
  return { id: provider.id, name: provider.name, psiraUntil };
}

/** The dashboard's Verification tab, and the item of one check there. */
async function openVerificationTab(page: Page, providerName: string) {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Provider Dashboard' })).toBeVisible();
  await expect(page.getByText(providerName, { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Verification' }).click();
  const checks = page.getByRole('list', { name: 'Checks' });
  await expect(checks).toBeVisible();
  return (label: string) => checks.getByRole('listitem', { name: label });
}

/** Opens a check's renewal form. */
async function openRenewal(item: Locator, label: string): Promise<Locator> {
  await item.getByRole('button', { name: 'Upload a renewed certificate' }).click();
  const form = item.getByRole('form', { name: `Renew ${label}` });
  await expect(form).toBeVisible();
  return form;
}

test('a provider sends a renewed certificate; it waits for review and the public badge is unchanged', async ({
  page,
  request,
  accounts,
}) => {
  const tag = uniqueTag();
  const { id, name, psiraUntil } = await verifiedInstaller(request, accounts, tag);
  await accounts.signIn(page.context(), 'provider', id);
  const today = saToday();
  const newExpiry = addMonths(psiraUntil, 12);

  const check = await openVerificationTab(page, name);
  const psira = check(PSIRA);
  await expect(psira).toContainText('Expires in 10 days');
  // Our team does these again itself: nothing to upload there.
  await expect(check('Criminal record check of the owner').getByRole('button')).toHaveCount(0);
  await expect(check('Two customer references').getByRole('button')).toHaveCount(0);

  const form = await openRenewal(psira, PSIRA);
  await form.getByLabel('Renewed certificate').setInputFiles({
    name: 'psira-certificate.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expect(form.getByRole('status')).toHaveText('Uploaded: psira-certificate.pdf');
  await form.getByLabel('New expiry date').fill(newExpiry);
  await form.getByLabel('PSIRA registration number (optional)').fill(`P${tag.toUpperCase()}`);
  await form.getByRole('button', { name: 'Send for review' }).click();

  await expect(page.getByTestId('toast')).toContainText('Renewal Sent');
  await expect(form).toHaveCount(0);
  await expect(psira).toContainText(
    `Renewed certificate sent on ${formatDay(today)}: waiting for review (new expiry ${formatDay(newExpiry)}).`,
  );
  await expect(psira).toContainText(
    `your current record counts until it expires on ${formatDay(psiraUntil)}`,
  );
  await expect(psira).toContainText('Expires in 10 days');
  // Focus goes back to the button that opened the form.
  await expect(psira.getByRole('button', { name: 'Upload a renewed certificate' })).toBeFocused();

  // The public answer and page: the current record, not the renewal that waits.
  const detail = (await (await request.get(`/api/providers/${id}`)).json()) as ProviderDetail;
  expect(detail.verification.status).toBe('verified');
  expect(detail.verification.checks.find((c) => c.type === 'psira')?.validUntil).toBe(psiraUntil);
  await page.goto(`/provider/${id}`);
  const section = page.getByRole('region', { name: 'Verification', exact: true });
  await expect(section.getByTestId('verification-status')).toContainText('Verified');
  const publicPsira = section
    .getByRole('list', { name: 'Checks' })
    .getByRole('listitem')
    .filter({ hasText: PSIRA });
  await expect(publicPsira).toContainText(`valid until ${formatDay(psiraUntil)}`);
  await expect(section).not.toContainText(formatDay(newExpiry));
  await expect(section).not.toContainText('psira-certificate.pdf');
});

test('the renewal form shows what is wrong at the fields, from the browser and the server', async ({
  page,
  signedInProvider,
}) => {
  const check = await openVerificationTab(page, signedInProvider.name);
  const insurance = check(INSURANCE);
  const form = await openRenewal(insurance, INSURANCE);
  // Insurance has no register number: the reference is a plain one.
  await expect(form.getByLabel('Reference number (optional)')).toBeVisible();

  await form.getByRole('button', { name: 'Send for review' }).click();
  await expect(form).toContainText('Please upload the document');
  await expect(form).toContainText('Please enter the new expiry date');
  await expect(form.getByLabel('New expiry date')).toHaveAttribute('aria-invalid', 'true');
  expect(await scan(page, '/dashboard, renewal form with errors')).toEqual([]);

  // A file that is no document is refused before it is sent.
  await form.getByLabel('Renewed certificate').setInputFiles({
    name: 'certificate.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a certificate'),
  });
  await expect(
    form
      .getByRole('alert')
      .filter({ hasText: 'Only PDF, JPEG, PNG or WebP documents can be uploaded.' }),
  ).toBeVisible();

  // A past expiry is the server's to refuse: its message shows at the field.
  await form.getByLabel('Renewed certificate').setInputFiles({
    name: 'policy-schedule.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expect(form.getByRole('status')).toHaveText('Uploaded: policy-schedule.pdf');
  await expect(form).not.toContainText('Please upload the document');
  await form.getByLabel('New expiry date').fill(addDays(saToday(), -1));
  await form.getByRole('button', { name: 'Send for review' }).click();
  await expect(page.getByTestId('toast')).toContainText('Renewal Not Sent');
  const expiry = form.getByLabel('New expiry date');
  await expect(expiry).toHaveAccessibleDescription(/The new expiry must be today or later/);
  await expect(expiry).toHaveAttribute('aria-invalid', 'true');
  await expect(insurance).not.toContainText('waiting for review');
});
