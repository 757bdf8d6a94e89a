/** Find Providers (spec sections 2, 4 and 9): filters in the URL, paging, location, states, cards. */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import {
  PROVIDER_LIST_API,
  TEXT,
  cardByName,
  collectErrors,
  expectCardNames,
  expectCount,
  expectListAtRest,
  expectListHydrated,
  fetchProviders,
  filters,
  holdRequests,
  providerCards,
  selectedOption,
  type ApiProvider,
} from '../support.ts';

const PAGE_SIZE = 24;
/**
 * Not the spec's 'Verified Service Providers' and 'All providers are background-checked
 * and verified': the list holds providers whose checks are pending or lapsed.
 */
const LIST_HEADING = 'Find Service Providers';
const LIST_SUBTITLE =
  "Compare providers near you. The Verified badge shows only while every check a provider's services require has passed and is in date; each profile lists the checks with their dates.";
/** How many providers are listed, as the API counts them. */
const listedCount = async (request: APIRequestContext) => (await fetchProviders(request)).total;
const names = (providers: ApiProvider[]) => providers.map((p) => p.name);
const pageOf = (page: Page) => page.getByText(/^Page \d+ of \d+$/);

/** Picks a town in the Location combobox by typing its name. */
async function chooseTown(page: Page, name: string): Promise<void> {
  const combobox = page.getByRole('combobox', { name: 'Location' });
  await combobox.fill(name);
  await page.getByRole('option', { name: new RegExp(`^${name}\\b`) }).click();
  await expect(combobox).toHaveValue(name);
}

test('shows the heading and the count, and asks for no location on load', async ({
  page,
  request,
}) => {
  const problems = collectErrors(page);
  const listed = await listedCount(request);
  await page.goto('/providers');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(LIST_HEADING);
  await expect(page.getByText(LIST_SUBTITLE)).toBeVisible();
  // No text claims that every provider is verified: not every one is.
  await expect(page.getByText(/all providers are/i)).toHaveCount(0);
  await expectCount(page, listed);
  await expect(providerCards(page)).toHaveCount(PAGE_SIZE);
  // The position is asked for on Near me only, so no notice on load.
  await expect(page.getByTestId('location-notice')).toHaveCount(0);
  await expect(page.getByText(TEXT.locationDenied)).toHaveCount(0);
  await expect(page.getByText('Showing providers nearest to you first.')).toHaveCount(0);
  // The town picker offers the six default towns (spec section 9) in the spec's order
  // before anything is typed; empty, it means all locations.
  await expect(filters(page).location).toHaveValue('');
  await expect(filters(page).location).toHaveAttribute('placeholder', 'All Locations');
  await filters(page).location.click();
  await expect(page.getByRole('listbox', { name: 'Main cities' }).getByRole('option')).toHaveText([
    /^Johannesburg/,
    /^Cape Town/,
    /^Durban/,
    /^Pretoria/,
    /^Port Elizabeth/,
    /^Bloemfontein/,
  ]);
  // Nothing blocked by the Content-Security-Policy, no script errors.
  expect(problems).toEqual([]);
});

