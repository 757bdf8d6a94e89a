/**
 * The posting lists behind the search (db/migrations/0022_search_postings.sql,
 * src/api/search/posting-search.ts): kept equal to the providers by the triggers, and
 * answering every page as the SQL search does. A rating filter of 0 keeps every provider
 * and sends the same query down the SQL search, so the two are compared through HTTP.
 * Runs on PGlite and on the PostgreSQL server (api-postgres).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceProviders } from '../../db/schema.ts';
import { seedDatabase } from '../../db/seed/seed.ts';
import { listProviders, queryRows } from '../helpers/api-fixtures.ts';
import { insertProvider } from '../helpers/builders.ts';
import { startTestApi, type TestApi } from '../helpers/test-api.ts';
import { readListingQuery } from '../../src/api/providers/provider-filters.ts';
import { postingsAnswer, postingsPage } from '../../src/api/search/posting-search.ts';
import { moveVerifiedPostingOn } from '../../src/api/search/verified-posting.ts';
import { ProviderQuerySchema } from '../../src/lib/schemas/provider-query.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

/** Every page of `limit` through the posting lists, one after the other. */
async function pagedThroughPostings(query: Record<string, string>, limit: number) {
  const ids: number[] = [];
  let total = 0;
  for (let offset = 0; offset === 0 || offset < total; offset += limit) {
    const page = await listProviders(api, { ...query, limit, offset });
    total = page.total;
    ids.push(...page.providers.map((p) => p.id));
  }
  return { ids, total };
}

/**
 * Expects the search's pages of each limit, through the posting lists, to give the SQL
 * search's providers (a rating filter of 0 sends the query down it); answers their total.
 */
async function expectPagesOfTheSqlSearch(query: Record<string, string>, limits: number[]) {
  const sqlSearch = await listProviders(api, { ...query, rating: 0, limit: 100 });
  for (const limit of limits) {
    const paged = await pagedThroughPostings(query, limit);
    expect(paged.total).toBe(sqlSearch.total);
    expect(paged.ids).toEqual(sqlSearch.providers.map((p) => p.id));
  }
  return { total: sqlSearch.total, ids: sqlSearch.providers.map((p) => p.id) };
}

/**
 * The pages of `limit` below offset `until`, straight from search_postings_page, each
 * group read as `lookUpsPerRow` makes it choose (0: sorted whole; 2 ** 30: walked).
 */
async function postingPages(
  query: Record<string, string>,
  { limit, until, lookUpsPerRow }: { limit: number; until: number; lookUpsPerRow: number },
) {
  const pages = [];
  for (let offset = 0; offset < until; offset += limit) {
    const listing = await readListingQuery(
      api.database.db,
      ProviderQuerySchema.parse({ ...query, limit: String(limit), offset: String(offset) }),
    );
    if (!postingsAnswer(listing)) throw new Error('not a posting-list search');
    pages.push(await postingsPage(api.database.db, listing, { lookUpsPerRow }));
  }
  return pages;
}

const SEARCHES = [
  { search: 'cctv' },
  { search: 'alarms' },
  { search: 'pretoria' },
  { search: 'cctv pretoria' },
  { search: 'alarms cape town' },
  { search: 'camera' },
  { search: 'gate motor durban' },
  { search: 'LAN' },
  { search: 'wi-fi sandton' },
  { search: 'Johannesbrug' },
  { search: 'cctc pretorai' },
  { search: 'Highveld Secure' },
  { search: 'security' },
  { search: 'installation' },
  { search: 'cctv', serviceType: 'alarms' },
  { search: 'security', location: 'johannesburg' },
  { search: 'cctv', verification: 'verified' },
  { search: 'security', verification: 'premium' },
];

