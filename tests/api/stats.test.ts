import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { reviews, serviceCategories, serviceProviders } from '../../db/schema.ts';
import { adminSession, createTestAdmin } from '../helpers/admin-fixtures.ts';
import { okJson, sendAs } from '../helpers/api-fixtures.ts';
import {
  insertEnquiry,
  insertFlashAd,
  insertProvider,
  verifyProviders,
} from '../helpers/builders.ts';
import { startTestApi, useTestApi } from '../helpers/test-api.ts';

const api = useTestApi();
beforeEach(() => api.database.reset());

async function getJson(path: string): Promise<unknown> {
  const response = await api.get(path);
  expect(response.status).toBe(200);
  return response.json();
}

/** Every service the categories table holds, with no provider. */
async function noProviders(): Promise<Record<string, number>> {
  const categories = await api.database.db
    .select({ id: serviceCategories.id })
    .from(serviceCategories);
  expect(categories.length).toBeGreaterThan(0);
  return Object.fromEntries(categories.map(({ id }) => [id, 0]));
}

describe('GET /api/service-stats', () => {
  it('answers every service id with zero when there are no providers', async () => {
    expect(await getJson('/api/service-stats')).toEqual(await noProviders());
  });

  it('counts approved providers only', async () => {
    await insertProvider(api.database.db, { services: ['cctv'] });
    await insertProvider(api.database.db, { services: ['cctv'], isApproved: false });
    expect(await getJson('/api/service-stats')).toEqual({ ...(await noProviders()), cctv: 1 });
  });

  it('counts a provider with two services under both', async () => {
    await insertProvider(api.database.db, { services: ['wifi', 'network'] });
    await insertProvider(api.database.db, { services: ['network'] });
    expect(await getJson('/api/service-stats')).toEqual({
      ...(await noProviders()),
      wifi: 1,
      network: 2,
    });
  });
});

describe('GET /api/stats', () => {
  it('counts approved providers and the verified among them', async () => {
    const db = api.database.db;
    await insertProvider(db, { isVerified: true });
    await insertProvider(db, { isVerified: false });
    await insertProvider(db, { isVerified: true, isApproved: false });
    await insertProvider(db, { isVerified: false, isApproved: false });
    expect(await getJson('/api/stats')).toEqual({
      verifiedProviders: 1,
      totalProviders: 2,
      totalEnquiries: 0,
    });
  });

  it('counts every enquiry', async () => {
    const db = api.database.db;
    const hidden = await insertProvider(db, { isApproved: false });
    await insertEnquiry(db);
    await insertEnquiry(db, { status: 'completed' });
    await insertEnquiry(db, { assignedProviderId: hidden.id, status: 'assigned' });
    expect(await getJson('/api/stats')).toMatchObject({ totalEnquiries: 3 });
  });
  it('follows providers being approved, verified and deleted', async () => {
    const db = api.database.db;
    const stats = async () => (await getJson('/api/stats')) as Record<string, number>;
    const pending = await insertProvider(db, { isApproved: false });
    await insertProvider(db);
    await db
      .update(serviceProviders)
      .set({ isApproved: true })
      .where(eq(serviceProviders.id, pending.id));
    await verifyProviders(db, [pending.id]);
    expect(await stats()).toMatchObject({ verifiedProviders: 1, totalProviders: 2 });
    await db.delete(serviceProviders).where(eq(serviceProviders.id, pending.id));
    expect(await stats()).toMatchObject({ verifiedProviders: 0, totalProviders: 1 });
  });
});