test.describe('filters', () => {
  test('service type and location change the list and the URL; Back restores them', async ({
    page,
    request,
  }) => {
    const all = await fetchProviders(request);
    const cctv = await fetchProviders(request, { serviceType: 'cctv' });
    const cctvCapeTown = await fetchProviders(request, {
      serviceType: 'cctv',
      location: 'cape-town',
    });
    expect(cctvCapeTown.total).toBeLessThan(cctv.total);
    expect(cctvCapeTown.total).toBeGreaterThan(0);

    await page.goto('/providers');
    await expectCardNames(page, names(all.items).slice(0, PAGE_SIZE));

    await filters(page).service.selectOption({ label: 'CCTV & Security' });
    await expect(page).toHaveURL('/providers?serviceType=cctv');
    await expectCount(page, cctv.total);
    await expectCardNames(page, names(cctv.items).slice(0, PAGE_SIZE));

    await chooseTown(page, 'Cape Town');
    await expect(page).toHaveURL('/providers?serviceType=cctv&location=cape-town');
    await expectCount(page, cctvCapeTown.total);
    await expectCardNames(page, names(cctvCapeTown.items));

    await page.goBack();
    await expect(page).toHaveURL('/providers?serviceType=cctv');
    await expect(filters(page).location).toHaveValue('');
    await expect(filters(page).service).toHaveValue('cctv');
    await expectCount(page, cctv.total);
    await expectCardNames(page, names(cctv.items).slice(0, PAGE_SIZE));

    await page.goBack();
    await expect(page).toHaveURL('/providers');
    await expect(filters(page).service).toHaveValue('all');
    await expect(selectedOption(filters(page).service)).toHaveText('All Services');
    await expectCount(page, all.total);
    await expectCardNames(page, names(all.items).slice(0, PAGE_SIZE));
  });

  test('verification changes the list and the URL; Back restores it', async ({ page, request }) => {
    const premium = await fetchProviders(request, { verification: 'premium' });
    const verified = await fetchProviders(request, { verification: 'verified' });
    expect(premium.items.every((p) => p.isPremium && p.isVerified)).toBe(true);
    expect(verified.items.every((p) => p.isVerified)).toBe(true);

    await page.goto('/providers');
    await expectCount(page, await listedCount(request));
    await expect(filters(page).verification.locator('option')).toHaveText([
      'All Providers',
      'Verified Only',
      'Verified, paid placement',
    ]);

    await filters(page).verification.selectOption({ label: 'Verified, paid placement' });
    await expect(page).toHaveURL('/providers?verification=premium');
    await expectCount(page, premium.total);
    await expectCardNames(page, names(premium.items));
    for (const card of await providerCards(page).all()) {
      await expect(card.getByText('Verified', { exact: true })).toBeVisible();
      await expect(card.getByRole('link', { name: /^Paid placement/ })).toBeVisible();
    }

    await filters(page).verification.selectOption({ label: 'Verified Only' });
    await expect(page).toHaveURL('/providers?verification=verified');
    await expectCount(page, verified.total);

    await page.goBack();
    await expect(page).toHaveURL('/providers?verification=premium');
    await expect(filters(page).verification).toHaveValue('premium');
    await expectCount(page, premium.total);
    await expectCardNames(page, names(premium.items));
  });

  test('search applies after a pause or on Enter; Back restores the previous term', async ({
    page,
    request,
  }) => {
    const clearview = await fetchProviders(request, { search: 'Clearview' });
    const alarms = await fetchProviders(request, { search: 'alarm' });
    expect(clearview.total).toBeGreaterThan(0);

    await page.goto('/providers');
    await expectCount(page, await listedCount(request));

    // Typing applies the term once the visitor pauses (debounced).
    await filters(page).search.fill('Clearview');
    await expect(page).toHaveURL('/providers?search=Clearview');
    await expectCount(page, clearview.total);
    await expectCardNames(page, names(clearview.items));

    // Enter applies at once.
    await filters(page).search.fill('alarm');
    await filters(page).search.press('Enter');
    await expect(page).toHaveURL('/providers?search=alarm');
    await expectCount(page, alarms.total);
    await expectCardNames(page, names(alarms.items).slice(0, PAGE_SIZE));

    await page.goBack();
    await expect(page).toHaveURL('/providers?search=Clearview');
    await expect(filters(page).search).toHaveValue('Clearview');
    await expectCount(page, clearview.total);
    await expectCardNames(page, names(clearview.items));
  });

  test('a filter change goes back to page 1', async ({ page, request }) => {
    const verified = await fetchProviders(request, { verification: 'verified' });
    expect(verified.total).toBeGreaterThan(PAGE_SIZE);

    await page.goto('/providers');
    await expect(pageOf(page)).toHaveText('Page 1 of 2');
    await page.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL('/providers?page=2');
    await expect(pageOf(page)).toHaveText('Page 2 of 2');

    await filters(page).verification.selectOption('verified');
    await expect(page).toHaveURL('/providers?verification=verified');
    await expect(pageOf(page)).toHaveText('Page 1 of 2');
    await expectCardNames(page, names(verified.items).slice(0, PAGE_SIZE));
  });
});

test('paging shows the next providers', async ({ page, request }) => {
  const all = await fetchProviders(request);
  await page.goto('/providers');
  await expectCount(page, all.total);
  const firstPage = names(all.items).slice(0, PAGE_SIZE);
  const secondPage = names(all.items).slice(PAGE_SIZE, 2 * PAGE_SIZE);
  await expectCardNames(page, firstPage);
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();

  await expectListHydrated(page);
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL('/providers?page=2');
  await expect(pageOf(page)).toHaveText('Page 2 of 2');
  await expectCardNames(page, secondPage);
  expect(secondPage.filter((name) => firstPage.includes(name))).toEqual([]);
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

  await page.getByRole('link', { name: 'Previous' }).click();
  await expect(page).toHaveURL('/providers');
  await expect(pageOf(page)).toHaveText('Page 1 of 2');
  await expectCardNames(page, firstPage);
});

