/**
 * Search that reads like people type: real queries against the real
 * sample data (db/seed: six sample providers and forty generated ones, seven of them not
 * approved), each with providers it must and must not return. Runs on PGlite and on the
 * PostgreSQL server (api-postgres).
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serviceProviders } from '../../db/schema.ts';
import { seedDatabase } from '../../db/seed/seed.ts';
import { MAX_SEARCH_LENGTH } from '../../src/lib/listing-limits.ts';
import { listProviders } from '../helpers/api-fixtures.ts';
import { insertProvider } from '../helpers/builders.ts';
import { useTestApi } from '../helpers/test-api.ts';

const api = useTestApi();

interface SearchCase {
  query: string;
  /** What the query tries. */
  kind: string;
  must: string[];
  mustNot: string[];
}

// Sample providers (db/seed/sample-providers.ts) and generated ones (generate-providers.ts).
const HIGHVELD = 'Highveld Secure Systems'; // Johannesburg; cctv, alarms, access
const LIONS_HEAD = 'Lions Head Media Systems'; // Cape Town; ndi, network
const UMGENI = 'Umgeni Wireless Solutions'; // Durban; wifi, network, cctv
const JACARANDA = 'Jacaranda Access Control'; // Pretoria; access, alarms, cctv
const ALGOA = 'Algoa Alarm & Fence'; // Port Elizabeth; alarms, cctv
const ROSESTAD = 'Rosestad Network Solutions'; // Bloemfontein; network, wifi
const SIGNAL_WIFI_JHB = 'Signal Wi-Fi Johannesburg'; // wifi; covers Pretoria, Sandton
const SENTINEL_SANDTON = 'Sentinel AV over IP Sandton'; // ndi, cctv, alarms; covers Pretoria
const EAGLE_EYE_MIDRAND = 'Eagle Eye AV over IP Midrand'; // ndi; covers Pretoria
const LINKUP_CENTURION = 'Linkup CCTV Centurion'; // cctv, network, ndi; covers Pretoria
const BEACON_SOWETO = 'Beacon Networks Soweto'; // network; covers Pretoria
const CLEARVIEW_BENONI = 'Clearview CCTV Benoni'; // cctv, alarms, access; covers Pretoria
const TRUSTED_CAPE_TOWN = 'Trusted Alarms Cape Town'; // alarms
const PINNACLE_PAARL = 'Pinnacle Alarms Paarl'; // alarms, cctv, network; covers Cape Town
const APEX_KNYSNA = 'Apex CCTV Knysna'; // cctv; covers Cape Town
const HERMANUS = 'Secure Alarms Hermanus'; // alarms; covers Cape Town
const SHIELD_BALLITO = 'Shield CCTV Ballito'; // cctv; covers Durban
const LADYSMITH = 'Clearview Networks Ladysmith'; // network; covers Durban
const RICHARDS_BAY = 'Secure CCTV Richards Bay'; // cctv, alarms, access; covers Durban
const VIGILANT_PE = 'Vigilant Access Control Port Elizabeth'; // access, ndi, alarms
const MTHATHA = 'Fortress Networks Mthatha'; // network; covers Port Elizabeth
const BEACON_BLOEM = 'Beacon Networks Bloemfontein'; // network, access, wifi
const BEACON_WELKOM = 'Beacon CCTV Welkom'; // cctv, ndi, alarms; covers Bloemfontein
// Not approved: never listed, whatever the query.
const MAKHANDA_UNAPPROVED = 'Clearview CCTV Makhanda';
const DURBAN_UNAPPROVED = 'Eagle Eye CCTV Durban';

