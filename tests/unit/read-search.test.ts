import { describe, expect, it } from 'vitest';
import {
  MAX_SEARCH_WORDS,
  isTypoOf,
  mayBeTypo,
  phraseKeys,
  readTerms,
  searchKey,
  searchWords,
  servicesNamed,
  servicesNear,
  typoDistance,
} from '../../src/api/search/read-search.ts';
import { SERVICE_IDS } from '../../src/lib/catalog/categories.ts';
import { SERVICE_SYNONYMS } from '../../src/lib/catalog/service-synonyms.ts';

const PLACES = new Set(['port elizabeth', 'cape town', 'pretoria', 'durban', 'ethekwini']);
const isPlace = (key: string) => PLACES.has(key);
const terms = (query: string) => readTerms(searchWords(query), isPlace);

describe('searchWords: the words of a query as typed', () => {
  it('lower-cases, drops accents and trims sentence punctuation', () => {
    expect(searchWords('  CCTV,  Pretoria!  ')).toEqual([
      { literal: 'cctv', key: 'cctv' },
      { literal: 'pretoria', key: 'pretoria' },
    ]);
    expect(searchWords('Café eThekwini')).toEqual([
      { literal: 'cafe', key: 'cafe' },
      { literal: 'ethekwini', key: 'ethekwini' },
    ]);
  });

  it('keeps the characters a name may hold in the literal, and spaces them in the key', () => {
    expect(searchWords('100% net_works Wi-Fi')).toEqual([
      { literal: '100%', key: '100' },
      { literal: 'net_works', key: 'net works' },
      { literal: 'wi-fi', key: 'wi fi' },
    ]);
  });

  it('parts words at commas, semicolons and slashes as at spaces', () => {
    const cctvPretoria = [
      { literal: 'cctv', key: 'cctv' },
      { literal: 'pretoria', key: 'pretoria' },
    ];
    expect(searchWords('cctv,pretoria')).toEqual(cctvPretoria);
    expect(searchWords('cctv;pretoria')).toEqual(cctvPretoria);
    expect(searchWords('cctv/pretoria')).toEqual(cctvPretoria);
  });

  it('leaves out words without a letter or a digit when the query has others', () => {
    expect(searchWords('📷 cctv')).toEqual([{ literal: 'cctv', key: 'cctv' }]);
    expect(searchWords('Smith & Sons')).toEqual([
      { literal: 'smith', key: 'smith' },
      { literal: 'sons', key: 'sons' },
    ]);
    expect(searchWords('🏠')).toEqual([{ literal: '🏠', key: '' }]);
    expect(searchWords(' ; ')).toEqual([{ literal: ';', key: '' }]);
  });

  it('keeps a word of punctuation alone as typed, with an empty key', () => {
    expect(searchWords('!!! ...')).toEqual([
      { literal: '!!!', key: '' },
      { literal: '...', key: '' },
    ]);
  });

  it(`reads at most ${MAX_SEARCH_WORDS} words`, () => {
    expect(searchWords('a '.repeat(50))).toHaveLength(MAX_SEARCH_WORDS);
  });

  it('gives no words for blank text', () => {
    expect(searchWords('   ')).toEqual([]);
  });
});

describe('searchKey: the form place names and the vocabulary are compared in', () => {
  it.each([
    ['Port Elizabeth', 'port elizabeth'],
    ['port-elizabeth', 'port elizabeth'],
    ['eThekwini', 'ethekwini'],
    ["Jeffrey's Bay", 'jeffreys bay'],
    ['Wi-Fi', 'wi fi'],
    ['  VIDEO over IP ', 'video over ip'],
  ])('%s -> %s', (text, key) => {
    expect(searchKey(text)).toBe(key);
  });
});

describe('phraseKeys: every run of up to four words, for one look-up of places', () => {
  it('lists each run once', () => {
    expect(phraseKeys(searchWords('cape town cctv'))).toEqual([
      'cape',
      'cape town',
      'cape town cctv',
      'town',
      'town cctv',
      'cctv',
    ]);
  });

  it('leaves out words without a key', () => {
    expect(phraseKeys(searchWords('!!!'))).toEqual([]);
  });
});

