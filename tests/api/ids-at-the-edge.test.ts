/**
 * Ids and whole numbers in bodies are held to what their columns take (a positive 32-bit
 * integer) at the edge: one past answers 400 with the field named, never 500 (PostgreSQL's
 * 22003, "out of range for type integer"), and nothing is written.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { flashAds } from '../../db/schema.ts';
import { adminSession, createTestAdmin } from '../helpers/admin-fixtures.ts';
import { sendAs } from '../helpers/api-fixtures.ts';
import { insertProvider } from '../helpers/builders.ts';
import { providerSession } from '../helpers/provider-fixtures.ts';
import { useTestApi } from '../helpers/test-api.ts';

const PAST_INT4 = 2 ** 31;

const api = useTestApi();
beforeEach(() => api.database.reset());

async function expectFieldError(response: Response, field: string) {
  expect(response.status).toBe(400);
  const answer = (await response.json()) as { errors?: Record<string, string> };
  expect(Object.keys(answer.errors ?? {})).toContain(field);
}

describe('a number past a 32-bit column', () => {
  it('in the requests a provider has seen answers 400', async () => {
    const provider = await insertProvider(api.database.db, { isApproved: true });
    const token = await providerSession(api, provider.id);
    for (const id of [PAST_INT4, Number.MAX_SAFE_INTEGER]) {
      const response = await sendAs(api, token, 'POST', '/api/provider/enquiries/seen', {
        ids: [1, id],
      });
      await expectFieldError(response, 'ids.1');
    }
  });

  it("in a flash ad's priority answers 400, and no ad is stored", async () => {
    const admin = await createTestAdmin(api);
    const token = await adminSession(api, admin.id);
    const response = await sendAs(api, token, 'POST', '/api/admin/flash-ads', {
      title: 'Winter special',
      subtitle: '10% off every CCTV installation booked in June',
      priority: PAST_INT4,
    });
    await expectFieldError(response, 'priority');
    expect(await api.database.db.select().from(flashAds)).toEqual([]);
  });
});