const CASES: SearchCase[] = [
  // Two words: a service and a place.
  {
    query: 'cctv pretoria',
    kind: 'service and town',
    must: [JACARANDA, LINKUP_CENTURION, CLEARVIEW_BENONI, SENTINEL_SANDTON],
    mustNot: [SIGNAL_WIFI_JHB, BEACON_SOWETO, APEX_KNYSNA, UMGENI, HIGHVELD],
  },
  {
    query: 'CCTV, Pretoria!',
    kind: 'capitals and punctuation',
    must: [JACARANDA, LINKUP_CENTURION],
    mustNot: [SIGNAL_WIFI_JHB, APEX_KNYSNA],
  },
  {
    query: 'cctv,pretoria',
    kind: 'a comma and no space',
    must: [JACARANDA, LINKUP_CENTURION],
    mustNot: [SIGNAL_WIFI_JHB, APEX_KNYSNA],
  },
  {
    query: '📷 cctv pretoria',
    kind: 'an emoji beside the words',
    must: [JACARANDA, LINKUP_CENTURION],
    mustNot: [SIGNAL_WIFI_JHB, APEX_KNYSNA],
  },
  {
    query: 'cctv durban',
    kind: 'service and town',
    must: [UMGENI, SHIELD_BALLITO, RICHARDS_BAY],
    mustNot: [LADYSMITH, HIGHVELD, DURBAN_UNAPPROVED],
  },
  {
    query: 'alarms cape town',
    kind: 'service and two-word town',
    must: [TRUSTED_CAPE_TOWN, PINNACLE_PAARL, HERMANUS],
    mustNot: [LIONS_HEAD, ALGOA, APEX_KNYSNA],
  },
  {
    query: 'wifi bloemfontein',
    kind: 'service and town',
    must: [ROSESTAD, BEACON_BLOEM],
    mustNot: [BEACON_WELKOM, SIGNAL_WIFI_JHB],
  },
  {
    query: 'wi-fi sandton',
    kind: 'hyphenated service and suburb',
    must: [SIGNAL_WIFI_JHB],
    mustNot: [SENTINEL_SANDTON, HIGHVELD, ROSESTAD],
  },
  {
    query: 'alarms hatfield',
    kind: "service and suburb: the city's providers serve it",
    must: [JACARANDA],
    mustNot: [TRUSTED_CAPE_TOWN, ALGOA, HIGHVELD],
  },
  {
    query: 'alarm walmer',
    kind: "service and suburb: the city's providers serve it",
    must: [ALGOA, VIGILANT_PE],
    mustNot: [JACARANDA, MTHATHA],
  },
  {
    query: 'gate motor port elizabeth',
    kind: 'two-word synonym and two-word town',
    must: [VIGILANT_PE],
    mustNot: [ALGOA, MTHATHA, JACARANDA],
  },
  // Synonyms of the services.
  {
    query: 'camera',
    kind: 'synonym',
    must: [HIGHVELD, UMGENI, APEX_KNYSNA],
    mustNot: [ROSESTAD, TRUSTED_CAPE_TOWN, BEACON_SOWETO],
  },
  {
    query: 'surveillance',
    kind: 'synonym',
    must: [HIGHVELD, UMGENI, APEX_KNYSNA, JACARANDA],
    mustNot: [ROSESTAD, LIONS_HEAD, TRUSTED_CAPE_TOWN],
  },
  {
    query: 'alarm',
    kind: 'singular of a service',
    must: [ALGOA, TRUSTED_CAPE_TOWN, HIGHVELD],
    mustNot: [ROSESTAD, SIGNAL_WIFI_JHB, BEACON_SOWETO],
  },
  {
    query: 'armed response',
    kind: 'two-word synonym',
    must: [ALGOA, TRUSTED_CAPE_TOWN, HERMANUS],
    mustNot: [LIONS_HEAD, BEACON_SOWETO, ROSESTAD],
  },
  {
    query: 'electric fence',
    kind: 'two-word synonym',
    must: [ALGOA, HERMANUS],
    mustNot: [ROSESTAD, LADYSMITH],
  },
  {
    query: 'intercom',
    kind: 'synonym',
    must: [JACARANDA, HIGHVELD, VIGILANT_PE, BEACON_BLOEM],
    mustNot: [ALGOA, LIONS_HEAD, TRUSTED_CAPE_TOWN],
  },
  {
    query: 'gate motor',
    kind: 'two-word synonym',
    must: [JACARANDA, HIGHVELD, VIGILANT_PE],
    mustNot: [ALGOA, UMGENI],
  },
  {
    query: 'biometric',
    kind: 'synonym',
    must: [JACARANDA, CLEARVIEW_BENONI],
    mustNot: [ROSESTAD, TRUSTED_CAPE_TOWN],
  },
  {
    query: 'turnstile',
    kind: 'synonym',
    must: [JACARANDA, RICHARDS_BAY],
    mustNot: [LIONS_HEAD, SHIELD_BALLITO],
  },
  {
    query: 'cabling',
    kind: 'synonym',
    must: [ROSESTAD, LIONS_HEAD, BEACON_SOWETO],
    mustNot: [ALGOA, TRUSTED_CAPE_TOWN, APEX_KNYSNA],
  },
  {
    query: 'fibre',
    kind: 'synonym',
    must: [ROSESTAD, BEACON_SOWETO, LADYSMITH],
    mustNot: [TRUSTED_CAPE_TOWN, HERMANUS, APEX_KNYSNA],
  },
  {
    query: 'LAN',
    kind: 'short synonym, exact only',
    must: [ROSESTAD, BEACON_SOWETO],
    mustNot: [TRUSTED_CAPE_TOWN, APEX_KNYSNA, SIGNAL_WIFI_JHB],
  },
  {
    query: 'server rack',
    kind: 'two-word synonym',
    must: [ROSESTAD, MTHATHA],
    mustNot: [ALGOA, SHIELD_BALLITO],
  },
  {
    query: 'router',
    kind: 'synonym',
    must: [SIGNAL_WIFI_JHB, ROSESTAD, UMGENI],
    mustNot: [ALGOA, APEX_KNYSNA, BEACON_SOWETO],
  },
  {
    query: 'mesh',
    kind: 'synonym',
    must: [SIGNAL_WIFI_JHB, UMGENI],
    mustNot: [JACARANDA, TRUSTED_CAPE_TOWN],
  },
  {
    query: 'hotspot',
    kind: 'synonym',
    must: [UMGENI, BEACON_BLOEM],
    mustNot: [HIGHVELD, LADYSMITH],
  },
  {
    query: 'streaming',
    kind: 'synonym',
    must: [LIONS_HEAD, EAGLE_EYE_MIDRAND, VIGILANT_PE],
    mustNot: [ROSESTAD, ALGOA, SIGNAL_WIFI_JHB],
  },
  {
    query: 'video over IP',
    kind: 'three-word synonym',
    must: [LIONS_HEAD, EAGLE_EYE_MIDRAND, SENTINEL_SANDTON],
    mustNot: [ROSESTAD, ALGOA],
  },
  {
    query: 'broadcast',
    kind: 'synonym',
    must: [LIONS_HEAD, BEACON_WELKOM],
    mustNot: [HIGHVELD, UMGENI],
  },
  // Places by their other names.
  {
    query: 'Gqeberha',
    kind: 'other name of a town',
    must: [VIGILANT_PE, ALGOA, MTHATHA],
    mustNot: [JACARANDA, UMGENI, LIONS_HEAD],
  },
  {
    query: 'Port Elizabeth',
    kind: 'two-word town',
    must: [VIGILANT_PE, ALGOA, MTHATHA],
    mustNot: [JACARANDA, UMGENI],
  },
  {
    query: 'Nelson Mandela Bay',
    kind: 'three-word other name',
    must: [VIGILANT_PE, ALGOA, MTHATHA],
    mustNot: [LIONS_HEAD, HIGHVELD],
  },
  {
    query: 'Tshwane',
    kind: 'other name of a town',
    must: [JACARANDA, SIGNAL_WIFI_JHB, BEACON_SOWETO],
    mustNot: [LIONS_HEAD, ALGOA, UMGENI],
  },
  {
    query: 'eThekwini',
    kind: 'other name of a town',
    must: [UMGENI, SHIELD_BALLITO, LADYSMITH],
    mustNot: [HIGHVELD, LIONS_HEAD, DURBAN_UNAPPROVED],
  },
  {
    query: 'Kaapstad',
    kind: 'other name of a town',
    must: [LIONS_HEAD, TRUSTED_CAPE_TOWN, APEX_KNYSNA],
    mustNot: [HIGHVELD, UMGENI],
  },
  {
    query: 'Joburg',
    kind: 'other name of a town',
    must: [HIGHVELD, SIGNAL_WIFI_JHB, LINKUP_CENTURION],
    mustNot: [LIONS_HEAD, UMGENI, ALGOA],
  },
  {
    query: 'Grahamstown',
    kind: 'other name of a town whose only provider is not approved',
    must: [],
    mustNot: [MAKHANDA_UNAPPROVED],
  },
  // Small typos.
  {
    query: 'Johannesbrug',
    kind: 'typo in a town',
    must: [HIGHVELD, SIGNAL_WIFI_JHB],
    mustNot: [LIONS_HEAD, UMGENI, ALGOA],
  },
  {
    query: 'Pretorai',
    kind: 'typo in a town',
    must: [JACARANDA, LINKUP_CENTURION],
    mustNot: [LIONS_HEAD, ALGOA],
  },
  {
    query: 'Durbn',
    kind: 'typo in a town',
    must: [UMGENI, SHIELD_BALLITO],
    mustNot: [HIGHVELD, JACARANDA],
  },
  {
    query: 'cctc',
    kind: 'typo in a service',
    must: [HIGHVELD, UMGENI, APEX_KNYSNA],
    mustNot: [ROSESTAD, TRUSTED_CAPE_TOWN, BEACON_SOWETO],
  },
  {
    query: 'survelance',
    kind: 'typo in a synonym',
    must: [HIGHVELD, UMGENI, APEX_KNYSNA],
    mustNot: [ROSESTAD, LIONS_HEAD],
  },
  {
    query: 'Higveld',
    kind: "typo in a provider's name",
    must: [HIGHVELD],
    mustNot: [JACARANDA, SIGNAL_WIFI_JHB],
  },
  {
    query: 'cctc pretorai',
    kind: 'two typos',
    must: [JACARANDA, LINKUP_CENTURION],
    mustNot: [SIGNAL_WIFI_JHB, APEX_KNYSNA],
  },
  // The provider's own words.
  {
    query: 'Highveld Secure',
    kind: 'name',
    must: [HIGHVELD],
    mustNot: [JACARANDA, SIGNAL_WIFI_JHB],
  },
  {
    query: 'Umgeni',
    kind: 'name',
    must: [UMGENI],
    mustNot: [SHIELD_BALLITO, HIGHVELD],
  },
  {
    query: 'Hikvision',
    kind: 'specialty',
    must: [HIGHVELD, APEX_KNYSNA],
    mustNot: [ROSESTAD, LIONS_HEAD],
  },
  {
    query: 'guesthouses',
    kind: 'description',
    must: [UMGENI],
    mustNot: [HIGHVELD, ROSESTAD],
  },
  {
    query: 'KwaZulu-Natal',
    kind: 'province',
    must: [UMGENI, SHIELD_BALLITO],
    mustNot: [HIGHVELD, LIONS_HEAD],
  },
  // Nothing matches.
  { query: 'plumber', kind: 'no such service', must: [], mustNot: [HIGHVELD, JACARANDA] },
  {
    query: 'plumber pretoria',
    kind: 'every word must match',
    must: [],
    mustNot: [JACARANDA, LINKUP_CENTURION],
  },
  { query: 'hairdresser', kind: 'no such service', must: [], mustNot: [UMGENI] },
  { query: 'cctv atlantis', kind: 'a town nobody serves', must: [], mustNot: [APEX_KNYSNA] },
  { query: '!!!', kind: 'punctuation alone', must: [], mustNot: [HIGHVELD] },
];

