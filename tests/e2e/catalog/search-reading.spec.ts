/**
 * Search that shows its reading: the listing says how it read the
 * query, as chips that remove their words one by one; a forgiven typo is named.
 */
import { scan } from '../axe.ts';
import { expect, test } from '../fixtures.ts';
import { expectListAtRest, expectListHydrated, providerCards } from '../support.ts';

const SHOTS = process.env['E2E_SHOTS'];

for (const width of [390, 1280]) {
  test(`"gate motor durban" reads as Access Control in Durban, each removable (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/providers?search=gate+motor+durban');
    await expectListHydrated(page);
    const reading = page.getByRole('list', { name: 'Your search, as we read it:' });
    await expect(reading.getByRole('button')).toHaveText([
      'Remove from the search: Service: Access Control (“gate motor”)✕',
      'Remove from the search: Place: “Durban”✕',
    ]);
    await expectListAtRest(page);
    expect(await scan(page, `/providers search reading (${width} px)`)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/search-reading-${width}.png` });
    await reading.getByRole('button', { name: /Access Control/ }).click();
    await expect(page).toHaveURL('/providers?search=durban');
    await expect(reading.getByRole('button')).toHaveText([
      'Remove from the search: Place: “Durban”✕',
    ]);
  });
}

test('a forgiven typo is named: "Johannesbrug" read as Johannesburg', async ({ page }) => {
  await page.goto('/providers?search=Johannesbrug');
  await expectListHydrated(page);
  await expect(page.getByTestId('search-reading')).toContainText(
    'Place: Johannesburg (you typed “johannesbrug”)',
  );
});

test('a card says why a search for a place matched it', async ({ page }) => {
  await page.goto('/providers?search=durban');
  await expectListHydrated(page);
  const card = providerCards(page).filter({ hasText: 'Umhlanga' }).first();
  await expect(card.getByTestId('matched-because')).toHaveText('Covers Durban');
});
