/**
 * Public answers are CDN-cached for a minute; a successful change by an admin or a
 * provider purges them (on Netlify, through its purge API) so the change shows at once.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PUBLIC_CACHE_TAG } from '../../src/api/http/cache.ts';
import { adminSession, createTestAdmin } from '../helpers/admin-fixtures.ts';
import { bearer, signIn } from '../helpers/auth-fixtures.ts';
import { insertProvider } from '../helpers/builders.ts';
import { startTestApi, type TestApi } from '../helpers/test-api.ts';

const purged: string[][] = [];
let api: TestApi;
let token: string;
beforeAll(async () => {
  api = await startTestApi(
    {},
    {
      purgeCache: (tags) => {
        purged.push(tags);
        return Promise.resolve();
      },
    },
  );
});
afterAll(() => api.close());
// Each test starts from an empty database with its own admin, and counts its own purges.
beforeEach(async () => {
  await api.database.reset();
  token = await adminSession(api, (await createTestAdmin(api)).id);
  purged.length = 0;
});

describe('the CDN cache of public answers', () => {
  it('tags every public answer', async () => {
    for (const path of [
      '/api/providers',
      '/api/stats',
      '/api/flash-ads',
      '/api/service-stats',
      '/api/home/highlights',
    ]) {
      const response = await api.get(path);
      expect(response.headers.get('netlify-cache-tag'), path).toBe(PUBLIC_CACHE_TAG);
    }
  });

  it('is purged after a successful change by an admin', async () => {
    const provider = await insertProvider(api.database.db, { isApproved: true });
    const response = await api.request(`/api/admin/providers/${provider.id}`, {
      method: 'PUT',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ isApproved: false }),
    });
    expect(response.status).toBe(200);
    expect(purged).toEqual([[PUBLIC_CACHE_TAG]]);
  });

  it('is purged after an admin records a check: the badge and the Verification section show it', async () => {
    const provider = await insertProvider(api.database.db, { isApproved: true });
    const response = await api.request(`/api/admin/providers/${provider.id}/checks/identity`, {
      method: 'PUT',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'pending' }),
    });
    expect(response.status).toBe(200);
    expect(purged).toEqual([[PUBLIC_CACHE_TAG]]);
  });

  it('is left alone by reads, refused changes and public writes', async () => {
    await api.get('/api/admin/providers', { headers: bearer(token) });
    await api.request('/api/admin/providers/999999', {
      method: 'PUT',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ isApproved: false }),
    });
    await api.request('/api/admin/providers/1', { method: 'DELETE' });
    await api.request('/api/enquiries', { method: 'POST', body: '{}' });
    expect(purged).toEqual([]);
  });

  it('is left alone by successful changes that alter nothing public', async () => {
    // Sign-in, sign-out, a password reset request, an upload address, a team change
    // and an enquiry change nothing a public answer shows.
    const admin = await createTestAdmin(api, { email: 'second.admin@verified.example.co.za' });
    const second = await signIn(api, 'admin', admin);
    const json = { ...bearer(second), 'content-type': 'application/json' };
    const answers = [
      await api.request('/api/admin/forgot-password', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'someone@example.com' }),
      }),
      await api.request('/api/admin/objects/upload', { method: 'POST', headers: json }),
      await api.request('/api/admin/logout', { method: 'POST', headers: json }),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(purged).toEqual([]);
  });
});
