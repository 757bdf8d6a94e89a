/**
 * GET /api/search/reading: how the search read a query, term by term,
 * on the sample data's places and providers' words.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../db/seed/seed.ts';
import type { SearchReading } from '../../src/lib/search-reading.ts';
import { okJson } from '../helpers/api-fixtures.ts';
import { expectError } from '../helpers/error-answer.ts';
import { useTestApi } from '../helpers/test-api.ts';

const api = useTestApi();
beforeAll(async () => {
  await api.database.reset();
  await seedDatabase(api.database.db);
});

const reading = (search: string) =>
  okJson<SearchReading>(api.get(`/api/search/reading?search=${encodeURIComponent(search)}`));

describe('GET /api/search/reading', () => {
  it('reads "cctv pretoria" as a service and a place', async () => {
    expect(await reading('cctv pretoria')).toEqual({
      terms: [
        { typed: 'cctv', reads: 'service', as: 'CCTV Installations & Repairs', corrected: false },
        { typed: 'pretoria', reads: 'place', as: 'Pretoria', corrected: false },
      ],
    });
  });

  it('says a typo was forgiven: "Johannesbrug" read as Johannesburg', async () => {
    expect((await reading('Johannesbrug')).terms).toEqual([
      { typed: 'johannesbrug', reads: 'place', as: 'Johannesburg', corrected: true },
    ]);
  });

  it('names the category of gate motors and intercoms', async () => {
    const { terms } = await reading('gate motor durban');
    expect(terms).toEqual([
      { typed: 'gate motor', reads: 'service', as: 'Access Control', corrected: false },
      { typed: 'durban', reads: 'place', as: 'Durban', corrected: false },
    ]);
    expect((await reading('intercom')).terms[0]).toMatchObject({ as: 'Access Control' });
  });

  it('reads other words as the providers’ own words, or the place a typo away', async () => {
    expect((await reading('zyzzyva')).terms).toEqual([
      { typed: 'zyzzyva', reads: 'words', as: 'zyzzyva', corrected: false },
    ]);
    // The suburb the word is a typo of, not the city around it.
    expect((await reading('waterproof')).terms).toEqual([
      { typed: 'waterproof', reads: 'place', as: 'Waterkloof', corrected: true },
    ]);
  });

  it('answers 400 without a search and to one too long', async () => {
    await expectError(await api.get('/api/search/reading'), 400);
    await expectError(await api.get(`/api/search/reading?search=${'a'.repeat(101)}`), 400);
  });
});

interface Listed {
  name: string;
  location: string;
  coverageAreas: string[];
  matchedBecause?: string[];
}

describe('GET /api/providers: why a search for a place matched', () => {
  it('says "Based in" a town within the place, or "Covers" the areas it gave', async () => {
    const listed = await okJson<Listed[]>(api.get('/api/providers?search=durban&limit=50'));
    expect(listed.length).toBeGreaterThan(0);
    for (const provider of listed) {
      const reasons = provider.matchedBecause ?? [];
      for (const reason of reasons) {
        if (reason.startsWith('Based in ')) {
          expect(reason).toBe(`Based in ${provider.location}, Durban`);
        } else {
          expect(reason).toMatch(/^Covers /);
          for (const area of reason.slice('Covers '.length).split(', ')) {
            expect(provider.coverageAreas).toContain(area);
          }
        }
      }
    }
    // Umhlanga's provider gave Durban as a coverage area; one in Durban needs no reason.
    expect(listed.find((p) => p.location === 'Umhlanga')?.matchedBecause).toEqual([
      'Covers Durban',
    ]);
    for (const inDurban of listed.filter((p) => p.location === 'Durban')) {
      expect(inDurban.matchedBecause ?? []).not.toContainEqual(expect.stringMatching(/^Based in/));
    }
  });

  it('gives each provider the same reasons in every order of the list', async () => {
    const reasonsBy = async (order: string) =>
      new Map(
        (await okJson<Listed[]>(api.get(`/api/providers?search=durban&limit=50${order}`))).map(
          (p) => [p.name, p.matchedBecause],
        ),
      );
    const recommended = await reasonsBy('');
    expect([...recommended.values()].filter(Boolean).length).toBeGreaterThan(0);
    // Durban's centre: nearest first reads its page apart from the other orders.
    for (const order of ['&sort=rated', '&sort=quickest', '&userLat=-29.86&userLng=31.03']) {
      const other = await reasonsBy(order);
      expect(other.size, order).toBe(recommended.size);
      for (const [name, reasons] of other)
        expect(reasons, `${name}${order}`).toEqual(recommended.get(name));
    }
  });

  it('gives no reason without a place in the search', async () => {
    const listed = await okJson<Listed[]>(api.get('/api/providers?search=cctv'));
    expect(listed.every((p) => p.matchedBecause === undefined)).toBe(true);
  });
});
