import { describe, expect, it } from 'vitest';
import { countedRating, RATED_PRIOR } from '../../src/lib/rated-order.ts';

describe('countedRating', () => {
  it('counts a rating as if it also had the prior’s reviews', () => {
    expect(countedRating(5, 2)).toBeCloseTo(25 / 7, 10);
    expect(countedRating(4.9, 9)).toBeCloseTo((44.1 + 15) / 14, 10);
    expect(countedRating(4.9, 9)).toBeGreaterThan(countedRating(5, 2));
  });

  it('is the prior’s stars without reviews, and nears the rating as reviews grow', () => {
    expect(countedRating(0, 0)).toBe(RATED_PRIOR.stars);
    expect(countedRating(1, 1)).toBeLessThan(countedRating(0, 0));
    expect(countedRating(4.5, 10_000)).toBeCloseTo(4.5, 2);
  });
});
