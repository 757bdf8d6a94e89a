/**
 * A built card's key (card-facts.ts) covers every fact the card states: the built listing
 * keeps its cards while the API's answer has the same keys (docs/decisions/0049), so a
 * fact the card shows without the key changing with it would stay stale on screen.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { cardFacts, stillAsBuilt } from '../../src/islands/providers/card-facts.ts';
import { ProviderCard } from '../../src/islands/providers/ProviderCard.tsx';
import type { Provider } from '../../src/lib/api-answers.ts';

const NOW = new Date('2026-11-28T10:00:00Z');

const provider: Provider = {
  id: 7,
  name: 'Jacaranda Access Control',
  description: 'Gates and intercoms',
  location: 'Pretoria',
  province: 'gauteng',
  latitude: '-25.7479',
  longitude: '28.2293',
  services: ['access', 'cctv', 'alarms', 'wifi'],
  profileImage: null,
  rating: '4.6',
  reviewCount: 12,
  isVerified: true,
  isPremium: false,
  isApproved: true,
  startingPrice: 1500,
  phone: '',
  email: '',
  website: null,
  coverageAreas: ['Centurion'],
  specialties: ['Gate motors'],
  yearsExperience: 9,
  businessHours: {},
  createdAt: '2024-03-01T08:00:00.000Z',
  workPhotos: [],
  responsiveness: { requests: 8, medianMinutes: 95, withinDayPercent: 88 },
};

/** A built card's markup without its key, which is what is compared here. */
const builtMarkup = (p: Provider) =>
  renderToStaticMarkup(createElement(ProviderCard, { provider: p, asBuilt: true })).replace(
    / data-card-facts="[^"]*"/,
    '',
  );

/** A value of the same type that differs from `value`. */
function changed(value: unknown): unknown {
  if (typeof value === 'number') return value + 1;
  if (typeof value === 'boolean') return !value;
  if (typeof value === 'string') return `${value}x`;
  if (value === null) return 'x';
  if (Array.isArray(value)) return [...(value as unknown[]), 'network'];
  return { ...(value as object), changed: true };
}

describe('cardFacts: the key of what a built card states', () => {
  const fields = Object.keys(provider) as (keyof Provider)[];

  it.each(fields)('changes when %s changes what the built card shows', (field) => {
    const other = { ...provider, [field]: changed(provider[field]) };
    if (builtMarkup(other) !== builtMarkup(provider)) {
      expect(cardFacts(other, NOW)).not.toBe(cardFacts(provider, NOW));
    }
  });

  it('does not change with the claims a built card leaves out (badge, responsiveness figures)', () => {
    const fresher = {
      ...provider,
      isVerified: false,
      responsiveness: { requests: 20, medianMinutes: 30, withinDayPercent: 95 },
    };
    expect(builtMarkup(fresher)).toBe(builtMarkup(provider));
    expect(cardFacts(fresher, NOW)).toBe(cardFacts(provider, NOW));
  });

  it('changes when "New" stops being true, though nothing in the answer changed', () => {
    const unreviewed = { ...provider, reviewCount: 0, createdAt: '2026-11-20T08:00:00.000Z' };
    const later = new Date('2027-06-01T10:00:00Z');
    expect(cardFacts(unreviewed, later)).not.toBe(cardFacts(unreviewed, NOW));
  });

  it('changes with the distance, the search match and the lines the responsiveness takes', () => {
    for (const other of [
      { ...provider, distanceKm: 4.2 },
      { ...provider, matchedBecause: ['Covers Durban'] },
      { ...provider, responsiveness: { ...provider.responsiveness, withinDayPercent: null } },
    ]) {
      expect(cardFacts(other, NOW)).not.toBe(cardFacts(provider, NOW));
    }
  });
});

describe('stillAsBuilt', () => {
  function builtCards(items: Provider[]): ParentNode {
    const keys = items.map((p) => cardFacts(p, NOW));
    return {
      querySelectorAll: () => keys.map((key) => ({ getAttribute: () => key })),
    } as unknown as ParentNode;
  }
  const second = { ...provider, id: 8, name: 'Umhlanga Alarms' };

  it('is true for the same cards in the same order', () => {
    expect(stillAsBuilt(builtCards([provider, second]), [provider, second], NOW)).toBe(true);
  });

  it('is false for another order, a card more or less, or a changed fact', () => {
    const root = builtCards([provider, second]);
    expect(stillAsBuilt(root, [second, provider], NOW)).toBe(false);
    expect(stillAsBuilt(root, [provider], NOW)).toBe(false);
    expect(stillAsBuilt(root, [provider, { ...second, rating: '4.1' }], NOW)).toBe(false);
  });
});
