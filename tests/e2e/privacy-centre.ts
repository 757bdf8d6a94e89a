/**
 * Helpers of the browser tests of the privacy centre (docs/decisions/0052, 0053): a
 * customer of a request to a provider of its own, and the centre opened with the link
 * mailed to the customer's address.
 */
import type { Page } from '@playwright/test';
import { newEnquiry, sendEnquiry, uniqueTag } from './builders.ts';
import { expect, type Accounts, type Mailbox } from './fixtures.ts';

/**
 * A customer named `{firstName} {tag}` at `{mailboxName}.{tag}@example.co.za`, with one
 * request to a new provider.
 */
export async function customerWithRequest(
  page: Page,
  accounts: Accounts,
  { mailboxName, firstName }: { mailboxName: string; firstName: string },
) {
  const provider = await accounts.newProvider();
  const tag = uniqueTag().toLowerCase();
  const email = `${mailboxName}.${tag}@example.co.za`;
  const customerName = `${firstName} ${tag}`;
  await sendEnquiry(page.request, newEnquiry(provider.id, { customerEmail: email, customerName }));
  return { email, customerName, provider };
}

/** Asks for the centre's link by e-mail and opens it: the centre shows the customer's requests. */
export async function openCentre(page: Page, mailbox: Mailbox, email: string) {
  await page.goto('/privacy/my-data');
  await expect(page.getByRole('heading', { level: 1, name: 'Your data' })).toBeVisible();
  // A click before the island has hydrated would send nothing (Astro then drops its `ssr`).
  const ask = page.getByRole('button', { name: 'E-mail me a link' });
  await expect(page.locator('astro-island', { has: ask })).not.toHaveAttribute('ssr');
  await page.getByLabel('Your e-mail address').fill(email);
  await ask.click();
  await expect(page.getByRole('status')).toContainText(`If we hold anything about ${email}`);
  const link = await mailbox.linkTo(email, '/privacy/my-data?token=');
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('region', { name: 'Your requests' })).toBeVisible();
}
