/**
 * A flash ad's link: a page of this site or an https address, stored
 * and returned by the public banner's answer; anything a browser could read as script or
 * as another host is refused with a sentence saying what to change.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { flashAds } from '../../db/schema.ts';
import { FLASH_AD_LINK_MESSAGES as M } from '../../src/lib/flash-ad-link.ts';
import { resetWithAdmin } from '../helpers/admin-fixtures.ts';
import { databaseSnapshot, okJson, sendAs } from '../helpers/api-fixtures.ts';
import { insertFlashAd } from '../helpers/builders.ts';
import { expectFieldError } from '../helpers/error-answer.ts';
import { useTestApi } from '../helpers/test-api.ts';

const api = useTestApi();

let token: string;
beforeEach(async () => {
  ({ token } = await resetWithAdmin(api));
});

const ad = (linkUrl: unknown) => ({ title: 'Winter special', subtitle: 'Cameras', linkUrl });
const post = (body: unknown) => sendAs(api, token, 'POST', '/api/admin/flash-ads', body);
const publicLinks = async () =>
  (await okJson<{ linkUrl: string | null }[]>(api.get('/api/flash-ads'))).map((a) => a.linkUrl);

describe('a flash ad link that is refused', () => {
  it.each<[string, unknown, string]>([
    ['javascript:', 'javascript:alert(1)', M.shape],
    ['JavaScript: in capitals', 'JaVaScRiPt:alert(document.cookie)', M.shape],
    ['a data: address', 'data:text/html,<script>alert(1)</script>', M.shape],
    ['a protocol-relative address', '//evil.com', M.otherHost],
    ['a protocol-relative address with a path', '//evil.com/providers', M.otherHost],
    ['a backslash after the slash', '/\\evil.com', M.backslash],
    ['a backslash in an address', 'https://example.co.za\\@evil.com', M.backslash],
    ['plain http', 'http://example.co.za/offer', M.http],
    ['a tab inside javascript:', 'java\tscript:alert(1)', M.spaces],
    ['a line break in a path', '/providers\n//evil.com', M.spaces],
    ['a page without its slash', 'providers?serviceType=cctv', M.shape],
    ['a path the database refuses', '/-/offer', M.sitePath],
    ['an address with a password', 'https://user:secret@example.co.za/', M.credentials],
    ['an address without a real host', 'https://localhost/offer', M.address],
    ['an address that is not one', 'https://', M.address],
    ['a number', 42, 'The link must be text'],
    ['a link over 500 characters', `/providers?search=${'a'.repeat(490)}`, M.tooLong],
  ])('%s (%j)', async (_, linkUrl, message) => {
    const before = await databaseSnapshot(api);
    await expectFieldError(await post(ad(linkUrl)), 'linkUrl', message);
    expect(await databaseSnapshot(api)).toEqual(before);
  });

  it('on a change too, and the stored link stays', async () => {
    const { id } = await insertFlashAd(api.database.db, { linkUrl: '/providers' });
    const response = await sendAs(
      api,
      token,
      'PUT',
      `/api/admin/flash-ads/${id}`,
      ad('//evil.com'),
    );
    await expectFieldError(response, 'linkUrl', M.otherHost);
    expect(await publicLinks()).toEqual(['/providers']);
  });

  it('by the database as well, should anything write around the API', async () => {
    for (const linkUrl of ['//evil.com', 'javascript:alert(1)', 'http://example.co.za']) {
      await expect(insertFlashAd(api.database.db, { linkUrl })).rejects.toThrow();
    }
  });
});

describe('a flash ad link that is taken', () => {
  it.each([
    ['/providers?serviceType=cctv', '/providers?serviceType=cctv'],
    ['/', '/'],
    ['/how-it-works#checks', '/how-it-works#checks'],
    ['  https://www.psira.co.za/  ', 'https://www.psira.co.za/'],
    ['https://example.co.za/winter?ref=banner', 'https://example.co.za/winter?ref=banner'],
  ])('stores %j as %j and the banner answer carries it', async (linkUrl, stored) => {
    const created = await okJson<{ id: number; linkUrl: string }>(post(ad(linkUrl)), 201);
    expect(created.linkUrl).toBe(stored);
    const [row] = await api.database.db
      .select({ linkUrl: flashAds.linkUrl })
      .from(flashAds)
      .where(eq(flashAds.id, created.id));
    expect(row?.linkUrl).toBe(stored);
    expect(await publicLinks()).toEqual([stored]);
  });

  it('blank or left out is no link; a change without it removes the link', async () => {
    const blank = await okJson<{ linkUrl: string | null }>(post(ad('   ')), 201);
    expect(blank.linkUrl).toBeNull();
    const { id } = await okJson<{ id: number }>(post(ad('/providers')), 201);
    const changed = await okJson<{ linkUrl: string | null }>(
      sendAs(api, token, 'PUT', `/api/admin/flash-ads/${id}`, {
        title: 'Winter special',
        subtitle: 'Cameras',
      }),
    );
    expect(changed.linkUrl).toBeNull();
    expect(await publicLinks()).toEqual([null, null]);
  });
});
