/**
 * The Verification section of the provider modal and the provider page, and the badge
 * it stands behind: a lapsed check takes the badge away and
 * the page says which; a verified provider shows every check with its dates and the
 * PSIRA number with PSIRA's own verification; nothing else of the evidence is public.
 *
 * The sample data is seeded relative to today (db/seed/check-records.ts), so every
 * expected date is taken from the API's answer and written as the page writes it.
 */
import type { Locator, Page } from '@playwright/test';
import type { ProviderDetail, PublicVerification } from '../../../src/lib/api-answers.ts';
import { addMonths, formatDay, saToday } from '../../../src/lib/calendar-days.ts';
import {
  CHECKS,
  PSIRA_VERIFICATION_HINT,
  PSIRA_VERIFICATION_URL,
} from '../../../src/lib/catalog/checks.ts';
import { uniqueTag } from '../builders.ts';
import { expect, test } from '../fixtures.ts';
import { serverUrl } from '../servers.ts';
import { cardByName, expectCount, fetchProviders, getJson, openProviderModal } from '../support.ts';

const HIGHVELD = 'Highveld Secure Systems';
const ALGOA = 'Algoa Alarm & Fence';

/** What a public check may carry: nothing of the evidence but a register number. */
const PUBLIC_CHECK_KEYS = [
  'type',
  'label',
  'status',
  'required',
  'checkedAt',
  'validUntil',
  'reference',
];
const PUBLIC_REFERENCE_TYPES = new Set(
  CHECKS.filter((check) => check.publicReference).map((check) => check.type),
);
const STATUS_WORDS = { passed: 'Passed', expired: 'Expired', pending: 'Not yet confirmed' };

async function detailOf(
  request: Parameters<typeof getJson>[0],
  name: string,
): Promise<ProviderDetail> {
  const { items } = await fetchProviders(request, { search: name });
  const listed = items.find((provider) => provider.name === name);
  expect(listed, `${name} is listed`).toBeDefined();
  return getJson<ProviderDetail>(request, `/api/providers/${listed!.id}`);
}

function verificationSection(scope: Page | Locator): Locator {
  return scope.getByRole('region', { name: 'Verification', exact: true });
}

/** Every check of the answer is shown, in its order, with its status and dates. */
async function expectChecks(section: Locator, verification: PublicVerification) {
  const rows = section.getByRole('list', { name: 'Checks' }).getByRole('listitem');
  await expect(rows).toHaveCount(verification.checks.length);
  for (const [index, check] of verification.checks.entries()) {
    const row = rows.nth(index);
    await expect(row).toContainText(check.label);
    await expect(row).toContainText(STATUS_WORDS[check.status]);
    if (check.status === 'passed') {
      await expect(row).toContainText(
        `Checked ${formatDay(check.checkedAt!)} · valid until ${formatDay(check.validUntil!)}`,
      );
    }
    if (check.status === 'expired') {
      await expect(row).toContainText(`expired on ${formatDay(check.validUntil!)}`);
    }
  }
}

