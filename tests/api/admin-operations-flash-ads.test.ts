import { asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { flashAds } from '../../db/schema.ts';
import {
  itIsForAdminsOnly,
  useSignedInAdmin,
  uploadAdminImage,
} from '../helpers/admin-fixtures.ts';
import { databaseSnapshot, okJson, sendAs, type ApiRoute } from '../helpers/api-fixtures.ts';
import { insertFlashAd } from '../helpers/builders.ts';
import { expectError, expectFieldRefusal, expectNotFoundRefusal } from '../helpers/error-answer.ts';
import { useTestApi } from '../helpers/test-api.ts';

// Admins' sessions are minted directly: no test here signs in with a password.
const api = useTestApi();

const admin = useSignedInAdmin(api);

type FlashAdRow = typeof flashAds.$inferSelect;
type FlashAdAnswer = Omit<FlashAdRow, 'createdAt'> & { createdAt: string };
interface PublicFlashAd {
  title: string;
  subtitle: string;
  imageUrl: string | null;
  linkUrl: string | null;
  displayDuration: number;
}

const adBody = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  title: 'Winter special',
  subtitle: '10% off every CCTV installation booked in June',
  ...overrides,
});

const post = (body: unknown) => sendAs(api, admin.token, 'POST', '/api/admin/flash-ads', body);
const put = (id: number | string, body: unknown) =>
  sendAs(api, admin.token, 'PUT', `/api/admin/flash-ads/${id}`, body);
const remove = (id: number | string) =>
  sendAs(api, admin.token, 'DELETE', `/api/admin/flash-ads/${id}`);
const publicAds = () => okJson<PublicFlashAd[]>(api.get('/api/flash-ads'));

async function storedAd(id: number): Promise<FlashAdRow | undefined> {
  const [row] = await api.database.db.select().from(flashAds).where(eq(flashAds.id, id));
  return row;
}

describe('every flash-ad route is for signed-in admins only', () => {
  let adId: number;
  beforeEach(async () => {
    adId = (await insertFlashAd(api.database.db)).id;
  });

  const ROUTES: ApiRoute[] = [
    { name: 'GET /api/admin/flash-ads' },
    { name: 'POST /api/admin/flash-ads', body: () => adBody() },
    {
      name: 'PUT /api/admin/flash-ads/:id',
      id: () => adId,
      body: () => adBody({ isActive: false }),
    },
    { name: 'DELETE /api/admin/flash-ads/:id', id: () => adId },
  ];

  itIsForAdminsOnly(api, () => admin.id, ROUTES);
});

describe('GET /api/admin/flash-ads', () => {
  it('lists every ad, active or not, priority 1 first', async () => {
    const db = api.database.db;
    const low = await insertFlashAd(db, { priority: 5 });
    const inactive = await insertFlashAd(db, { priority: 1, isActive: false });
    const top = await insertFlashAd(db, { priority: 2 });
    const response = await sendAs(api, admin.token, 'GET', '/api/admin/flash-ads');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const body = (await response.json()) as FlashAdAnswer[];
    expect(body.map((ad) => [ad.id, ad.priority, ad.isActive])).toEqual([
      [inactive.id, 1, false],
      [top.id, 2, true],
      [low.id, 5, true],
    ]);
    // The public banner shows the active ones only.
    expect((await publicAds()).map((ad) => ad.title)).toEqual([top.title, low.title]);
  });
});

describe('POST /api/admin/flash-ads', () => {
  it('creates an ad with the defaults, made by the admin, and shows it on the banner', async () => {
    expect(await publicAds()).toEqual([]);
    const response = await post(
      adBody({
        title: '  Winter special ',
        subtitle: ' 10% off every CCTV installation booked in June  ',
      }),
    );
    expect(response.status).toBe(201);
    const created = (await response.json()) as FlashAdAnswer;
    expect(created).toMatchObject({
      title: 'Winter special',
      subtitle: '10% off every CCTV installation booked in June',
      imageUrl: null,
      isActive: true,
      priority: 1,
      displayDuration: 3000,
      createdBy: admin.id,
    });
    expect(await storedAd(created.id)).toMatchObject({
      title: 'Winter special',
      isActive: true,
      priority: 1,
      displayDuration: 3000,
      createdBy: admin.id,
    });
    expect(await publicAds()).toEqual([
      {
        title: 'Winter special',
        subtitle: '10% off every CCTV installation booked in June',
        imageUrl: null,
        linkUrl: null,
        displayDuration: 3000,
      },
    ]);
  });

  it('stores every field, with an image uploaded by the admin', async () => {
    const imageUrl = await uploadAdminImage(api, admin.token, '/api/admin/flash-ads/upload');
    const created = await okJson<FlashAdAnswer>(
      post(adBody({ imageUrl, isActive: true, priority: 3, displayDuration: 4500 })),
      201,
    );
    expect(created).toMatchObject({
      imageUrl,
      priority: 3,
      displayDuration: 4500,
      createdBy: admin.id,
    });
    expect(await publicAds()).toEqual([
      {
        title: 'Winter special',
        subtitle: '10% off every CCTV installation booked in June',
        imageUrl,
        linkUrl: null,
        displayDuration: 4500,
      },
    ]);
    expect((await api.get(imageUrl)).status).toBe(200);
  });

  it('creates an inactive ad that the banner does not show', async () => {
    const created = await okJson<FlashAdAnswer>(post(adBody({ isActive: false })), 201);
    expect((await storedAd(created.id))?.isActive).toBe(false);
    expect(await publicAds()).toEqual([]);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['a blank title', { title: '   ' }, 'title', 'Title and subtitle are required'],
    ['a blank subtitle', { subtitle: ' \t ' }, 'subtitle', 'Title and subtitle are required'],
    ['no title', { title: undefined }, 'title', 'Title and subtitle are required'],
    ['no subtitle', { subtitle: undefined }, 'subtitle', 'Title and subtitle are required'],
    ['priority 0', { priority: 0 }, 'priority', 'Priority must be at least 1'],
    ['priority 1.5', { priority: 1.5 }, 'priority', 'Priority must be a whole number'],
    [
      'a display duration of 999 ms',
      { displayDuration: 999 },
      'displayDuration',
      'Display duration must be at least 1000 ms',
    ],
    [
      'a display duration of 1250 ms',
      { displayDuration: 1250 },
      'displayDuration',
      'Display duration goes in steps of 500 ms',
    ],
    [
      'a display duration over a minute',
      { displayDuration: 60_500 },
      'displayDuration',
      'Display duration must be at most 60000 ms',
    ],
    ['isActive as text', { isActive: 'yes' }, 'isActive', 'isActive must be true or false'],
    [
      'an image that is not an object path',
      { imageUrl: 'https://elsewhere.example.com/ad.png' },
      'imageUrl',
      'Upload the image again',
    ],
  ])('answers 400 to %s and stores nothing', async (_, overrides, field, message) => {
    await expectFieldRefusal(api, () => post(adBody(overrides)), field, message);
  });

  it('answers "Title and subtitle are required" as the message when both are blank', async () => {
    const body = await expectError(
      await post({ title: ' ', subtitle: '' }),
      400,
      'Title and subtitle are required',
    );
    expect(body.errors).toEqual({
      title: 'Title and subtitle are required',
      subtitle: 'Title and subtitle are required',
    });
    expect(await api.database.db.select().from(flashAds)).toEqual([]);
  });
});

