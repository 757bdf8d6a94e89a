import { describe, expect, it } from 'vitest';
import { ReviewSchema, shortName } from '../../src/lib/schemas/reviews.ts';

describe('shortName', () => {
  it.each([
    ['Thandi Nkosi', 'Thandi N.'],
    ['  lerato   van der merwe ', 'lerato M.'],
    ['Sipho', 'Sipho'],
    ['', ''],
  ])('shows %j as %j', (full, short) => {
    expect(shortName(full)).toBe(short);
  });
});

describe('ReviewSchema', () => {
  const valid = { token: 'x'.repeat(40), rating: 5, comment: 'Quick and tidy work.' };

  it('takes a whole rating from 1 to 5 and a comment of 10 to 2000 characters', () => {
    expect(ReviewSchema.safeParse(valid).success).toBe(true);
    expect(ReviewSchema.safeParse({ ...valid, rating: 1 }).success).toBe(true);
    expect(ReviewSchema.safeParse({ ...valid, comment: 'x'.repeat(2000) }).success).toBe(true);
  });

  it.each([
    [{ rating: 0 }],
    [{ rating: 6 }],
    [{ rating: 4.5 }],
    [{ rating: '5' }],
    [{ comment: 'Too short' }],
    [{ comment: 'x'.repeat(2001) }],
    [{ token: 'short' }],
  ])('refuses %j', (change) => {
    expect(ReviewSchema.safeParse({ ...valid, ...change }).success).toBe(false);
  });
});
