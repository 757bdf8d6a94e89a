/**
 * The provider modal of Find Providers (spec sections 2, 4, 5 and 8): summary, contact
 * links, five tabs, keyboard use and the service request form.
 *
 * One test sends a real POST /api/enquiries (each test is a client of its own, so the
 * rate limit of 5 per 10 minutes counts its requests alone); every other submission is
 * answered by page.route.
 */
import type { Locator, Page } from '@playwright/test';
import { provinceName } from '../../../src/lib/catalog/provinces.ts';
import { formatSaPhone } from '../../../src/lib/phone.ts';
import { uniqueTag } from '../builders.ts';
import { expect, test } from '../fixtures.ts';
import {
  APPROVED_PROVIDER_COUNT,
  TEXT,
  cardByName,
  categoryName,
  expectContactLinks,
  expectCount,
  fetchProvider,
  fetchStats,
  holdRequests,
  openProviderModal,
  recordRequests,
  selectedOption,
} from '../support.ts';

const HIGHVELD = 'Highveld Secure Systems';

async function openHighveld(page: Page): Promise<Locator> {
  await page.goto('/providers');
  await expectCount(page, APPROVED_PROVIDER_COUNT);
  return openProviderModal(page, HIGHVELD);
}

async function openRequestForm(page: Page): Promise<Locator> {
  const dialog = await openHighveld(page);
  await dialog.getByRole('tab', { name: 'Request Service' }).click();
  await expect(dialog.getByLabel('Your Name *')).toBeVisible();
  return dialog;
}

function form(dialog: Locator) {
  return {
    name: dialog.getByLabel('Your Name *'),
    email: dialog.getByLabel('Email Address *'),
    phone: dialog.getByLabel('Phone Number'),
    service: dialog.getByLabel('Service Type *'),
    location: dialog.getByLabel('Service Location *'),
    budget: dialog.getByLabel('Budget'),
    urgency: dialog.getByLabel('Urgency Level *'),
    description: dialog.getByLabel('Project Description *'),
    send: dialog.getByRole('button', { name: /^(Send Request|Sending\.\.\.)$/ }),
    clear: dialog.getByRole('button', { name: 'Clear Form' }),
  };
}

async function fillValid(dialog: Locator, email = 'thandi@example.co.za') {
  const f = form(dialog);
  await f.name.fill('Thandi Mokoena');
  await f.email.fill(email);
  await f.phone.fill('082 555 0199');
  await f.service.selectOption({ label: 'Alarm Systems' });
  await f.location.fill('Sandton, Johannesburg');
  await f.budget.selectOption('5000-10000');
  await f.urgency.selectOption('high');
  await f.description.fill('Alarm panel with four beams and app arming for a townhouse.');
  // The alarm brief's one required question; the rest may stay unanswered.
  await dialog.getByLabel('Property type *').selectOption({ label: 'Townhouse or flat' });
}

test('a card opens the provider in a dialog with its summary, contact links and five tabs', async ({
  page,
  request,
}) => {
  const provider = await fetchProvider(request, 1);
  const dialog = await openHighveld(page);

  await expect(dialog.getByRole('heading', { name: provider.name, level: 2 })).toBeVisible();
  await expect(dialog.getByRole('img', { name: provider.name })).toBeVisible();
  await expect(dialog).toContainText(`${provider.location}, ${provinceName(provider.province)}`);
  await expect(dialog.getByLabel('Rated 4.8 out of 5').first()).toBeVisible();
  await expect(dialog).toContainText(`(${provider.reviewCount} reviews)`);
  // The badge, above the Verification section that says "Verified" too.
  await expect(dialog.getByText('Verified', { exact: true }).first()).toBeVisible();
  await expect(dialog.getByRole('link', { name: /^Paid placement/ })).toHaveAttribute(
    'href',
    '/how-we-order',
  );
  await expect(dialog.getByText(provider.description)).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Services' }).getByRole('listitem')).toHaveText(
    provider.services.map(categoryName),
  );
  await expectContactLinks(dialog, provider, 'Contact Provider');
  await expect(dialog.getByRole('tab')).toHaveText([
    'Services',
    'Reviews',
    'Contact',
    'Coverage',
    'Request Service',
  ]);

  // Each tab shows its content.
  const panel = dialog.getByRole('tabpanel');
  const tab = (name: string) => dialog.getByRole('tab', { name });

  await expect(tab('Services')).toHaveAttribute('aria-selected', 'true');
  await expect(panel).toHaveCount(1);
  await expect(panel.getByRole('heading', { name: 'Services Offered' })).toBeVisible();
  for (const service of provider.services) await expect(panel).toContainText(categoryName(service));
  for (const specialty of provider.specialties) await expect(panel).toContainText(specialty);
  await expect(panel).toContainText(/From\s*R1\s500/);
  await expect(panel).toContainText(TEXT.priceNote);

  await tab('Reviews').click();
  await expect(tab('Reviews')).toHaveAttribute('aria-selected', 'true');
  await expect(panel).toContainText('4.8 / 5');
  await expect(panel).toContainText(`Based on ${provider.reviewCount} reviews`);
  await expect(panel.getByRole('list', { name: 'Reviews' })).toBeVisible();

  await tab('Contact').click();
  // Shown the South African way, dialled in E.164.
  await expect(panel.getByRole('link', { name: formatSaPhone(provider.phone) })).toHaveAttribute(
    'href',
    `tel:${provider.phone}`,
  );
  await expect(panel.getByRole('link', { name: provider.email })).toHaveAttribute(
    'href',
    `mailto:${provider.email}`,
  );
  await expect(panel.getByRole('link', { name: 'www.highveldsecure.example.com' })).toHaveAttribute(
    'href',
    provider.website!,
  );
  await expect(panel.getByRole('heading', { name: 'Business Hours' })).toBeVisible();
  const hours = (day: RegExp) => panel.locator('dt', { hasText: day }).locator('+ dd');
  await expect(hours(/^monday$/i)).toHaveText('8:00 AM - 5:00 PM');
  await expect(hours(/^saturday$/i)).toHaveText('9:00 AM - 1:00 PM');
  await expect(hours(/^sunday$/i)).toHaveText('Closed');
  await expect(panel.locator('dt', { hasText: /^sunday$/i })).toHaveText('Sunday', {
    useInnerText: true,
  });

  await tab('Coverage').click();
  await expect(panel.getByRole('heading', { name: 'Coverage Areas' })).toBeVisible();
  await expect(panel.getByRole('listitem')).toHaveText(provider.coverageAreas);

  await tab('Request Service').click();
  await expect(panel.getByLabel('Your Name *')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Send Request' })).toBeVisible();
});

