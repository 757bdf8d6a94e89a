/**
 * Shared helpers of the browser tests: the public API as the source of truth for the
 * sample data, the spec's fixed texts, and small waits on what the visitor sees.
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
// A provider and the platform's figures as the public API answers them (the routes' own types).
import type { PlatformStats } from '../../src/api/stats/get-platform-stats.ts';
import type { Provider as ApiProvider } from '../../src/lib/api-answers.ts';

export type { ApiProvider, PlatformStats };

/** The six categories of the spec (section 2), with the service filter's labels (section 9). */
export const CATEGORIES = [
  {
    id: 'cctv',
    name: 'CCTV Installations & Repairs',
    slug: 'cctv-installations-repairs',
    filterLabel: 'CCTV & Security',
  },
  { id: 'alarms', name: 'Alarm Systems', slug: 'alarm-systems', filterLabel: 'Alarm Systems' },
  { id: 'access', name: 'Access Control', slug: 'access-control', filterLabel: 'Access Control' },
  {
    id: 'network',
    name: 'Network Infrastructure',
    slug: 'network-infrastructure',
    filterLabel: 'Network Infrastructure',
  },
  {
    id: 'wifi',
    name: 'Wi-Fi & Internet Solutions',
    slug: 'wifi-internet-solutions',
    filterLabel: 'Wi-Fi & Internet',
  },
  { id: 'ndi', name: 'NDI Networks', slug: 'ndi-networks', filterLabel: 'NDI Networks' },
] as const;

export function categoryName(id: string): string {
  return CATEGORIES.find((c) => c.id === id)?.name ?? id;
}

/** Texts of the spec (sections 2, 4 and 8). */
export const TEXT = {
  locationDenied: 'Unable to detect location. Providers will be shown in default order.',
  emptyHeading: 'No providers found',
  emptyHint: 'Try adjusting your filters or search terms to find providers in your area.',
  // What went wrong in words, where spec section 8 had the raw error.
  listErrorHeading: "Couldn't load providers",
  listError: 'Something went wrong on our side. Please try again in a moment.',
  // Not the spec's 'Free consultation and quotes available': nothing in a provider's data
  // says its consultations are free.
  priceNote: 'Prices may vary based on specific requirements. Send a request to ask for a quote.',
  reviewsSoon: 'Reviews appear here once customers who booked through the site rate the work.',
  enquiryOkTitle: 'Service Request Submitted!',
  enquiryFailTitle: 'Error',
  enquiryFail: 'Failed to submit service request. Please try again.',
  notFoundHeading: 'Provider Not Found',
  notFoundText: "The service provider you're looking for doesn't exist or has been removed.",
} as const;

/** The sample data every fresh e2e database holds (tests/e2e/serve-fresh.ts). */
export const APPROVED_PROVIDER_COUNT = 39;
export const FLASH_ADS = [
  { title: 'Load-shedding ready security', duration: 5000 },
  { title: 'Office Wi-Fi that reaches every desk', duration: 4000 },
] as const;

export async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.status(), `GET ${path}`).toBe(200);
  return (await response.json()) as T;
}

/** Approved providers matching a query, in the API's order (at most 100 per call). */
export async function fetchProviders(
  request: APIRequestContext,
  query: Record<string, string> = {},
): Promise<{ items: ApiProvider[]; total: number }> {
  const params = new URLSearchParams({ limit: '100', ...query });
  const response = await request.get(`/api/providers?${params}`);
  expect(response.status(), `GET /api/providers?${params}`).toBe(200);
  return {
    items: (await response.json()) as ApiProvider[],
    total: Number(response.headers()['x-total-count']),
  };
}

export async function fetchProvider(request: APIRequestContext, id: number): Promise<ApiProvider> {
  return getJson<ApiProvider>(request, `/api/providers/${id}`);
}

export function fetchStats(request: APIRequestContext): Promise<PlatformStats> {
  return getJson<PlatformStats>(request, '/api/stats');
}

/** The list's API calls (not /api/providers/{id}). */
export const PROVIDER_LIST_API = /\/api\/providers(\?|$)/;

export function providerCards(page: Page): Locator {
  return page.getByTestId('provider-card');
}

export function cardByName(page: Page, name: string): Locator {
  return providerCards(page).filter({
    has: page.getByRole('heading', { name, exact: true }),
  });
}

/**
 * Waits until React has hydrated the provider list (ProviderFinder's data-hydrated): its
 * first page is in the built HTML, so cards show before a click or a
 * filter would do anything. (astro-island drops `ssr` before React has finished.)
 */
export async function expectListHydrated(page: Page): Promise<void> {
  const count = page.getByTestId('provider-count');
  await expect(page.locator('[data-hydrated]', { has: count })).toHaveCount(1);
}

/**
 * Waits until the list shows its answer at rest: no cards dimmed (and busy) while a change
 * of the list or the cards' code is on its way. axe reads dimmed cards as too little
 * contrast, so a scan of the list waits for this.
 */