describe('search on the sample data', () => {
  let allNames: string[];
  beforeAll(async () => {
    await api.database.reset();
    await seedDatabase(api.database.db);
    allNames = (
      await api.database.db.select({ name: serviceProviders.name }).from(serviceProviders)
    ).map((row) => row.name);
  });

  it('holds at least 40 queries, each naming providers of the sample data', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
    for (const { must, mustNot } of CASES) {
      for (const name of [...must, ...mustNot]) expect(allNames).toContain(name);
    }
  });

  it.each(CASES)('"$query" ($kind)', async ({ query, must, mustNot }) => {
    const { names, total } = await listProviders(api, { search: query, limit: 100 });
    expect(total).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(must));
    for (const name of mustNot) expect(names).not.toContain(name);
    if (must.length === 0) expect(names).toEqual([]);
  });

  it.each([
    ['Durban', 'durban'],
    ['eThekwini', 'durban'],
    ['Pretoria', 'pretoria'],
    ['Tshwane', 'pretoria'],
    ['Gqeberha', 'port-elizabeth'],
    ['Cape Town', 'cape-town'],
  ])('"%s" in the box gives what the location filter %s gives', async (search, location) => {
    const bySearch = await listProviders(api, { search, limit: 100 });
    const byFilter = await listProviders(api, { location, limit: 100 });
    expect(byFilter.total).toBeGreaterThan(1);
    // The same providers; the search puts those named for the place first.
    expect([...bySearch.names].sort()).toEqual([...byFilter.names].sort());
    expect(bySearch.total).toBe(byFilter.total);
  });

  it('puts providers named for the service first ("cctv pretoria")', async () => {
    const { names } = await listProviders(api, { search: 'cctv pretoria', limit: 100 });
    const named = names.filter((name) => /cctv/i.test(name));
    expect(named.length).toBeGreaterThan(0);
    expect(names.slice(0, named.length)).toEqual(named);
  });

  it('pages a search without overlap or gaps', async () => {
    const whole = await listProviders(api, { search: 'pretoria', limit: 100 });
    const pages: string[] = [];
    for (let offset = 0; offset < whole.total; offset += 4) {
      const { names, total } = await listProviders(api, { search: 'pretoria', limit: 4, offset });
      expect(total).toBe(whole.total);
      pages.push(...names);
    }
    expect(pages).toEqual(whole.names);
  });
});