test('Next works before the list has hydrated: it is a link to the next page', async ({
  page,
  request,
}) => {
  const all = await fetchProviders(request);
  // The island's scripts wait until Next has been clicked on the built page.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_astro/*.js', async (route) => {
    await released;
    await route.continue().catch(() => {}); // the first page's requests end with it
  });
  await page.goto('/providers', { waitUntil: 'commit' }); // 'load' would wait for the scripts
  await expect(page.getByRole('link', { name: 'Next' })).toBeVisible();
  await expect(page.locator('[data-hydrated]')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '?page=2');
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL('/providers?page=2');
  release();
  await expect(pageOf(page)).toHaveText('Page 2 of 2');
  await expectCardNames(page, names(all.items).slice(PAGE_SIZE, 2 * PAGE_SIZE));
});

test.describe('with the visitor in Cape Town', () => {
  test.use({
    permissions: ['geolocation'],
    geolocation: { latitude: -33.9249, longitude: 18.4241 },
  });

  test('on Near me, lists the nearest providers first and offers the 12 nearest towns', async ({
    page,
    request,
  }) => {
    const listed = await listedCount(request);
    const listCalls: string[] = [];
    page.on('request', (request) => {
      if (PROVIDER_LIST_API.test(request.url())) listCalls.push(request.url());
    });
    await page.goto('/providers');
    await expectCount(page, listed);
    await page.getByRole('button', { name: 'Near me' }).click();
    await expect(page).toHaveURL('/providers?sort=nearest');
    await expect(page.getByText('Showing providers nearest to you first.')).toBeVisible();
    await expect(page.getByTestId('location-notice')).toHaveCount(0);
    await expectCount(page, listed);

    const cards = providerCards(page);
    await expect(cards.first()).toContainText('Cape Town, Western Cape');
    await expect(cards.first()).toContainText(/km away/);

    const texts = await cards.locator('p', { hasText: 'km away' }).allTextContents();
    expect(texts).toHaveLength(PAGE_SIZE);
    const distances = texts.map((text) => Number(/([\d.]+) km away/.exec(text)?.[1]));
    expect(distances.every((km) => Number.isFinite(km))).toBe(true);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));

    await filters(page).location.click();
    const options = page.getByRole('listbox', { name: 'Towns near you' }).getByRole('option');
    await expect(options).toHaveCount(12);
    await expect(options.first()).toHaveText(/^Cape Town/);
    expect(listCalls.some((url) => url.includes('userLat=-33.9249&userLng=18.4241'))).toBe(true);
  });
});

