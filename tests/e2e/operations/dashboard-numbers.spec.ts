/**
 * Numbers that mean something: the dashboard's overview counts the
 * requests of the last 7 days against the 7 days before (no fixed "+2 from last week"),
 * and a provider without reviews sees "New" rather than 0.0.
 */
import { scan } from '../axe.ts';
import { newEnquiry, sendEnquiry } from '../builders.ts';
import { expect, test } from '../fixtures.ts';

const SHOTS = process.env['E2E_SHOTS'];

test('the overview counts this week’s requests against last week’s, and says "New"', async ({
  page,
  request,
  signedInProvider,
}) => {
  await sendEnquiry(request, newEnquiry(signedInProvider.id));
  await page.goto('/dashboard');
  const enquiries = page.getByRole('region', { name: 'New Enquiries' });
  await expect(enquiries).toContainText('1 received in the last 7 days, +1 from the week before');
  await expect(page.getByText('+2 from last week')).toHaveCount(0);
  const rating = page.getByRole('region', { name: 'Rating' });
  await expect(rating).toContainText('New');
  await expect(rating).toContainText('No reviews yet');
  await expect(rating).not.toContainText('0.0');
  expect(await scan(page, '/dashboard (overview)')).toEqual([]);
  if (SHOTS) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}/dashboard-overview-${width}.png` });
    }
  }
});