describe('search relevance', () => {
  beforeEach(() => api.database.reset());

  /**
   * A typo's match, a match in other words and a match in the name, each of which would
   * come first in the listing's usual order were it not for relevance, are listed
   * name first, then other words, then the typo's.
   */
  async function expectRankedByRelevance(
    search: string,
    texts: { typo: string; words: string; name: string },
  ) {
    const db = api.database.db;
    const typo = await insertProvider(db, {
      name: 'Delta Premium',
      description: texts.typo,
      isPremium: true,
      isVerified: true,
      rating: '5.0',
    });
    const words = await insertProvider(db, {
      name: 'Charlie Verified',
      description: texts.words,
      isVerified: true,
      rating: '4.0',
    });
    const named = await insertProvider(db, {
      name: texts.name,
      description: 'Plain words.',
      rating: '1.0',
    });
    await insertProvider(db, { name: 'Other', description: 'Nothing alike.' });
    const { providers } = await listProviders(api, { search });
    expect(providers.map((p) => p.id)).toEqual([named.id, words.id, typo.id]);
  }

  it('orders name above service above other words above typos, then the usual order', () =>
    expectRankedByRelevance('kraal', {
      typo: 'Roofs and a kraai on the wall.',
      words: 'Gates for every kraal in the district.',
      name: 'Kraal Security',
    }));

  // 'kraalt' is no provider's word: it matches 'kraal' as a typo, and 'kraaltech' holds it.
  it('scores a word no provider uses by the texts that hold it inside a longer word', () =>
    expectRankedByRelevance('kraalt', {
      typo: 'Gates for every kraal in the district.',
      words: 'Kraaltech gate motors.',
      name: 'Kraaltech Security',
    }));

  it("reads a word the providers use as that word, not as a misspelt place ('waterproof' is not Waterkloof)", async () => {
    const db = api.database.db;
    const waterproof = await insertProvider(db, {
      name: 'Alpha Domes',
      description: 'Waterproof camera housings.',
    });
    const inWaterkloof = await insertProvider(db, {
      name: 'Bravo Gates',
      description: 'Gate motors.',
      location: 'Pretoria',
      coverageAreas: ['Waterkloof'],
    });
    const { providers } = await listProviders(api, { search: 'waterproof' });
    expect(providers.map((p) => p.id)).toEqual([waterproof.id]);
    // Misspelt, with no provider using the word, it is still read as the suburb.
    const { providers: near } = await listProviders(api, { search: 'Waterklof' });
    expect(near.map((p) => p.id)).toEqual([inWaterkloof.id]);
  });

  it('finds providers by the suburbs they cover, Summerstrand and Menlyn included', async () => {
    const db = api.database.db;
    const summerstrand = await insertProvider(db, {
      name: 'Bravo Gates',
      services: ['alarms'],
      location: 'Port Elizabeth',
      coverageAreas: ['Summerstrand'],
    });
    const menlyn = await insertProvider(db, {
      name: 'Charlie Domes',
      services: ['cctv'],
      location: 'Pretoria',
      coverageAreas: ['Menlyn'],
    });
    const alarms = await listProviders(api, { search: 'alarm summerstrand' });
    expect(alarms.providers.map((p) => p.id)).toEqual([summerstrand.id]);
    const cameras = await listProviders(api, { search: 'cameras Menlyn' });
    expect(cameras.providers.map((p) => p.id)).toEqual([menlyn.id]);
  });

  it('puts a provider offering the named service above one merely mentioning it', async () => {
    const db = api.database.db;
    const mentions = await insertProvider(db, {
      name: 'Alpha',
      services: ['network'],
      description: 'We run cable for a router now and then.',
      isPremium: true,
      isVerified: true,
    });
    const offers = await insertProvider(db, {
      name: 'Bravo',
      services: ['wifi'],
      description: 'Homes and offices.',
    });
    const { providers } = await listProviders(api, { search: 'router' });
    expect(providers.map((p) => p.id)).toEqual([offers.id, mentions.id]);
  });

  it('keeps the chosen order for "Highest rated": the search only filters', async () => {
    const db = api.database.db;
    const named = await insertProvider(db, { name: 'Kraal Security', rating: '3.0' });
    const words = await insertProvider(db, {
      name: 'Other',
      description: 'Kraal gates.',
      rating: '4.5',
    });
    const { providers } = await listProviders(api, { search: 'kraal', sort: 'rated' });
    expect(providers.map((p) => p.id)).toEqual([words.id, named.id]);
  });
});

