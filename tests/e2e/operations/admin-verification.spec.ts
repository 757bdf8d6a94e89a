/**
 * The admin's Verification screen and queues: the badge follows the
 * check records an admin keeps, never a toggle. Each test signs in as its own admin and
 * makes its own providers (unique names, found by search). Evidence documents:
 * an application's checklist, the log of who opened a document, and evidence recorded
 * with an outcome.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { addDays, addMonths, formatDay, saToday } from '../../../src/lib/calendar-days.ts';
import { CHECKS_CONSENT } from '../../../src/lib/catalog/consent.ts';
import { apply, newApplication, uniqueTag } from '../builders.ts';
import {
  expect,
  providerHeaders,
  openAdmin,
  openProvidersSearch,
  test,
  type Accounts,
  type TestAdmin,
} from '../fixtures.ts';
import { cardByName } from '../support.ts';

/**
 * A new company installing CCTV: six checks are required (PSIRA and CIPC among them).
 * Answers it with the tag its name carries.
 */
async function newSecurityCompany(accounts: Accounts) {
  const tag = uniqueTag();
  const provider = await accounts.newProvider({
    name: `${tag} Gate & Camera Co`,
    email: `gates.${tag.toLowerCase()}@example.co.za`,
    location: 'Polokwane',
    province: 'limpopo',
    services: ['cctv', 'access'],
    legalForm: 'company',
    description: 'Gate motors, intercoms and camera systems for homes and farms around Polokwane.',
    phone: '015 555 0199',
    yearsExperience: 11,
  });
  return { tag, ...provider };
}

const IDENTITY = 'Identity of the owner or director';
const REQUIRED = [
  IDENTITY,
  'Company registration (CIPC)',
  'PSIRA registration',
  'Public liability insurance',
  'Criminal record check of the owner',
  'Two customer references',
];

/** The Verification screen of a provider, opened from its row in the Providers tab. */
async function openChecks(page: Page, admin: TestAdmin, name: string): Promise<Locator> {
  await openProvidersSearch(page, admin, name);
  await page.getByRole('button', { name: `Checks of ${name}` }).click();
  const screen = page.getByRole('dialog', { name: `Verification of ${name}` });
  await expect(screen.getByRole('list', { name: 'Checks' })).toBeVisible();
  return screen;
}

/** Opens a check's form on the screen: the check's item and its form. */
async function recordForm(screen: Locator, label: string) {
  const item = screen.getByRole('listitem', { name: label });
  await item.getByRole('button', { name: 'Record outcome' }).click();
  return { item, form: item.getByRole('form', { name: `Record ${label}` }) };
}

/** Records a check as passed with the suggested valid-until day (and what it needs). */
async function recordPassed(screen: Locator, label: string) {
  const { item, form } = await recordForm(screen, label);
  await form.getByLabel('Outcome').selectOption('passed');
  if (label === 'PSIRA registration') {
    await form.getByLabel('PSIRA registration number').fill('4123987');
  }
  if (label === 'Company registration (CIPC)') {
    await form.getByLabel('CIPC registration number').fill('2015/123456/07');
  }
  if (label === 'Public liability insurance') {
    await form.getByLabel('Insurer').fill('Santam');
    await form.getByLabel('Cover amount (R)').fill('5 000 000');
  }
  await form.getByRole('button', { name: 'Save Outcome' }).click();
  await expect(form).toHaveCount(0);
  await expect(item).toContainText('Passed');
}

