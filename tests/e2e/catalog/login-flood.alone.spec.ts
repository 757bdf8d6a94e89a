/**
 * A flood of failed sign-ins cannot stop the pages: 40 wrong passwords in flight at once,
 * each from a network of its own (so no per-client limit stops them), while a browser
 * loads /providers. Each hash is half a second of CPU at the production cost; the hashing
 * gate (src/api/auth/hashing-gate.ts) runs a few and refuses the rest at once. The page
 * must load within the assertions' usual wait; how long it took is printed, not asserted
 * (a speed figure depends on the machine, and belongs in the benchmarks).
 */
import { randomBytes } from 'node:crypto';
import { expect, test } from '../fixtures.ts';
import { providerCards } from '../support.ts';

const FLOOD = 40;
const networkOf = (i: number) => `2001:db8:${randomBytes(2).toString('hex')}:${i.toString(16)}::1`;

test('40 failed sign-ins in flight from 40 networks: /providers still loads', async ({
  page,
  request,
}) => {
  // The refused logins answer at once; the few hashed ones wait their turn.
  test.setTimeout(120_000);
  const logins = Array.from({ length: FLOOD }, (_, i) =>
    request.post('/api/provider/login', {
      headers: { 'x-forwarded-for': networkOf(i) },
      data: {
        email: `flood-${i}-${randomBytes(4).toString('hex')}@example.com`,
        password: 'x'.repeat(12),
      },
      timeout: 60_000,
    }),
  );
  // Every login is on its way (each is one request of a few hundred bytes) before the page.
  await new Promise((resolve) => setTimeout(resolve, 300));

  const started = Date.now();
  await page.goto('/providers');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(providerCards(page).first()).toBeVisible();
  console.log(`/providers loaded in ${Date.now() - started} ms beside ${FLOOD} sign-ins`);

  const answers = await Promise.all(logins);
  const statuses = answers.map((answer) => answer.status());
  const refused = answers.filter((answer) => answer.status() !== 401);
  for (const answer of refused) {
    expect([429, 503]).toContain(answer.status());
    expect(Number(answer.headers()['retry-after'])).toBeGreaterThan(0);
  }
  // Not every wrong password was hashed: the gate refused some at once.
  expect(statuses.filter((status) => status === 503).length).toBeGreaterThan(0);
});