describe('search input that must not break the listing', () => {
  beforeEach(() => api.database.reset());

  it.each([
    '!!!',
    '%',
    '_',
    '\\',
    '(',
    '[a-z]*',
    '.*',
    '\\m',
    "o'neil",
    '"quoted"',
    '-- ;',
    '🙂',
    'ß straße',
    'a b c d e f g h i j k l m n o p q r s t',
  ])('%s answers 200', async (search) => {
    await insertProvider(api.database.db, { name: 'Plain Alarms' });
    const response = await api.get(`/api/providers?search=${encodeURIComponent(search)}`);
    expect(response.status).toBe(200);
    expect(Array.isArray(await response.json())).toBe(true);
  });

  it.each(['!!!', '...', '?!', '*'])('%s (punctuation alone) finds nothing', async (search) => {
    await insertProvider(api.database.db, { name: 'Plain Alarms' });
    const response = await api.get(`/api/providers?search=${encodeURIComponent(search)}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
  });

  it('answers 200 to 300 random queries of words, punctuation and symbols', async () => {
    await insertProvider(api.database.db, { name: 'Plain Alarms' });
    const pieces = [
      'cctv',
      'cape',
      'town',
      'pretorai',
      'a',
      ' ',
      '  ',
      '%',
      '_',
      '\\',
      '(',
      ')',
      '[',
      ']',
      '*',
      '+',
      '?',
      '.',
      '^',
      '$',
      '|',
      '{',
      '}',
      "'",
      '"',
      '-',
      '~',
      '\\m',
      'é',
      'ß',
      '🙂',
      '&',
      '#',
      ':',
      ';',
      ',',
      '/',
      '<',
      '>',
      '=',
      '!',
    ];
    let state = 42;
    const next = () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state;
    };
    for (let i = 0; i < 300; i++) {
      const length = 1 + (next() % 12);
      const search = Array.from({ length }, () => pieces[next() % pieces.length]).join('');
      const response = await api.get(`/api/providers?search=${encodeURIComponent(search)}`);
      expect([search, response.status]).toEqual([
        search,
        search.trim().length > MAX_SEARCH_LENGTH ? 400 : 200,
      ]);
    }
  });

  it(`refuses a search longer than ${MAX_SEARCH_LENGTH} characters with 400`, async () => {
    const long = 'cctv '.repeat(30);
    const response = await api.get(`/api/providers?search=${encodeURIComponent(long)}`);
    expect(response.status).toBe(400);
  });

  it(`reads a search of exactly ${MAX_SEARCH_LENGTH} characters`, async () => {
    await insertProvider(api.database.db, { name: 'Plain Alarms', services: ['alarms', 'cctv'] });
    const search = `${'alarm '.repeat(16)}cctv`;
    expect(search).toHaveLength(MAX_SEARCH_LENGTH);
    const response = await api.get(`/api/providers?search=${encodeURIComponent(search)}`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { name: string }[]).map((p) => p.name)).toEqual([
      'Plain Alarms',
    ]);
  });
});
