import { describe, expect, it } from 'vitest';
import { majorTowns } from '../../db/places/places-file.ts';
import type { CheckPlan } from '../../db/seed/check-records.ts';
import { generateProvider } from '../../db/seed/generate-providers.ts';
import { isServiceId } from '../../src/lib/catalog/categories.ts';

const COUNT = 200;
const TOWNS = majorTowns();
const providers = Array.from({ length: COUNT }, (_, index) => generateProvider(index));
const townByName = new Map(TOWNS.map((town) => [town.name, town]));
/** The plans whose records pass every required check, in date today. */
const VERIFIED_PLANS: readonly CheckPlan[] = ['verified', 'expiring'];

describe('generateProvider', () => {
  it('is deterministic: the same index gives a deep-equal provider', () => {
    expect(generateProvider(0)).toEqual(generateProvider(0));
    expect(generateProvider(137)).toEqual(generateProvider(137));
    expect(generateProvider(137)).toEqual(providers[137]);
  });

  it('gives different indexes different e-mail addresses', () => {
    expect(new Set(providers.map((provider) => provider.email)).size).toBe(COUNT);
  });

  it('offers 1 to 3 distinct, valid services', () => {
    for (const provider of providers) {
      expect(provider.services.length).toBeGreaterThanOrEqual(1);
      expect(provider.services.length).toBeLessThanOrEqual(3);
      expect(new Set(provider.services).size).toBe(provider.services.length);
      for (const service of provider.services) expect(isServiceId(service), service).toBe(true);
    }
  });

  it('is located in a major town, in that town’s province', () => {
    for (const provider of providers) {
      const town = townByName.get(provider.location);
      expect(town, provider.location).toBeDefined();
      expect(provider.province).toBe(town?.province);
    }
  });

  it('has 0 to 8 reviews of 1 to 5 stars, each with a name, a comment and one of its services', () => {
    for (const provider of providers) {
      expect(provider.reviews.length).toBeLessThanOrEqual(8);
      for (const review of provider.reviews) {
        expect(review.rating).toBeGreaterThanOrEqual(1);
        expect(review.rating).toBeLessThanOrEqual(5);
        expect(review.customerName).not.toBe('');
        expect(review.comment).not.toBe('');
        expect(provider.services).toContain(review.serviceType);
      }
    }
    // Some are new (no reviews yet), some have replies.
    expect(providers.some((provider) => provider.reviews.length === 0)).toBe(true);
    expect(providers.some((p) => p.reviews.some((review) => review.providerReply))).toBe(true);
  });

  it('has a +27 phone number with nine digits', () => {
    for (const provider of providers) expect(provider.phone).toMatch(/^\+27\d{9}$/);
  });

  it('is premium only when its checks make it verified', () => {
    for (const provider of providers) {
      if (provider.isPremium) expect(VERIFIED_PLANS).toContain(provider.checks);
    }
  });

  it('gives unapproved, premium and sole-trader providers, and every plan of checks a generated provider has, within the first 200 indexes', () => {
    expect(providers.some((provider) => !provider.isApproved)).toBe(true);
    expect(providers.some((provider) => provider.isPremium)).toBe(true);
    expect(providers.some((provider) => provider.legalForm === 'sole_trader')).toBe(true);
    expect(new Set(providers.map((provider) => provider.checks))).toEqual(
      new Set<CheckPlan>(['verified', 'expiring', 'pending', 'unchecked']),
    );
  });

  it('spreads the first 60 indexes over every major town', () => {
    expect(TOWNS).toHaveLength(60);
    expect(
      new Set(providers.slice(0, TOWNS.length).map((provider) => provider.location)).size,
    ).toBe(TOWNS.length);
  });
});
