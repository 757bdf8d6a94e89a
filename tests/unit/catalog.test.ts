import { describe, expect, it } from 'vitest';
import { majorTowns } from '../../db/places/places-file.ts';
import { SAMPLE_PROVIDERS } from '../../db/seed/sample-providers.ts';
import { SERVICE_CATEGORIES, SERVICE_IDS } from '../../src/lib/catalog/categories.ts';
import {
  BUDGETS,
  BUDGET_VALUES,
  DEFAULT_BUSINESS_HOURS,
  URGENCIES,
  URGENCY_VALUES,
} from '../../src/lib/catalog/enquiry-options.ts';
import { PROVINCE_IDS } from '../../src/lib/catalog/provinces.ts';
import { townValue } from '../../src/lib/catalog/town-value.ts';
import { DEFAULT_TOWN_VALUES } from '../../src/lib/geo.ts';

/** The major towns of the places data (decision 0033). */
const TOWNS = majorTowns();
const townByName = new Map(TOWNS.map((town) => [town.name, town]));

describe('the major towns', () => {
  it('are exactly 60 towns', () => {
    expect(TOWNS).toHaveLength(60);
  });

  it('cover all nine provinces', () => {
    expect(PROVINCE_IDS).toHaveLength(9);
    expect(new Set(TOWNS.map((town) => town.province))).toEqual(new Set(PROVINCE_IDS));
  });

  it('have unique values', () => {
    expect(new Set(TOWNS.map((town) => town.value)).size).toBe(TOWNS.length);
  });

  it('have unique names', () => {
    expect(new Set(TOWNS.map((town) => town.name)).size).toBe(TOWNS.length);
  });

  it('gives every town the value townValue(name)', () => {
    for (const town of TOWNS) expect(town.value, town.name).toBe(townValue(town.name));
  });

  it("places every town inside South Africa's bounding box (lat -35..-22, lng 16..33)", () => {
    for (const town of TOWNS) {
      expect(town.latitude, town.name).toBeGreaterThanOrEqual(-35);
      expect(town.latitude, town.name).toBeLessThanOrEqual(-22);
      expect(town.longitude, town.name).toBeGreaterThanOrEqual(16);
      expect(town.longitude, town.name).toBeLessThanOrEqual(33);
    }
  });
});

describe('townValue', () => {
  it('lower-cases and hyphenates a name', () => {
    expect(townValue('Cape Town')).toBe('cape-town');
  });

  it('trims and collapses runs of spaces into one hyphen', () => {
    expect(townValue('  Port  Elizabeth ')).toBe('port-elizabeth');
  });

  it('keeps a hyphenated name as one hyphen', () => {
    expect(townValue('Bela-Bela')).toBe('bela-bela');
  });
});

describe('SERVICE_CATEGORIES', () => {
  it('are the six categories of the spec, with their ids, names and slugs, in order', () => {
    expect(SERVICE_CATEGORIES.map(({ id, name, slug }) => ({ id, name, slug }))).toEqual([
      { id: 'cctv', name: 'CCTV Installations & Repairs', slug: 'cctv-installations-repairs' },
      { id: 'alarms', name: 'Alarm Systems', slug: 'alarm-systems' },
      { id: 'access', name: 'Access Control', slug: 'access-control' },
      { id: 'network', name: 'Network Infrastructure', slug: 'network-infrastructure' },
      { id: 'wifi', name: 'Wi-Fi & Internet Solutions', slug: 'wifi-internet-solutions' },
      { id: 'ndi', name: 'NDI Networks', slug: 'ndi-networks' },
    ]);
  });

  it('list the same ids as SERVICE_IDS', () => {
    expect(SERVICE_CATEGORIES.map((category) => category.id)).toEqual([...SERVICE_IDS]);
  });

  it('each have a non-trivial description', () => {
    for (const category of SERVICE_CATEGORIES) {
      expect(category.description.trim().length, category.id).toBeGreaterThan(40);
    }
  });
});

describe('enquiry options', () => {
  it('offer the budgets of the spec, in order', () => {
    const expected = [
      'under-1000',
      '1000-5000',
      '5000-10000',
      '10000-25000',
      '25000-plus',
      'flexible',
    ];
    expect(BUDGETS.map((budget) => budget.value)).toEqual(expected);
    expect(BUDGET_VALUES).toEqual(expected);
  });

  it('offer the urgencies of the spec, in order', () => {
    expect(URGENCIES.map((urgency) => urgency.value)).toEqual(['low', 'medium', 'high', 'urgent']);
    expect(URGENCY_VALUES).toEqual(['low', 'medium', 'high', 'urgent']);
  });
});

describe('DEFAULT_BUSINESS_HOURS', () => {
  it("are '8:00 AM - 5:00 PM' Monday to Friday", () => {
    for (const day of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const) {
      expect(DEFAULT_BUSINESS_HOURS[day], day).toBe('8:00 AM - 5:00 PM');
    }
  });

  it("are '9:00 AM - 1:00 PM' on Saturday", () => {
    expect(DEFAULT_BUSINESS_HOURS.saturday).toBe('9:00 AM - 1:00 PM');
  });

  it("are 'Closed' on Sunday", () => {
    expect(DEFAULT_BUSINESS_HOURS.sunday).toBe('Closed');
  });
});

describe('SAMPLE_PROVIDERS', () => {
  it('are six providers', () => {
    expect(SAMPLE_PROVIDERS).toHaveLength(6);
  });

  it('are one in each of the six default towns', () => {
    const values = SAMPLE_PROVIDERS.map((provider) => townValue(provider.location));
    expect([...values].sort()).toEqual([...DEFAULT_TOWN_VALUES].sort());
  });

  it('have a location that is the name of a major town, in that town’s province', () => {
    for (const provider of SAMPLE_PROVIDERS) {
      const town = townByName.get(provider.location);
      expect(town, provider.location).toBeDefined();
      expect(provider.province, provider.name).toBe(town?.province);
    }
  });

  it('have coverage areas that are all names of major towns', () => {
    for (const provider of SAMPLE_PROVIDERS) {
      for (const area of provider.coverageAreas) expect(townByName.has(area), area).toBe(true);
    }
  });

  it('cover all six services between them', () => {
    expect(new Set(SAMPLE_PROVIDERS.flatMap((provider) => provider.services))).toEqual(
      new Set(SERVICE_IDS),
    );
  });

  it('have South African phone numbers (+27 or 0 followed by 9 digits)', () => {
    for (const provider of SAMPLE_PROVIDERS) expect(provider.phone).toMatch(/^(\+27|0)\d{9}$/);
  });

  it("are 'Closed' on Sunday", () => {
    for (const provider of SAMPLE_PROVIDERS)
      expect(provider.businessHours.sunday, provider.name).toBe('Closed');
  });
});
