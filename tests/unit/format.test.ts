import { describe, expect, it } from 'vitest';
import { formatDay } from '../../src/lib/calendar-days.ts';
import {
  formatDate,
  formatDistance,
  formatRand,
  formatRating,
  starFills,
  verificationRate,
} from '../../src/lib/format.ts';

describe('formatRand', () => {
  it.each([0, 7, 80, 500, 999, 1000, 1500, 5800, 12_345, 999_999, 1_000_000, 1_234_567.6, 99.5])(
    'writes R%d as en-ZA does',
    (amount) => {
      const intl = new Intl.NumberFormat('en-ZA', { maximumFractionDigits: 0 }).format(amount);
      expect(formatRand(amount)).toBe(`R${intl}`);
    },
  );

  it('separates thousands with a no-break space', () => {
    expect(formatRand(1500)).toBe('R1\u00a0500');
  });
});

describe('the other display rules', () => {
  it('writes the verification rate with one decimal, or 100% with no providers', () => {
    expect(verificationRate(1, 3)).toBe('33.3%');
    expect(verificationRate(0, 0)).toBe('100%');
  });

  it('writes distances to one decimal under 10 km, whole beyond', () => {
    expect(formatDistance(3.456)).toBe('3.5 km away');
    expect(formatDistance(12.6)).toBe('13 km away');
  });

  it('writes a rating with one decimal', () => {
    expect(formatRating('4.8')).toBe('4.8');
    expect(formatRating(4)).toBe('4.0');
  });
});

describe('dates as en-ZA writes them', () => {
  const days = Array.from({ length: 800 }, (_, i) => {
    const date = new Date(Date.UTC(2026, 0, 1 + i));
    return date.toISOString().slice(0, 10);
  });

  it('formatDay writes every day of two years as Intl does ("12 March 2026")', () => {
    for (const day of days) {
      const intl = new Date(`${day}T00:00:00Z`).toLocaleDateString('en-ZA', {
        timeZone: 'UTC',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
      });
      expect(formatDay(day)).toBe(intl);
    }
  });

  it('formatDate writes instants in the local time zone as Intl does ("05 Sept 2026")', () => {
    for (const day of days) {
      for (const time of ['00:30:00Z', '12:00:00Z', '23:30:00Z']) {
        const iso = `${day}T${time}`;
        const intl = new Date(iso).toLocaleDateString('en-ZA', {
          year: 'numeric',
          month: 'short',
          day: 'numeric',
        });
        expect(formatDate(iso)).toBe(intl);
      }
    }
  });
});

describe('starFills', () => {
  it.each([
    ['5.0', 'full full full full full'],
    ['4.8', 'full full full full full'],
    ['4.7', 'full full full full half'],
    ['4.5', 'full full full full half'],
    ['4.2', 'full full full full empty'],
    ['3.3', 'full full full half empty'],
    ['0.0', 'empty empty empty empty empty'],
  ])('draws %s as %s', (rating, fills) => {
    expect(starFills(rating).join(' ')).toBe(fills);
  });
});