describe('search pages from the posting lists', () => {
  beforeAll(async () => {
    await api.database.reset();
    await seedDatabase(api.database.db);
  });

  it.each(SEARCHES)('%o gives the SQL search’s providers, page by page', async (query) => {
    const { total } = await expectPagesOfTheSqlSearch(query, [1, 3, 7]);
    expect(total).toBeGreaterThan(0);
  });

  it.each(SEARCHES)('%o reads the same pages walked or sorted whole', async (query) => {
    const walked = await postingPages(query, { limit: 3, until: 40, lookUpsPerRow: 2 ** 30 });
    expect(walked[0]?.ids.length).toBeGreaterThan(0);
    expect(await postingPages(query, { limit: 3, until: 40, lookUpsPerRow: 0 })).toEqual(walked);
  });

  it('answers a page past the end with none and the total', async () => {
    const page = await listProviders(api, { search: 'cctv', offset: 500 });
    expect(page.providers).toEqual([]);
    expect(page.total).toBe((await listProviders(api, { search: 'cctv', rating: 0 })).total);
  });
});

describe('search pages across every group of every relevance', () => {
  const SITES = ['Kraal', 'Kraai', 'Boma', 'Stoep'];
  /**
   * 24 providers holding 'quartz' in their name, their description or a specialty (the
   * relevance of the term), offering alarms or CCTV (of the term 'alarms'), in Durban or
   * Polokwane, with 'kraal' or its typo 'kraai' among their words, each of the four groups
   * of the listing (premium and verified, premium, verified, the rest) in each, at ratings
   * that interleave them.
   */
  beforeAll(async () => {
    await api.database.reset();
    for (let i = 0; i < 24; i++) {
      const held = i % 3;
      await insertProvider(api.database.db, {
        name: `${held === 0 ? 'Quartz' : 'Vela'} ${i % 2 === 0 ? 'Alarm' : 'Camera'} Works ${i}`,
        // 'kraai' is a small typo of 'kraal': a search for either matches the other by it.
        description: `${held === 1 ? 'Quartz motion sensors. ' : ''}${SITES[i % 4]} sites served.`,
        specialties: held === 2 ? ['Quartzite conduit'] : [],
        services: i % 4 < 2 ? ['alarms'] : ['cctv'],
        location: i % 5 < 3 ? 'Durban' : 'Polokwane',
        isPremium: Math.floor(i / 2) % 2 === 0,
        isVerified: Math.floor(i / 3) % 2 === 0,
        rating: `${(i * 7) % 6}.0`,
      });
    }
  });

  it.each([
    { search: 'quartz' },
    { search: 'quartz alarms' },
    { search: 'quartz durban' },
    { search: 'alarm works' },
    { search: 'quartz', verification: 'verified' },
    { search: 'kraal' },
    { search: 'quartz kraai' },
  ])('%o gives the SQL search’s providers, page by page, walked or sorted', async (query) => {
    const sqlSearch = await expectPagesOfTheSqlSearch(query, [1, 2, 5]);
    expect(sqlSearch.total).toBeGreaterThan(3);
    for (const lookUpsPerRow of [0, 2 ** 30]) {
      const pages = await postingPages(query, { limit: 2, until: sqlSearch.total, lookUpsPerRow });
      expect(pages.flatMap((page) => page.ids)).toEqual(sqlSearch.ids);
    }
  });
});

/** The posting lists as they are, and as they would be built from the providers now. */
async function postingsAndRebuild() {
  const kept = await queryRows<{ key: string; ids: number[] }>(
    api.database.db,
    sql`SELECT key, ids FROM search_postings WHERE cardinality(ids) > 0 ORDER BY key`,
  );
  const rebuilt = await queryRows<{ key: string; ids: number[] }>(
    api.database.db,
    sql`SELECT k AS key, sort(array_agg(p.id)) AS ids
          FROM service_providers AS p,
               search_keys(p.is_approved, p.is_premium,
                           p.verified_until >= (SELECT as_of FROM search_postings WHERE key = 'v:'),
                           p.services, p.area_values, p.search_text, p.name) AS k
         GROUP BY k ORDER BY k`,
  );
  return { kept, rebuilt };
}

/**
 * Two verified providers (premium ones with `isPremium`), as the verified postings held
 * them 30 days ago; then the checks of one of them ran out yesterday. By name, the lapsed
 * one comes first: only its lapse puts it after the other.
 */
