import { describe, expect, it } from 'vitest';
import {
  normaliseWebsite,
  PROFILE_LIMITS,
  PROFILE_MESSAGES,
  ProviderProfileSchema,
} from '../../src/lib/schemas/provider-dashboard.ts';

describe('normaliseWebsite', () => {
  it.each([
    ['https://www.example.co.za', 'https://www.example.co.za'],
    ['https://www.example.co.za/', 'https://www.example.co.za'],
    ['  www.Example.CO.ZA ', 'https://www.example.co.za'],
    ['example.co.za:8443/shop', 'https://example.co.za:8443/shop'],
    ['HTTPS://Example.co.za/About/?a=1#team', 'https://example.co.za/About/?a=1#team'],
  ])('keeps %s as %s', (text, website) => {
    expect(normaliseWebsite(text)).toBe(website);
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT://example.co.za/%0aalert(1)',
    'data:text/html,hi',
    'vbscript:msgbox(1)',
    'http://www.example.co.za',
    'ftp://example.co.za',
    'https://me:secret@example.co.za',
    'https://localhost',
    'https://exa mple.co.za',
    '',
  ])('refuses %s', (text) => {
    expect(normaliseWebsite(text)).toBeUndefined();
  });
});

describe('ProviderProfileSchema lists', () => {
  const field = ProviderProfileSchema.shape;

  it('keeps one of each town, however it is written, in order', () => {
    expect(field.coverageAreas.parse([' Durban', 'durban', 'Cape Town', 'CAPE-TOWN'])).toEqual([
      'Durban',
      'Cape Town',
    ]);
  });

  it('keeps one of each specialty, on one line', () => {
    expect(field.specialties.parse(['Gate\n motors', 'gate motors', ' CCTV '])).toEqual([
      'Gate motors',
      'CCTV',
    ]);
  });

  it('limits the counts', () => {
    const towns = Array.from({ length: PROFILE_LIMITS.coverageAreas + 1 }, (_, i) => `T${i}`);
    expect(field.coverageAreas.safeParse(towns).error?.issues[0]?.message).toBe(
      PROFILE_MESSAGES.coverageMax,
    );
    expect(field.coverageAreas.safeParse(towns.slice(1)).success).toBe(true);
  });

  it('says the price in rand', () => {
    expect(PROFILE_MESSAGES.priceMax).toMatch(/^The starting price must be at most R1\s000\s000$/);
  });
});
