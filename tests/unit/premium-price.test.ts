/**
 * Premium's price as the operator configures it (PUBLIC_PREMIUM_MONTHLY_PRICE,
 * src/lib/company.ts): whole rand a month, or unset; anything else stops the build.
 */
import { describe, expect, it } from 'vitest';
import { premiumPriceFrom } from '../../src/lib/company.ts';

describe('premiumPriceFrom', () => {
  it('reads whole rand, spaces allowed between the thousands', () => {
    expect(premiumPriceFrom({ PUBLIC_PREMIUM_MONTHLY_PRICE: '450' })).toBe(450);
    expect(premiumPriceFrom({ PUBLIC_PREMIUM_MONTHLY_PRICE: ' 1 250 ' })).toBe(1250);
    expect(premiumPriceFrom({ PUBLIC_PREMIUM_MONTHLY_PRICE: '0' })).toBe(0);
  });

  it('is undefined when unset or blank', () => {
    expect(premiumPriceFrom({})).toBeUndefined();
    expect(premiumPriceFrom({ PUBLIC_PREMIUM_MONTHLY_PRICE: '' })).toBeUndefined();
    expect(premiumPriceFrom({ PUBLIC_PREMIUM_MONTHLY_PRICE: '   ' })).toBeUndefined();
  });

  it.each(['R450', '450.00', '1,250', '-450', 'free', '12345678'])(
    'refuses %j, naming the variable',
    (value) => {
      expect(() => premiumPriceFrom({ PUBLIC_PREMIUM_MONTHLY_PRICE: value })).toThrow(
        /PUBLIC_PREMIUM_MONTHLY_PRICE must be Premium's price a month in whole rand/,
      );
    },
  );
});
