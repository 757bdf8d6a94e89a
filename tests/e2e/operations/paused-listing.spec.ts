/**
 * A provider taken off the listing is signed out everywhere; it may
 * sign in again and see its dashboard, and reads why it cannot answer: the banner says
 * so, its requests show no customer's e-mail or phone and no Respond button, and the
 * server refuses a response all the same.
 */
import { scan } from '../axe.ts';
import { newEnquiry, sendEnquiry } from '../builders.ts';
import { expect, test } from '../fixtures.ts';

const SHOTS = process.env['E2E_SHOTS'];
const PASSWORD = 'paused-provider-password';
const PAUSED =
  'Your listing is paused, so you cannot answer requests or see customers’ contact details until an administrator lists it again.';

test('a paused provider sees its dashboard, told why it cannot answer, without customers’ contact details', async ({
  page,
  request,
  baseURL,
  accounts,
  signedInProvider,
}) => {
  const enquiry = newEnquiry(signedInProvider.id);
  const id = await sendEnquiry(request, enquiry);
  const paused = await request.put(`/api/admin/providers/${signedInProvider.id}`, {
    headers: await accounts.adminHeaders(),
    data: { isApproved: false },
  });
  expect(paused.status(), await paused.text()).toBe(200);

  // Its session ended with the listing; it signs in again.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Provider Login' })).toBeVisible();
  await accounts.setProviderPassword(signedInProvider, PASSWORD);
  await page.getByLabel('Email').fill(signedInProvider.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login to Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Provider Dashboard' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: PAUSED })).toBeVisible();

  await page.getByRole('tab', { name: 'Enquiries' }).click();
  const card = page.getByRole('article', { name: `Enquiry from ${enquiry.customerName}` });
  await expect(card).toContainText(enquiry.description);
  await expect(card).not.toContainText(enquiry.customerEmail);
  await expect(card.getByText('Hidden while your listing is paused')).toHaveCount(2);
  await expect(card.getByRole('button', { name: 'Respond' })).toHaveCount(0);
  expect(await scan(page, '/dashboard (listing paused)')).toEqual([]);

  // The server holds the rule without the page: a response is refused.
  const answered = await page.request.put(`/api/provider/enquiries/${id}/response`, {
    headers: { origin: String(baseURL) },
    data: { providerResponse: 'We can come on Thursday.', status: 'in_progress' },
  });
  expect(answered.status()).toBe(403);
  expect(await answered.json()).toMatchObject({ message: PAUSED });

  if (SHOTS) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}/dashboard-paused-${width}.png`, fullPage: true });
    }
  }
});
