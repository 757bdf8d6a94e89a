import { describe, expect, it } from 'vitest';
import { weeklyChange, weeklyChangeText } from '../../src/lib/weekly-change.ts';

const NOW = new Date('2026-11-23T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000);

describe('weeklyChange', () => {
  it('counts the last 7 days against the 7 days before, from the enquiries’ dates', () => {
    const items = [0.1, 1, 6.9, 7, 7.5, 13.9, 14, 30].map((d) => ({ createdAt: daysAgo(d) }));
    // 0.1, 1 and 6.9 days ago are this week; 7 (exactly a week), 7.5 and 13.9 the week
    // before; 14 and 30 are older.
    expect(weeklyChange(items, NOW)).toEqual({ thisWeek: 3, lastWeek: 3 });
  });

  it('reads dates given as text, as the API answers them', () => {
    expect(weeklyChange([{ createdAt: daysAgo(2).toISOString() }], NOW)).toEqual({
      thisWeek: 1,
      lastWeek: 0,
    });
  });

  it('says the real change', () => {
    expect(weeklyChangeText({ thisWeek: 5, lastWeek: 3 })).toBe(
      '5 received in the last 7 days, +2 from the week before',
    );
    expect(weeklyChangeText({ thisWeek: 1, lastWeek: 4 })).toBe(
      '1 received in the last 7 days, −3 from the week before',
    );
    expect(weeklyChangeText({ thisWeek: 0, lastWeek: 0 })).toBe(
      '0 received in the last 7 days, as many as the week before',
    );
  });
});