test('arrow keys move between tabs; Escape closes the dialog and focus returns', async ({
  page,
}) => {
  const dialog = await openHighveld(page);
  const tab = (name: string) => dialog.getByRole('tab', { name });

  await tab('Services').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab('Reviews')).toBeFocused();
  await expect(tab('Reviews')).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByRole('tabpanel')).toContainText('Based on 12 reviews');

  await page.keyboard.press('ArrowLeft');
  await expect(tab('Services')).toBeFocused();
  await expect(tab('Services')).toHaveAttribute('aria-selected', 'true');

  await page.keyboard.press('ArrowLeft');
  await expect(tab('Request Service')).toBeFocused();
  await expect(tab('Request Service')).toHaveAttribute('aria-selected', 'true');

  await page.keyboard.press('Home');
  await expect(tab('Services')).toBeFocused();
  await page.keyboard.press('End');
  await expect(tab('Request Service')).toBeFocused();
  await expect(tab('Services')).toHaveAttribute('tabindex', '-1');

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(
    cardByName(page, HIGHVELD).getByRole('button', { name: HIGHVELD, exact: true }),
  ).toBeFocused();
});

test.describe('service request form', () => {
  test('defaults, validation in the browser without a POST, and Clear Form', async ({
    page,
    request,
  }) => {
    const provider = await fetchProvider(request, 1);
    const posts = recordRequests(page, 'POST', '/api/enquiries');
    const dialog = await openRequestForm(page);
    const f = form(dialog);
    await expect(f.urgency).toHaveValue('medium');
    await expect(selectedOption(f.urgency)).toHaveText('Medium (within 1 week)');
    await expect(f.urgency.locator('option')).toHaveText([
      'Low (within 2 weeks)',
      'Medium (within 1 week)',
      'High (within 3 days)',
      'Urgent (ASAP)',
    ]);
    await expect(f.service.locator('option')).toHaveText([
      'Select a service',
      ...provider.services.map(categoryName),
    ]);
    await expect(f.name).toHaveValue('');
    await expect(f.email).toHaveAttribute('type', 'email');

    // Invalid: the messages show and nothing is sent.
    await f.send.click();
    await expect(dialog.getByText('Please enter your name')).toBeVisible();
    await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
    await expect(dialog.getByText('Please select a service type')).toBeVisible();
    await expect(dialog.getByText('Please enter the service location')).toBeVisible();
    await expect(dialog.getByText('Please describe your project')).toBeVisible();
    await expect(f.name).toHaveAttribute('aria-invalid', 'true');

    await f.name.fill('Thandi Mokoena');
    await f.email.fill('not-an-email');
    await f.phone.fill('abc');
    await f.send.click();
    await expect(dialog.getByText('Please enter your name')).toHaveCount(0);
    await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
    await expect(dialog.getByText('Please enter a valid phone number')).toBeVisible();
    await expect(f.email).toHaveAttribute('aria-invalid', 'true');

    // The messages come from the submit handler: a valid form would have sent by now.
    expect(posts).toEqual([]);

    // Clear Form resets every field to the defaults.
    await fillValid(dialog);
    await expect(f.name).toHaveValue('Thandi Mokoena');
    await f.clear.click();
    for (const field of [f.name, f.email, f.phone, f.location, f.description]) {
      await expect(field).toHaveValue('');
    }
    await expect(f.service).toHaveValue('');
    await expect(f.budget).toHaveValue('');
    await expect(f.urgency).toHaveValue('medium');
  });

  test('a valid request shows Sending..., then the sent state with its reference instead of the form, and is stored', async ({
    page,
    request,
    accounts,
  }) => {
    const email = `thandi.${uniqueTag().toLowerCase()}@example.co.za`;
    const before = await fetchStats(request);
    const posts = recordRequests(page, 'POST', '/api/enquiries');
    // The real request goes through, held until the pending state has been seen.
    const release = await holdRequests(page, '**/api/enquiries');
    const dialog = await openRequestForm(page);
    const f = form(dialog);
    await fillValid(dialog, email);

    await f.send.click();
    await expect(dialog.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    release();

    // The form gives way to the sent state: the server's message names the reference and
    // the provider; no toast covers it.
    const sentMessage = new RegExp(
      `Your request (VP-\\d{2}-\\d{6}) has been sent to ${HIGHVELD}\\. We have e-mailed you a link to follow it\\.`,
    );
    const sent = dialog.getByTestId('request-sent');
    await expect(sent.getByRole('heading', { name: TEXT.enquiryOkTitle })).toBeFocused();
    await expect(sent).toContainText(sentMessage);
    const reference = sentMessage.exec((await sent.textContent()) ?? '')?.[1];
    await expect(sent.getByTestId('request-reference')).toHaveText(reference!);
    await expect(page.getByTestId('toast')).toHaveCount(0);
    await expect(f.send).toHaveCount(0);

    // Send another request: the form again, empty and at its defaults.
    await sent.getByRole('button', { name: 'Send another request' }).click();
    await expect(dialog.getByRole('button', { name: 'Send Request' })).toBeEnabled();
    for (const field of [f.name, f.email, f.phone, f.location, f.description]) {
      await expect(field).toHaveValue('');
    }
    await expect(f.service).toHaveValue('');
    await expect(f.budget).toHaveValue('');
    await expect(f.urgency).toHaveValue('medium');
    expect(posts).toHaveLength(1);

    // Stored once, for Highveld: the enquiry desk finds it by its e-mail address. The
    // platform's count grew by it (and by any other test's request meanwhile).
    const desk = await request.get(`/api/admin/enquiries?search=${encodeURIComponent(email)}`, {
      headers: await accounts.adminHeaders(),
    });
    expect(desk.status()).toBe(200);
    expect(await desk.json()).toEqual([
      expect.objectContaining({ customerEmail: email, assignedProviderId: 1 }),
    ]);
    const after = await fetchStats(request);
    expect(after.totalEnquiries).toBeGreaterThanOrEqual(before.totalEnquiries + 1);
  });

  test('a server rejection shows the destructive Error toast', async ({ page }) => {
    let body: unknown;
    await page.route('**/api/enquiries', async (route) => {
      body = route.request().postDataJSON();
      await route.fulfill({ status: 400, json: { message: 'Rejected by the test' } });
    });
    const dialog = await openRequestForm(page);
    await fillValid(dialog);
    await form(dialog).send.click();

    const toast = page.getByTestId('toast');
    await expect(toast).toHaveAttribute('role', 'alert');
    await expect(toast.getByText(TEXT.enquiryFailTitle, { exact: true })).toBeVisible();
    await expect(toast).toContainText(TEXT.enquiryFail);
    await expect(page.getByRole('alert').filter({ hasText: TEXT.enquiryFail })).toBeVisible();
    // What was sent (spec section 7), and the form keeps it for another try.
    expect(body).toMatchObject({
      customerName: 'Thandi Mokoena',
      customerEmail: 'thandi@example.co.za',
      customerPhone: '082 555 0199',
      serviceType: 'alarms',
      location: 'Sandton, Johannesburg',
      budget: '5000-10000',
      urgency: 'high',
      assignedProviderId: 1,
    });
    await expect(form(dialog).name).toHaveValue('Thandi Mokoena');
  });
});

test('the service location suggests places as it is typed, and takes any text', async ({
  page,
}) => {
  const dialog = await openRequestForm(page);
  const location = form(dialog).location;
  await location.fill('Umhla');
  const list = page.locator(`datalist#${await location.getAttribute('list')} option`);
  await expect
    .poll(async () =>
      list.evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value)),
    )
    .toContainEqual(expect.stringMatching(/^Umhlanga, /));
  // Free text stays free: the form keeps what was typed.
  await location.fill('Farm 12, near the N2');
  await expect(location).toHaveValue('Farm 12, near the N2');
});
