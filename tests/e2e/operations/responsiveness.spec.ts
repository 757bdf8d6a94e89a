/**
 * Responsiveness in public: a provider that answered five requests
 * shows its figures on its card, in the modal and on its page, and comes first under
 * "Quickest to respond"; one without requests is "New on the platform". The two
 * providers are the test's own, found by a word only they share.
 */
import { newEnquiry, sendEnquiry, uniqueTag } from '../builders.ts';
import { runSql } from '../database-door.ts';
import { expect, providerHeaders, test } from '../fixtures.ts';
import { cardByName, expectCardNames, filters } from '../support.ts';

test('answered requests give figures, and "Quickest to respond" puts their provider first', async ({
  page,
  request,
  accounts,
}) => {
  const tag = uniqueTag();
  const answering = await accounts.newProvider({ name: `Zulu ${tag} Networks` });
  const silent = await accounts.newProvider({ name: `Alpha ${tag} Networks` });
  const session = await providerHeaders(answering.id);
  // Answered at once: within the same business minute, whatever the time of day.
  for (let i = 0; i < 5; i++) {
    const id = await sendEnquiry(request, newEnquiry(answering.id));
    const answered = await request.put(`/api/provider/enquiries/${id}/response`, {
      headers: session,
      data: { providerResponse: 'We can come and look on Thursday.', status: 'in_progress' },
    });
    expect(answered.status(), await answered.text()).toBe(200);
  }

  await page.goto(`/providers?search=${tag}`);
  await expectCardNames(page, [silent.name, answering.name]);
  await expect(cardByName(page, silent.name).getByTestId('responsiveness')).toHaveText(
    'New on the platform',
  );
  const figures = cardByName(page, answering.name).getByTestId('responsiveness');
  await expect(figures.getByText('Usually responds within 1 business minute')).toBeVisible();
  await expect(figures.getByText('100% answered within 24 business hours')).toBeVisible();

  await filters(page).sort.selectOption({ label: 'Quickest to respond' });
  await expect(page).toHaveURL(`/providers?search=${tag}&sort=quickest`);
  await expectCardNames(page, [answering.name, silent.name]);

  // The modal names the basis and links to the rule on /how-it-works.
  await page.getByRole('button', { name: answering.name, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: answering.name });
  await expect(dialog.getByText('Based on 5 requests in the last 90 days.')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'How we measure responsiveness' })).toHaveAttribute(
    'href',
    '/how-it-works#responsiveness',
  );

  // The provider's page, from the API's answer.
  await page.goto(`/provider/${answering.id}`);
  const section = page.getByRole('region', { name: 'Responsiveness' });
  await expect(section.getByText('Usually responds within 1 business minute')).toBeVisible();
  await expect(section.getByText('100% answered within 24 business hours')).toBeVisible();
});

test('a provider listed for months without reviews or requests is not called new', async ({
  page,
  accounts,
}) => {
  const tag = uniqueTag();
  const recent = await accounts.newProvider({ name: `Recent ${tag} Alarms` });
  const longListed = await accounts.newProvider({ name: `Settled ${tag} Alarms` });
  await runSql(
    'operations',
    `UPDATE service_providers SET created_at = now() - interval '2 years' WHERE id = $1`,
    [longListed.id],
  );

  await page.goto(`/providers?search=${tag}`);
  const recentCard = cardByName(page, recent.name);
  await expect(recentCard.getByTestId('responsiveness')).toHaveText('New on the platform');
  await expect(recentCard).toContainText('NewNo reviews yet');
  const settledCard = cardByName(page, longListed.name);
  await expect(settledCard.getByTestId('responsiveness')).toHaveText('Too few requests to measure');
  await expect(settledCard).toContainText('No reviews yet');
  await expect(settledCard.getByText('New', { exact: true })).toHaveCount(0);
});