test('recording every required check as passed makes the badge; one failed takes it away', async ({
  page,
  accounts,
  signedInAdmin,
}) => {
  test.setTimeout(60_000);
  const { tag, name } = await newSecurityCompany(accounts);
  const today = saToday();
  await page.goto(`/providers?search=${tag}`);
  await expect(cardByName(page, name)).toBeVisible();
  await expect(cardByName(page, name)).not.toContainText('Verified');

  const screen = await openChecks(page, signedInAdmin, name);
  await expect(screen).toContainText('Not verified');
  await expect(screen).toContainText('0 of 6 required checks passed and in date.');
  for (const label of REQUIRED) {
    await expect(screen.getByRole('listitem', { name: label })).toContainText('Required');
  }
  await expect(screen.getByRole('listitem', { name: 'SAIDSA membership' })).toContainText(
    'Optional',
  );

  // The server's rule shows next to its field: a new pass must be valid today or later.
  const { form } = await recordForm(screen, IDENTITY);
  await form.getByLabel('Outcome').selectOption('passed');
  await expect(form.getByLabel('Checked on')).toHaveValue(today);
  // The suggested last day: three years from the day checked, less a day.
  await expect(form.getByLabel('Valid until')).toHaveValue(addDays(addMonths(today, 36), -1));
  await form.getByLabel('Valid until').fill(addDays(today, -1));
  await form.getByRole('button', { name: 'Save Outcome' }).click();
  await expect(form.getByText('A passed check must be valid today or later')).toBeVisible();
  await expect(form.getByLabel('Valid until')).toHaveAttribute('aria-invalid', 'true');
  await form.getByRole('button', { name: 'Cancel' }).click();

  for (const label of REQUIRED) await recordPassed(screen, label);
  // The earliest expiry of the six: the yearly checks, a year from today less a day.
  const verifiedUntil = addDays(addMonths(today, 12), -1);
  await expect(screen).toContainText(`Verified until ${formatDay(verifiedUntil)}`);
  await expect(screen).toContainText('6 of 6 required checks passed and in date.');
  const insurance = screen.getByRole('listitem', { name: 'Public liability insurance' });
  await expect(insurance).toContainText('Santam');
  await expect(insurance).toContainText('R5');
  await expect(insurance).toContainText(`by ${signedInAdmin.firstName} ${signedInAdmin.lastName}`);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Verified');

  await page.goto(`/providers?search=${tag}`);
  await expect(cardByName(page, name)).toContainText('Verified');

  // One required check fails: the badge is gone everywhere at once.
  const again = await openChecks(page, signedInAdmin, name);
  const { item, form: psira } = await recordForm(again, 'PSIRA registration');
  await psira.getByLabel('Outcome').selectOption('failed');
  await expect(psira.getByLabel('Valid until')).toHaveCount(0);
  await psira.getByLabel('Notes (admins only)').fill('Certificate number not on the register.');
  await psira.getByRole('button', { name: 'Save Outcome' }).click();
  await expect(page.getByTestId('toast')).toContainText('Check Recorded');
  await expect(item).toContainText('Failed');
  await expect(item).toContainText('Certificate number not on the register.');
  await expect(again).toContainText('Not verified');
  await expect(again).toContainText('5 of 6 required checks passed and in date.');

  await page.goto(`/providers?search=${tag}`);
  await expect(cardByName(page, name)).toBeVisible();
  await expect(cardByName(page, name)).not.toContainText('Verified');
});

/** Records a check through the API, as the screen's form would. */
async function putCheck(
  accounts: Accounts,
  request: APIRequestContext,
  providerId: number,
  type: string,
  body: Record<string, unknown>,
) {
  const answered = await request.put(`/api/admin/providers/${providerId}/checks/${type}`, {
    headers: await accounts.adminHeaders(),
    data: body,
  });
  expect(answered.status(), await answered.text()).toBe(200);
}

test('the queues list a check expiring within 30 days and one waiting for review', async ({
  page,
  request,
  accounts,
  signedInAdmin,
}) => {
  const { id, name } = await newSecurityCompany(accounts);
  const validUntil = addDays(saToday(), 10);
  await putCheck(accounts, request, id, 'identity', { status: 'passed', validUntil });
  await putCheck(accounts, request, id, 'references', { status: 'pending' });

  await openAdmin(page, signedInAdmin, 'Verification');
  const expiring = page.getByRole('tab', { name: /^Expiring in 30 days \(\d+\)$/ });
  await expect(expiring).toHaveAttribute('aria-selected', 'true');
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Identity of the owner or director');
  await expect(row).toContainText(formatDay(validUntil));
  await expect(row).toContainText('in 10 days');

  await page.getByRole('tab', { name: /^Waiting for review/ }).click();
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Two customer references');

  await page.getByRole('tab', { name: /^Expiring in 30 days/ }).click();
  await page
    .getByRole('button', { name: `Open Identity of the owner or director of ${name}` })
    .click();
  const screen = page.getByRole('dialog', { name: `Verification of ${name}` });
  const identity = screen.getByRole('listitem', { name: 'Identity of the owner or director' });
  await expect(identity).toContainText('Passed');
  await expect(identity).toContainText(formatDay(validUntil));

  // Renewed for a year: it leaves the expiring queue.
  await identity.getByRole('button', { name: 'Record outcome' }).click();
  const form = identity.getByRole('form', { name: 'Record Identity of the owner or director' });
  await expect(form.getByLabel('Outcome')).toHaveValue('passed');
  await form.getByLabel('Valid until').fill(addDays(addMonths(saToday(), 12), -1));
  await form.getByRole('button', { name: 'Save Outcome' }).click();
  await expect(form).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
});

/** A tiny valid PDF: the server checks a document by its bytes. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** Uploads the PDF as a form would (a ticket from `ticketPath`, then the bytes). */
async function uploadPdf(
  request: APIRequestContext,
  ticketPath: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const ticket = await request.post(ticketPath, { headers });
  expect(ticket.status(), await ticket.text()).toBe(200);
  const { uploadURL } = (await ticket.json()) as { uploadURL: string };
  const put = await request.put(uploadURL, {
    headers: { 'content-type': 'application/pdf' },
    data: PDF,
  });
  expect(put.status(), await put.text()).toBe(200);
  return uploadURL;
}