describe('PUT /api/admin/flash-ads/:id', () => {
  it('updates the ad and the banner follows; isActive false hides it', async () => {
    const ad = await insertFlashAd(api.database.db, {
      title: 'Old title',
      subtitle: 'Old subtitle',
    });
    expect((await publicAds()).map((a) => a.title)).toEqual(['Old title']);

    const updated = await okJson<FlashAdAnswer>(
      put(ad.id, adBody({ title: 'Spring sale', priority: 2, displayDuration: 5000 })),
    );
    expect(updated).toMatchObject({
      id: ad.id,
      title: 'Spring sale',
      priority: 2,
      displayDuration: 5000,
      isActive: true,
    });
    expect(await storedAd(ad.id)).toMatchObject({
      title: 'Spring sale',
      priority: 2,
      displayDuration: 5000,
    });
    expect(await publicAds()).toEqual([
      {
        title: 'Spring sale',
        subtitle: '10% off every CCTV installation booked in June',
        imageUrl: null,
        linkUrl: null,
        displayDuration: 5000,
      },
    ]);

    const hidden = await okJson<FlashAdAnswer>(put(ad.id, adBody({ isActive: false })));
    expect(hidden.isActive).toBe(false);
    expect((await storedAd(ad.id))?.isActive).toBe(false);
    expect(await publicAds()).toEqual([]);
    // The admin still sees it.
    const all = await okJson<FlashAdAnswer[]>(
      sendAs(api, admin.token, 'GET', '/api/admin/flash-ads'),
    );
    expect(all.map((a) => [a.id, a.isActive])).toEqual([[ad.id, false]]);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['a blank title', { title: ' ' }, 'title', 'Title and subtitle are required'],
    ['priority 0', { priority: 0 }, 'priority', 'Priority must be at least 1'],
    [
      'a display duration of 1250 ms',
      { displayDuration: 1250 },
      'displayDuration',
      'Display duration goes in steps of 500 ms',
    ],
  ])('answers 400 to %s and changes nothing', async (_, overrides, field, message) => {
    const ad = await insertFlashAd(api.database.db);
    await expectFieldRefusal(api, () => put(ad.id, adBody(overrides)), field, message);
  });

  it.each([['9999'], ['0'], ['abc']])(
    'answers 404 for ad id %s and changes nothing',
    async (id) => {
      await insertFlashAd(api.database.db);
      await expectNotFoundRefusal(api, () => put(id, adBody()));
    },
  );

  it('answers 404 "Flash ad not found" for an unknown ad', async () => {
    await expectError(await put(9999, adBody()), 404, 'Flash ad not found');
  });
});

describe('DELETE /api/admin/flash-ads/:id', () => {
  it('removes the ad from the banner and the admin list', async () => {
    const db = api.database.db;
    const kept = await insertFlashAd(db, { title: 'Kept' });
    const gone = await insertFlashAd(db, { title: 'Gone' });
    expect((await publicAds()).map((a) => a.title).sort()).toEqual(['Gone', 'Kept']);

    const response = await remove(gone.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Flash ad deleted' });
    expect((await publicAds()).map((a) => a.title)).toEqual(['Kept']);
    expect((await db.select().from(flashAds).orderBy(asc(flashAds.id))).map((a) => a.id)).toEqual([
      kept.id,
    ]);

    const before = await databaseSnapshot(api);
    await expectError(await remove(gone.id), 404, 'Flash ad not found');
    expect(await databaseSnapshot(api)).toEqual(before);
  });

  it.each([['9999'], ['0'], ['abc']])(
    'answers 404 for ad id %s and deletes nothing',
    async (id) => {
      await insertFlashAd(api.database.db);
      await expectNotFoundRefusal(api, () => remove(id));
    },
  );
});