async function oneOfTwoLapsedSinceThePostingsDay({ isPremium = false } = {}) {
  await api.database.reset();
  const db = api.database.db;
  const lapsed = await insertProvider(db, { name: 'Aloe Alarms', isVerified: true, isPremium });
  const current = await insertProvider(db, { name: 'Current Alarms', isVerified: true, isPremium });
  await db.execute(sql`UPDATE search_postings SET as_of = sa_today() - 30 WHERE key = 'v:'`);
  await db.execute(
    sql`UPDATE provider_checks SET valid_until = sa_today() - 1 WHERE provider_id = ${lapsed.id}`,
  );
  return { lapsed, current };
}

describe('the posting lists kept by triggers', () => {
  it('follow inserts, edits, approval, premium, verification and deletes', async () => {
    await api.database.reset();
    const db = api.database.db;
    const alarms = await insertProvider(db, {
      name: 'Umgeni Alarm Works',
      services: ['alarms'],
      location: 'Durban',
      isVerified: true,
    });
    const cameras = await insertProvider(db, {
      name: 'Karoo Camera Co',
      services: ['cctv'],
      location: 'Cape Town',
      isPremium: true,
    });
    const pending = await insertProvider(db, { name: 'Pending Fibre', isApproved: false });
    let state = await postingsAndRebuild();
    expect(state.kept).toEqual(state.rebuilt);
    expect(state.kept.find((row) => row.key === 'w:umgeni')?.ids).toEqual([alarms.id]);

    await db
      .update(serviceProviders)
      .set({
        name: 'Umgeni Gate Works',
        description: 'Gate motors, intercoms and biometric readers.',
        services: ['access', 'alarms'],
      })
      .where(eq(serviceProviders.id, alarms.id));
    await db
      .update(serviceProviders)
      .set({ isPremium: false, coverageAreas: ['Stellenbosch', 'Paarl'] })
      .where(eq(serviceProviders.id, cameras.id));
    await db
      .update(serviceProviders)
      .set({ isApproved: true })
      .where(eq(serviceProviders.id, pending.id));
    // A new rating alone changes no key.
    await db.update(serviceProviders).set({ rating: '4.5' });
    state = await postingsAndRebuild();
    expect(state.kept).toEqual(state.rebuilt);
    expect(state.kept.find((row) => row.key === 'n:alarm')).toBeUndefined();
    expect(state.kept.find((row) => row.key === 'a:paarl')?.ids).toEqual([cameras.id]);
    expect(state.kept.find((row) => row.key === 'w:fibre')?.ids).toEqual([pending.id]);

    await db
      .update(serviceProviders)
      .set({ isApproved: false })
      .where(eq(serviceProviders.id, cameras.id));
    await db.delete(serviceProviders).where(eq(serviceProviders.id, pending.id));
    state = await postingsAndRebuild();
    expect(state.kept).toEqual(state.rebuilt);
    expect(state.kept.flatMap((row) => row.ids)).not.toContain(cameras.id);
    expect(state.kept.flatMap((row) => row.ids)).not.toContain(pending.id);
  });

  it.each([{ isPremium: false }, { isPremium: true }])(
    'count a provider verified until a day that has passed as not verified (%o)',
    async ({ isPremium }) => {
      const { lapsed, current } = await oneOfTwoLapsedSinceThePostingsDay({ isPremium });
      const verified = await listProviders(api, { search: 'alarms', verification: 'verified' });
      expect(verified.names).toEqual([current.name]);
      const all = await listProviders(api, { search: 'alarms' });
      expect(all.names).toEqual([current.name, lapsed.name]);
    },
  );
});

describe("the verified posting's day", () => {
  it('is moved on to today by runDueJobs, leaving out the providers that lapsed', async () => {
    const { current } = await oneOfTwoLapsedSinceThePostingsDay({ isPremium: true });
    const db = api.database.db;
    await moveVerifiedPostingOn(db);
    const rows = await queryRows<{ key: string; ids: number[]; today: boolean }>(
      db,
      sql`SELECT key, ids, (SELECT as_of FROM search_postings WHERE key = 'v:') = sa_today() AS today
            FROM search_postings WHERE key IN ('v:', 'pv:') ORDER BY key`,
    );
    expect(rows).toEqual([
      { key: 'pv:', ids: [current.id], today: true },
      { key: 'v:', ids: [current.id], today: true },
    ]);
    const state = await postingsAndRebuild();
    expect(state.kept).toEqual(state.rebuilt);
  });
});