test("an application's checklist shows what was stated and sent; opening a document is logged", async ({
  page,
  context,
  request,
  signedInAdmin,
}) => {
  const psiraValidUntil = addDays(saToday(), 200);
  const application = newApplication({
    legalForm: 'company',
    cipcNumber: '2019/654321/07',
    psiraNumber: '3141592',
    psiraValidUntil,
    consentVersion: CHECKS_CONSENT.version,
    documents: [
      {
        checkType: 'psira',
        upload: await uploadPdf(request, '/api/public/documents/upload'),
        fileName: 'PSIRA certificate.pdf',
      },
    ],
  });
  await apply(request, application);

  await openAdmin(page, signedInAdmin, 'Applications');
  await page.getByRole('button', { name: `View ${application.businessName}` }).click();
  const review = page.getByRole('dialog', { name: application.businessName });
  await expect(review).toContainText(`(wording ${CHECKS_CONSENT.version})`);
  await expect(review).toContainText('Approving creates the provider with these checks pending');
  const checklist = review.getByRole('list', { name: 'Checklist' });
  await expect(
    checklist.getByRole('listitem', { name: 'Company registration (CIPC)' }),
  ).toContainText('2019/654321/07');
  const psira = checklist.getByRole('listitem', { name: 'PSIRA registration' });
  await expect(psira).toContainText('Required');
  await expect(psira).toContainText('PSIRA registration number3141592');
  await expect(psira).toContainText(`Expiry${formatDay(psiraValidUntil)}`);
  const document = psira
    .getByRole('list', { name: 'Documents for PSIRA registration' })
    .getByRole('listitem');
  await expect(document).toHaveCount(1);
  await expect(document).toContainText('PSIRA certificate.pdf');
  await expect(document).toContainText('PDF');
  await expect(document).toContainText('Applicant');
  await expect(document).toContainText('Not viewed yet.');

  // The link opens the document in a new tab: the view is logged, then the file shows.
  const file = context.waitForEvent('response', (answer) =>
    /\/api\/admin\/documents\/\d+\/file\?/.test(answer.url()),
  );
  const [opened] = await Promise.all([
    context.waitForEvent('page'),
    document.getByRole('link', { name: /^View PSIRA certificate\.pdf/ }).click(),
  ]);
  expect((await file).status()).toBe(200);
  expect((await file).headers()['content-type']).toBe('application/pdf');
  await opened.close();
  await expect(document).toContainText(
    `Viewed 1 time · last by ${signedInAdmin.firstName} ${signedInAdmin.lastName}`,
  );
});

test('a renewal waiting for review fills the form; evidence saved with the outcome is listed', async ({
  page,
  request,
  accounts,
  signedInAdmin,
}) => {
  const { id, name } = await newSecurityCompany(accounts);
  const provider = await providerHeaders(id);
  const newExpiry = addDays(saToday(), 400);
  const renewed = await request.post('/api/provider/checks/psira/renewals', {
    headers: provider,
    data: {
      document: {
        upload: await uploadPdf(request, '/api/provider/documents/upload', provider),
        fileName: 'psira-certificate-2027.pdf',
      },
      validUntil: newExpiry,
      reference: '4123987',
    },
  });
  expect(renewed.status(), await renewed.text()).toBe(201);

  const screen = await openChecks(page, signedInAdmin, name);
  const psira = screen.getByRole('listitem', { name: 'PSIRA registration' });
  await expect(psira).toContainText(
    `Renewal waiting for review: new expiry ${formatDay(newExpiry)}, reference 4123987`,
  );
  const { form } = await recordForm(screen, 'PSIRA registration');
  await form.getByLabel('Outcome').selectOption('passed');
  await expect(form.getByLabel('PSIRA registration number')).toHaveValue('4123987');
  await expect(form.getByLabel('Valid until')).toHaveValue(newExpiry);
  await form.getByLabel('Evidence (optional)').setInputFiles({
    name: 'psira-register-lookup.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expect(form.getByRole('list', { name: 'Attached evidence' })).toContainText(
    'psira-register-lookup.pdf',
  );
  await form.getByRole('button', { name: 'Save Outcome' }).click();
  await expect(form).toHaveCount(0);

  await expect(psira).toContainText('Passed');
  await expect(psira).toContainText(`Valid until${formatDay(newExpiry)}`);
  await expect(psira).not.toContainText('Renewal waiting');
  const documents = psira
    .getByRole('list', { name: 'Documents for PSIRA registration' })
    .getByRole('listitem');
  await expect(documents).toHaveCount(2);
  await expect(documents.first()).toContainText('psira-register-lookup.pdf');
  await expect(documents.first()).toContainText('Admin');
  await expect(documents.nth(1)).toContainText('psira-certificate-2027.pdf');
  await expect(documents.nth(1)).toContainText('Provider');
});