export async function expectListAtRest(page: Page): Promise<void> {
  await expectListHydrated(page);
  await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Waits until React has hydrated a provider page (ProviderProfile's data-hydrated). */
export async function expectProfileHydrated(page: Page): Promise<void> {
  await expect(page.locator('article[data-hydrated]')).toHaveCount(1);
}

/** Waits until the list shows 'Showing {total} provider(s)' (hydrated). */
export async function expectCount(page: Page, total: number): Promise<void> {
  await expect(page.getByTestId('provider-count')).toHaveText(`Showing ${total} provider(s)`);
  await expectListHydrated(page);
}

/** Waits until the cards show exactly these provider names, in this order (hydrated). */
export async function expectCardNames(page: Page, names: string[]): Promise<void> {
  await expect(providerCards(page).getByRole('heading')).toHaveText(names);
  await expectListHydrated(page);
}

/** The filter selects, search box and order of Find Providers, by their labels. */
export function filters(page: Page) {
  return {
    service: page.getByLabel('Service Type', { exact: true }),
    location: page.getByLabel('Location', { exact: true }),
    verification: page.getByLabel('Verification', { exact: true }),
    search: page.getByLabel('Search', { exact: true }),
    sort: page.getByLabel('Sort by', { exact: true }),
  };
}

/** The text of an option a <select> has selected. */
export function selectedOption(select: Locator): Locator {
  return select.locator('option:checked');
}

/** Opens a provider's card in the modal and returns the dialog. */
export async function openProviderModal(page: Page, name: string): Promise<Locator> {
  await expectListHydrated(page);
  await cardByName(page, name).getByRole('button', { name, exact: true }).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  return dialog;
}

/**
 * Types into an admin list's search box and waits until the table shows that search's
 * rows: until then it is busy, and a click could land on a row that is about to move.
 */
export async function searchAdminList(page: Page, label: string, text: string): Promise<void> {
  await page.getByLabel(label).fill(text);
  await expect(page.getByRole('table')).toHaveAttribute('aria-busy', 'false');
}

/** Records the requests a page sends to a path, e.g. POST /api/enquiries. */
export function recordRequests(page: Page, method: string, path: string): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.method() === method && new URL(request.url()).pathname === path) {
      seen.push(request.url());
    }
  });
  return seen;
}

/** Script errors and console errors of a page, to assert there are none. */
export function collectErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/**
 * Answers every request of the page to `url` (a glob) as the API answers when it fails on
 * its side, and counts them: answers a function that tells how many were answered so.
 */
export async function failOnServer(page: Page, url: string): Promise<() => number> {
  let served = 0;
  await page.route(url, async (route) => {
    served += 1;
    await route.fulfill({ status: 500, json: { message: 'Internal server error' } });
  });
  return () => served;
}

/**
 * Holds the page's requests to `url` (a glob or a pattern, as page.route takes it) until the test calls
 * the function this answers; each then goes on to the server.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Scrolls through the whole page so that every `client:visible` island hydrates, then
 * waits for the network to go quiet.
 */
export async function hydrateAll(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const step = Math.max(200, Math.floor(window.innerHeight * 0.8));
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    window.scrollTo(0, document.documentElement.scrollHeight);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
}

/**
 * Answers the admin's confirmation (src/islands/ui/ConfirmDialog.tsx) whose title is
 * `title` by choosing `action`, and waits until it has closed.
 */
export async function confirmAction(page: Page, title: string, action: string): Promise<void> {
  const question = page.getByRole('alertdialog', { name: title });
  await question.getByRole('button', { name: action, exact: true }).click();
  await expect(question).toBeHidden();
}

/**
 * The provider's page with its Request Service dialog opened, once the page's island has
 * refreshed the provider (hydrated: then the button works); answers the dialog.
 */
export async function openRequestDialog(
  page: Page,
  provider: { id: number; name: string },
): Promise<Locator> {
  const refreshed = page.waitForResponse(
    (r) => new URL(r.url()).pathname === `/api/providers/${provider.id}`,
  );
  await page.goto(`/provider/${provider.id}`);
  await refreshed;
  await page.getByRole('button', { name: 'Request Service' }).click();
  const dialog = page.getByRole('dialog', { name: `Request service from ${provider.name}` });
  await expect(dialog.getByLabel('Your Name *')).toBeVisible();
  return dialog;
}

/** A provider's call and e-mail links carry its number and address from the API. */
export async function expectContactLinks(
  scope: Locator,
  provider: Pick<ApiProvider, 'phone' | 'email'>,
  callLabel = 'Call Provider',
): Promise<void> {
  await expect(scope.getByRole('link', { name: callLabel })).toHaveAttribute(
    'href',
    `tel:${provider.phone}`,
  );
  await expect(scope.getByRole('link', { name: 'Send Email' })).toHaveAttribute(
    'href',
    `mailto:${provider.email}`,
  );
}