describe('readTerms: phrases, services and typos', () => {
  it('reads a service and a place', () => {
    expect(terms('cctv pretoria')).toEqual([
      { literal: 'cctv', key: 'cctv', services: ['cctv'], nearServices: [] },
      { literal: 'pretoria', key: 'pretoria', services: [], nearServices: [] },
    ]);
  });

  it('joins the longest run that names a place or a service into one phrase', () => {
    expect(terms('gate motor Port Elizabeth').map((t) => [t.literal, t.services])).toEqual([
      ['gate motor', ['access']],
      ['port elizabeth', []],
    ]);
    expect(terms('video over IP').map((t) => [t.key, t.services])).toEqual([
      ['video over ip', ['ndi']],
    ]);
    expect(terms('wi-fi').map((t) => [t.key, t.services])).toEqual([['wi fi', ['wifi']]]);
  });

  it('keeps words apart when together they name nothing', () => {
    expect(terms('cape alarms').map((t) => t.key)).toEqual(['cape', 'alarms']);
  });

  it.each([
    ['camera', ['cctv']],
    ['surveillance', ['cctv']],
    ['armed response', ['alarms']],
    ['electric fence', ['alarms']],
    ['intercom', ['access']],
    ['biometric', ['access']],
    ['turnstile', ['access']],
    ['fibre', ['network']],
    ['lan', ['network']],
    ['server rack', ['network']],
    ['router', ['wifi']],
    ['mesh', ['wifi']],
    ['hotspot', ['wifi']],
    ['streaming', ['ndi']],
    ['broadcast', ['ndi']],
  ])('names the service of a synonym: %s', (query, services) => {
    const [term] = terms(query);
    expect(terms(query)).toHaveLength(1);
    expect(term?.services).toEqual(services);
  });

  it.each([
    ['cctc', ['cctv']],
    ['survelance', ['cctv']],
    ['intercon', ['access']],
    ['alarn', ['alarms']],
    ['broadcats', ['ndi']],
  ])('forgives a small typo of a service word: %s', (query, near) => {
    const [term] = terms(query);
    expect(term?.services).toEqual([]);
    expect(term?.nearServices).toEqual(near);
  });

  it.each(['plumber', 'lan2', 'net_works', 'cct', 'pretoria'])(
    'finds no service near %s',
    (query) => {
      const [term] = terms(query);
      expect(term?.services).toEqual([]);
      expect(term?.nearServices).toEqual([]);
    },
  );
});

describe('typos', () => {
  it.each([
    ['cctc', 'cctv', 1],
    ['johannesbrug', 'johannesburg', 1],
    ['survelance', 'surveillance', 2],
    ['durbn', 'durban', 1],
    ['abc', 'abc', 0],
  ])('typoDistance(%s, %s) = %i', (a, b, distance) => {
    expect(typoDistance(a, b)).toBe(distance);
  });

  it('allows one typo up to 7 letters and two from 8, none under 4', () => {
    expect(isTypoOf('cctc', 'cctv')).toBe(true);
    expect(isTypoOf('ctcv', 'cctv')).toBe(true); // a swap counts one
    expect(isTypoOf('cxxv', 'cctv')).toBe(false);
    expect(isTypoOf('pretorai', 'pretoria')).toBe(true);
    expect(isTypoOf('johannesbrug', 'johannesburg')).toBe(true);
    expect(isTypoOf('plumber', 'plumstead')).toBe(false);
    expect(isTypoOf('plan', 'lan')).toBe(false);
    expect(isTypoOf('cctv', 'cctv')).toBe(false); // exact is not a typo
  });

  it('treats words with digits or symbols as exact', () => {
    expect(mayBeTypo({ literal: 'cat7', key: 'cat7' })).toBe(false);
    expect(mayBeTypo({ literal: '100%', key: '100' })).toBe(false);
    expect(mayBeTypo({ literal: 'net_works', key: 'net works' })).toBe(false);
    expect(mayBeTypo({ literal: 'highveld', key: 'highveld' })).toBe(true);
  });

  it('servicesNear and servicesNamed read the same vocabulary', () => {
    expect(servicesNamed('cctv')).toEqual(['cctv']);
    expect(servicesNear('cctv')).toEqual([]);
    expect(servicesNear('camra')).toEqual(['cctv']);
  });
});

describe('the synonym vocabulary', () => {
  it('has words for every service, each in its search form already', () => {
    for (const service of SERVICE_IDS) {
      expect(SERVICE_SYNONYMS[service].length).toBeGreaterThan(5);
      for (const synonym of SERVICE_SYNONYMS[service]) {
        expect(searchKey(synonym)).toBe(synonym);
      }
    }
  });

  it('names each service by its id', () => {
    for (const service of SERVICE_IDS) expect(servicesNamed(service)).toContain(service);
  });
});