/** The PSIRA number and the link to PSIRA's own verification, opening in a new tab. */
async function expectPsiraLink(section: Locator, reference: string) {
  const row = section
    .getByRole('list', { name: 'Checks' })
    .getByRole('listitem')
    .filter({ hasText: 'PSIRA registration' });
  await expect(row).toContainText(`PSIRA registration number: ${reference}`);
  const link = row.getByRole('link', { name: /PSIRA's website/ });
  await expect(link).toHaveAttribute('href', PSIRA_VERIFICATION_URL);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(link).toHaveAccessibleName(/opens in a new tab/);
  await expect(row).toContainText(PSIRA_VERIFICATION_HINT);
}

/** The section links only to PSIRA and to /verification: no document, no evidence. */
async function expectOnlyPublicLinks(section: Locator) {
  const hrefs = await section
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(hrefs.filter((href) => href !== PSIRA_VERIFICATION_URL)).toEqual(['/verification']);
}

test('a provider whose PSIRA check expired has no badge; its page says which check lapsed and when', async ({
  page,
  request,
}) => {
  const algoa = await detailOf(request, ALGOA);
  expect(algoa.isVerified).toBe(false);
  expect(algoa.verification.status).toBe('lapsed');
  const psira = algoa.verification.checks.find((check) => check.type === 'psira')!;
  expect(psira.status).toBe('expired');
  expect(psira.validUntil! < saToday()).toBe(true);
  const verified = await fetchProviders(request, { verification: 'verified' });
  expect(verified.items.map((provider) => provider.id)).not.toContain(algoa.id);

  // The card in the list: no badge.
  await page.goto(`/providers?search=${encodeURIComponent('Algoa')}`);
  const card = cardByName(page, ALGOA);
  await expect(card).toBeVisible();
  await expect(card.getByText(/^(Premium|Verified)$/)).toHaveCount(0);

  // The page: the section names the lapsed check and its day; no badge anywhere.
  await page.goto(`/provider/${algoa.id}`);
  const section = verificationSection(page);
  await expect(section.getByTestId('verification-status')).toContainText(
    `Verification lapsed: PSIRA registration expired on ${formatDay(psira.validUntil!)}`,
  );
  await expectChecks(section, algoa.verification);
  await expect(page.getByRole('main').getByText(/^(Premium|Verified)$/)).toHaveCount(0);
});

test("a verified provider's modal shows every check with its dates and the PSIRA link", async ({
  page,
  request,
}) => {
  const highveld = await detailOf(request, HIGHVELD);
  expect(highveld.verification.status).toBe('verified');
  const psira = highveld.verification.checks.find((check) => check.type === 'psira');
  expect(psira?.reference, 'the PSIRA number of the sample').toBeTruthy();

  const detailCalls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === `/api/providers/${highveld.id}`) detailCalls.push(r.url());
  });
  await page.goto('/providers');
  await expectCount(page, (await fetchProviders(request)).total);
  const dialog = await openProviderModal(page, HIGHVELD);
  const section = verificationSection(dialog);
  await expect(section.getByRole('heading', { name: 'Verification', level: 3 })).toBeVisible();
  await expect(section.getByTestId('verification-status')).toContainText('Verified');
  await expectChecks(section, highveld.verification);
  await expectPsiraLink(section, psira!.reference!);
  await expectOnlyPublicLinks(section);
  await expect(section.getByRole('link', { name: 'How we check providers' })).toHaveAttribute(
    'href',
    '/verification',
  );
  expect(detailCalls).toHaveLength(1);
  // The spec's five tabs are still there, under the section.
  await expect(dialog.getByRole('tab')).toHaveCount(5);
});

test("a verified provider's page shows its checks with dates and the PSIRA link", async ({
  page,
  request,
}) => {
  const highveld = await detailOf(request, HIGHVELD);
  const psira = highveld.verification.checks.find((check) => check.type === 'psira')!;
  await page.goto(`/provider/${highveld.id}`);
  const section = verificationSection(page);
  await expect(section.getByRole('heading', { name: 'Verification', level: 2 })).toBeVisible();
  await expect(section.getByTestId('verification-status')).toContainText('Verified');
  await expectChecks(section, highveld.verification);
  await expectPsiraLink(section, psira.reference!);
  await expectOnlyPublicLinks(section);
});