test.describe('list states', () => {
  test('a search without match shows the empty state', async ({ page, request }) => {
    await page.goto('/providers');
    await expectCount(page, await listedCount(request));
    await filters(page).search.fill('no provider is called this');
    await filters(page).search.press('Enter');
    await expect(page.getByRole('heading', { name: TEXT.emptyHeading })).toBeVisible();
    await expect(page.getByText(TEXT.emptyHint)).toBeVisible();
    await expectCount(page, 0);
    await expect(providerCards(page)).toHaveCount(0);
  });

  test('a failing list call shows the error state', async ({ page }) => {
    await page.route(PROVIDER_LIST_API, (route) =>
      route.fulfill({ status: 500, body: 'Internal Server Error' }),
    );
    // A filtered list is not in the built HTML: nothing to show but the error.
    await page.goto('/providers?verification=verified');
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { name: TEXT.listErrorHeading })).toBeVisible();
    await expect(alert).toContainText(TEXT.listError);
    await expect(providerCards(page)).toHaveCount(0);
    await expect(page.getByTestId('provider-skeleton')).toHaveCount(0);

    // The default list's built first page stays when its refresh fails, and says so.
    await page.goto('/providers');
    await expect(alert.getByRole('heading', { name: "Couldn't refresh providers" })).toBeVisible();
    await expect(providerCards(page)).toHaveCount(PAGE_SIZE);
  });

  test('loading shows six skeleton cards, never the built list for other filters', async ({
    page,
    request,
  }) => {
    const verified = await fetchProviders(request, { verification: 'verified' });
    const release = await holdRequests(page, PROVIDER_LIST_API);
    await page.goto('/providers?verification=verified');
    await expect(page.getByTestId('provider-skeleton')).toHaveCount(6);
    await expect(providerCards(page)).toHaveCount(0);
    release();
    await expectCount(page, verified.total);
    await expect(page.getByTestId('provider-skeleton')).toHaveCount(0);
    await expectCardNames(page, names(verified.items).slice(0, PAGE_SIZE));
  });

  test('a change whose answer failed leaves the list dimmed, no longer busy, and says so', async ({
    page,
    request,
  }) => {
    const verified = await fetchProviders(request, { verification: 'verified' });
    await page.goto('/providers?verification=verified');
    await expectCount(page, verified.total);
    await expectListAtRest(page);
    await page.route(PROVIDER_LIST_API, (route) =>
      route.fulfill({ status: 500, body: 'Internal Server Error' }),
    );
    await filters(page).verification.selectOption({ label: 'Verified, paid placement' });
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { name: "Couldn't refresh providers" })).toBeVisible();
    await expect(providerCards(page)).toHaveCount(Math.min(verified.total, PAGE_SIZE));
    await expect(page.getByRole('main').locator('ul.opacity-60')).toHaveCount(1);
    await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0);
  });

  test("the built cards stay dimmed and busy until the cards' code has come", async ({
    page,
    request,
  }) => {
    const searched = await fetchProviders(request, { search: 'durban' });
    const release = await holdRequests(page, '**/_astro/ProviderList.*.js');
    await page.goto('/providers?search=durban');
    await expectCount(page, searched.total);
    // The built first page, dimmed and busy: not yet the answer to the search.
    const busy = page.getByRole('main').locator('[aria-busy="true"]');
    await expect(busy).toHaveCount(1);
    await expect(busy).toHaveClass(/opacity-60/);
    release();
    await expectListAtRest(page);
    await expectCardNames(page, names(searched.items).slice(0, PAGE_SIZE));
    await expect(page.getByRole('main').locator('.opacity-60')).toHaveCount(0);
  });
});