describe('GET /api/flash-ads', () => {
  it('answers active ads only', async () => {
    await insertFlashAd(api.database.db, { title: 'Shown' });
    await insertFlashAd(api.database.db, { title: 'Hidden', isActive: false });
    const ads = (await getJson('/api/flash-ads')) as { title: string }[];
    expect(ads.map((ad) => ad.title)).toEqual(['Shown']);
  });

  it('puts priority 1 first, then the newest', async () => {
    const db = api.database.db;
    await insertFlashAd(db, {
      title: 'Second priority, newest',
      priority: 2,
      createdAt: new Date('2026-03-01'),
    });
    await insertFlashAd(db, {
      title: 'First priority, older',
      priority: 1,
      createdAt: new Date('2026-01-01'),
    });
    await insertFlashAd(db, {
      title: 'First priority, newer',
      priority: 1,
      createdAt: new Date('2026-02-01'),
    });
    const ads = (await getJson('/api/flash-ads')) as { title: string }[];
    expect(ads.map((ad) => ad.title)).toEqual([
      'First priority, newer',
      'First priority, older',
      'Second priority, newest',
    ]);
  });

  it('answers exactly title, subtitle, imageUrl, linkUrl and displayDuration for each ad', async () => {
    await insertFlashAd(api.database.db, {
      title: 'Load-shedding ready',
      subtitle: 'Battery-backed alarms',
      imageUrl: 'ad.webp',
      linkUrl: '/providers?serviceType=alarms',
      displayDuration: 4000,
    });
    expect(await getJson('/api/flash-ads')).toEqual([
      {
        title: 'Load-shedding ready',
        subtitle: 'Battery-backed alarms',
        imageUrl: 'ad.webp',
        linkUrl: '/providers?serviceType=alarms',
        displayDuration: 4000,
      },
    ]);
  });
});

describe('GET /api/health', () => {
  it('answers 200 {status: ok, database: up} when the database answers', async () => {
    expect(await getJson('/api/health')).toEqual({ status: 'ok', database: 'up' });
  });

  it('is never cached', async () => {
    const response = await api.get('/api/health');
    expect(response.headers.get('cache-control')).toContain('no-store');
  });

  it('answers 503 JSON with a message when the database is closed', async () => {
    const broken = await startTestApi();
    await broken.database.close();
    try {
      const response = await broken.get('/api/health');
      expect(response.status).toBe(503);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await response.json()).toEqual({
        status: 'unavailable',
        database: 'down',
        message: expect.any(String) as string,
      });
    } finally {
      // The database is closed (and dropped) already; close() only has the server left to stop.
      await broken.close().catch(() => {});
    }
  });
});

describe('API answers', () => {
  it('answers 404 JSON with a message for an unknown API path', async () => {
    const response = await api.get('/api/nope');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({ message: expect.any(String) as string });
  });

  it.each(['/api/providers', '/api/stats', '/api/health', '/api/nope', '/api/providers?limit=0'])(
    'carry security headers: %s',
    async (path) => {
      const response = await api.get(path);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    },
  );
});

describe('GET /api/admin/stats: reviews held for moderation', () => {
  it('counts the held reviews that wait for a decision, not released or hidden ones', async () => {
    const { db } = api.database;
    const token = await adminSession(api, (await createTestAdmin(api)).id);
    const stats = () =>
      okJson<{ heldReviews: number }>(sendAs(api, token, 'GET', '/api/admin/stats'));
    expect((await stats()).heldReviews).toBe(0);

    const providerId = (await insertProvider(db)).id;
    const review = (values: Partial<typeof reviews.$inferInsert>) =>
      db.insert(reviews).values({
        providerId,
        customerName: 'Thandi Nkosi',
        rating: 5,
        comment: 'Neat and on time.',
        serviceType: 'cctv',
        ...values,
      });
    const why = 'The request was sent from a browser signed in as this provider.';
    await review({ heldAt: new Date(), heldReason: why });
    await review({ heldAt: new Date(), heldReason: why });
    // Released (the reason stays for the record), hidden, and ordinary reviews.
    await review({ heldAt: null, heldReason: why });
    await review({
      heldAt: new Date(),
      heldReason: why,
      hiddenAt: new Date(),
      hiddenReason: 'Spam',
    });
    await review({});
    expect((await stats()).heldReviews).toBe(2);
  });
});