test('the page shows the badge and the checks only from the API, never from its build', async ({
  page,
  request,
}) => {
  const highveld = await detailOf(request, HIGHVELD);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/providers/${highveld.id}`, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/provider/${highveld.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HIGHVELD);
  const section = verificationSection(page);
  await expect(
    section.getByRole('status', { name: "Loading the provider's checks" }),
  ).toBeVisible();
  await expect(page.getByRole('main').getByText(/^(Premium|Verified)$/)).toHaveCount(0);

  release();
  // The badge in the page's header (the Verification section says "Verified" too).
  await expect(
    page.getByRole('main').locator('header').first().getByText('Verified', { exact: true }),
  ).toBeVisible();
  await expect(section.getByTestId('verification-status')).toContainText('Verified');
  await expect(section.getByRole('status')).toHaveCount(0);
});

test('the modal shows an error with Try again when the checks cannot be loaded', async ({
  page,
  request,
}) => {
  let calls = 0;
  await page.route(/\/api\/providers\/\d+$/, async (route) => {
    calls += 1;
    if (calls === 1) await route.fulfill({ status: 503, body: 'Service Unavailable' });
    else await route.continue();
  });
  await page.goto('/providers');
  await expectCount(page, (await fetchProviders(request)).total);
  const dialog = await openProviderModal(page, HIGHVELD);
  const section = verificationSection(dialog);
  await expect(section.getByRole('alert')).toContainText(
    "This provider's checks could not be loaded.",
  );
  await section.getByRole('button', { name: 'Try again' }).click();
  await expect(section.getByTestId('verification-status')).toContainText('Verified');
});

test('the public answer of every listed provider carries only public check fields', async ({
  request,
}) => {
  const { items } = await fetchProviders(request);
  for (const { id } of items) {
    const detail = await getJson<ProviderDetail>(request, `/api/providers/${id}`);
    for (const check of detail.verification.checks) {
      for (const key of Object.keys(check)) expect(PUBLIC_CHECK_KEYS, key).toContain(key);
      if (check.reference !== undefined) expect(PUBLIC_REFERENCE_TYPES.has(check.type)).toBe(true);
    }
  }
});

test.describe('a provider whose checks carry notes and private references', () => {
  // Recording checks changes data: this runs on the operations server.
  test.use({ server: 'operations', baseURL: serverUrl('operations') });

  test('shows neither on its page nor in the API answer', async ({ page, request, accounts }) => {
    const tag = uniqueTag();
    const provider = await accounts.newProvider({
      name: `${tag} Camera Works`,
      services: ['cctv'],
      legalForm: 'sole_trader',
    });
    const headers = await accounts.adminHeaders();
    const today = saToday();
    const secret = {
      note: `Private note ${tag}: spoke to the owner's bank`,
      idNumber: '8001015009087',
      insurer: `${tag} Mutual`,
      psira: `P${tag.toUpperCase()}`,
    };
    const record = (type: string, extra: Record<string, unknown>) =>
      request.put(`/api/admin/providers/${provider.id}/checks/${type}`, {
        headers,
        data: {
          status: 'passed',
          checkedOn: today,
          validUntil: addMonths(today, 12),
          notes: secret.note,
          ...extra,
        },
      });
    for (const [type, extra] of [
      ['identity', { reference: secret.idNumber }],
      ['psira', { reference: secret.psira }],
      ['insurance', { insurer: secret.insurer, coverAmount: 5_000_000 }],
      ['criminal_record', {}],
      ['references', {}],
    ] as const) {
      const response = await record(type, extra);
      expect(response.status(), `${type}: ${await response.text()}`).toBe(200);
    }

    const answer = await request.get(`/api/providers/${provider.id}`);
    expect(answer.status()).toBe(200);
    const text = await answer.text();
    for (const hidden of [secret.note, secret.idNumber, secret.insurer, '5000000']) {
      expect(text).not.toContain(hidden);
    }
    const detail = JSON.parse(text) as ProviderDetail;
    expect(detail.verification.status).toBe('verified');
    expect(detail.verification.checks.find((c) => c.type === 'psira')?.reference).toBe(
      secret.psira,
    );

    await page.goto(`/provider/${provider.id}`);
    const section = verificationSection(page);
    await expect(section.getByTestId('verification-status')).toContainText('Verified');
    await expectChecks(section, detail.verification);
    await expectPsiraLink(section, secret.psira);
    await expectOnlyPublicLinks(section);
    const main = page.getByRole('main');
    for (const hidden of [secret.note, secret.idNumber, secret.insurer]) {
      await expect(main).not.toContainText(hidden);
    }
  });
});