test.describe('provider cards', () => {
  test('show at most three service chips, then +N more', async ({ page, request }) => {
    const { items } = await fetchProviders(request);
    // The sample data has no provider with more than three services; when none is found,
    // the list's answer gives one of them five.
    const many = items.find((p) => p.services.length > 3);
    const target = many ?? items.find((p) => p.id === 1)!;
    const services = many?.services ?? ['cctv', 'alarms', 'access', 'network', 'wifi'];
    if (!many) {
      await page.route(PROVIDER_LIST_API, async (route) => {
        const response = await route.fetch();
        const list = (await response.json()) as ApiProvider[];
        await route.fulfill({
          response,
          json: list.map((p) => (p.id === target.id ? { ...p, services } : p)),
        });
      });
    }
    await page.goto('/providers');
    const chips = cardByName(page, target.name).getByRole('list', { name: 'Services' });
    await expect(chips.getByRole('listitem')).toHaveCount(4);
    await expect(chips.getByRole('listitem').last()).toHaveText(`+${services.length - 3} more`);

    // A provider with exactly three services shows all three and no '+N more'.
    const three = items.find((p) => p.services.length === 3 && p.id !== target.id)!;
    const threeChips = cardByName(page, three.name).getByRole('list', { name: 'Services' });
    await expect(threeChips.getByRole('listitem')).toHaveCount(3);
    await expect(threeChips).not.toContainText('more');
  });

  test('show the badge, location, rating and price in rand', async ({ page, request }) => {
    const { items } = await fetchProviders(request);
    await page.goto('/providers');

    const highveld = cardByName(page, 'Highveld Secure Systems');
    await expect(highveld.getByText('Verified', { exact: true })).toBeVisible();
    await expect(highveld.getByRole('link', { name: /^Paid placement/ })).toBeVisible();
    await expect(highveld).toContainText('Johannesburg, Gauteng');
    await expect(highveld.getByLabel('Rated 4.8 out of 5')).toBeVisible();
    await expect(highveld).toContainText('(12 reviews)');
    // en-ZA groups thousands with a (no-break) space.
    await expect(highveld).toContainText(/From\s*R1\s500$/);

    const lionsHead = cardByName(page, 'Lions Head Media Systems');
    await expect(lionsHead).toContainText(/From\s*R12\s000$/);

    const umgeni = cardByName(page, 'Umgeni Wireless Solutions');
    await expect(umgeni).toContainText(/From\s*R850$/);

    // Every card of the first page shows the badge its list row derives: 'Verified' when
    // isVerified, and beside it, never in its place, 'Paid placement' when isPremium
    // (decision 0039; the spec's 'Premium' badge in place of 'Verified' is gone).
    const firstPage = items.slice(0, PAGE_SIZE);
    expect(firstPage.some((p) => p.isVerified && !p.isPremium)).toBe(true);
    expect(firstPage.some((p) => p.isVerified && p.isPremium)).toBe(true);
    for (const provider of firstPage) {
      const card = cardByName(page, provider.name);
      const badges = card.getByText(/^(Premium|Verified)$/);
      if (provider.isVerified) await expect(badges, provider.name).toHaveText(['Verified']);
      else await expect(badges, provider.name).toHaveCount(0);
      await expect(card.getByTestId('paid-placement'), provider.name).toHaveCount(
        provider.isPremium ? 1 : 0,
      );
    }

    // A provider that is not verified (checks pending or lapsed) shows no badge, and says
    // so; a verified one never does.
    const unbadged = items.find((p) => !p.isPremium && !p.isVerified);
    expect(unbadged, 'a listed provider without a badge').toBeDefined();
    await expect(highveld.getByText('Not verified', { exact: true })).toHaveCount(0);
    await page.goto(`/providers?search=${encodeURIComponent(unbadged!.name)}`);
    const card = cardByName(page, unbadged!.name);
    await expect(card).toBeVisible();
    await expect(card.getByText(/^(Premium|Verified)$/)).toHaveCount(0);
    await expect(card.getByText('Not verified', { exact: true })).toBeVisible();
  });
  test('show the keyboard focus as an outline round the card, and ratings to half a star', async ({
    page,
    request,
  }) => {
    await page.goto('/providers');
    await expectListHydrated(page);
    const highveld = cardByName(page, 'Highveld Secure Systems');
    const open = highveld.getByRole('button', { name: 'Highveld Secure Systems' });
    const outline = () =>
      highveld.evaluate((card) => {
        // daisyUI gives a card a transparent outline, drawn once the focus is in it.
        const { outlineStyle, outlineWidth, outlineColor } = getComputedStyle(card);
        const unseen =
          outlineStyle === 'none' || outlineWidth === '0px' || outlineColor === 'rgba(0, 0, 0, 0)';
        return unseen ? 'none' : outlineWidth;
      });
    expect(await outline()).toBe('none');
    await open.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(open).toBeFocused();
    await expect.poll(outline).toBe('2px');

    // 4.8 is five stars; a rating from 4.25 to 4.74 is four and a half, never five.
    await expect(highveld.locator('[data-stars]')).toHaveAttribute(
      'data-stars',
      'full full full full full',
    );
    const { items } = await fetchProviders(request);
    const halfway = items.find((p) => Number(p.rating) >= 4.25 && Number(p.rating) < 4.75);
    expect(halfway, 'a listed provider rated between 4.25 and 4.75').toBeDefined();
    await page.goto(`/providers?search=${encodeURIComponent(halfway!.name)}`);
    await expect(cardByName(page, halfway!.name).locator('[data-stars]')).toHaveAttribute(
      'data-stars',
      'full full full full half',
    );
  });
});

test('cards say how quickly providers respond; the order "Quickest to respond" stays in the URL', async ({
  page,
  request,
}) => {
  const quickest = await fetchProviders(request, { sort: 'quickest' });
  await page.goto('/providers');
  await expectListHydrated(page);
  // The sample providers answered the requests behind their reviews within hours.
  await expect(
    cardByName(page, 'Highveld Secure Systems').getByTestId('responsiveness'),
  ).toContainText(/^Usually responds within \d+ business (minute|hour)s?/);
  await expect(selectedOption(filters(page).sort)).toHaveText('Recommended');

  await filters(page).sort.selectOption({ label: 'Quickest to respond' });
  await expect(page).toHaveURL('/providers?sort=quickest');
  await expectCardNames(page, names(quickest.items).slice(0, PAGE_SIZE));

  await page.goBack();
  await expect(page).toHaveURL('/providers');
  await expect(selectedOption(filters(page).sort)).toHaveText('Recommended');
});
