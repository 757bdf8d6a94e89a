/**
 * Paid placement in the built site (docs/decisions/0039-paid-placement.md): /how-we-order
 * states Premium's price as configured for the build (PUBLIC_PREMIUM_MONTHLY_PRICE), or
 * that the operator sets it; built pages of Premium providers carry the label, and none
 * says "Premium" where the Verified badge stands. Run in the build's environment, as CI
 * does (as tests/build/company.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { SAMPLE_PROVIDERS } from '../../db/seed/sample-providers.ts';
import { readPage } from '../../scripts/built-site.ts';
import { premiumPriceFrom } from '../../src/lib/company.ts';
import { formatRand } from '../../src/lib/format.ts';

/** The text of the element with data-testid="premium-price", tags left out. */
function priceSentence(html: string): string {
  const element = /data-testid="premium-price"[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '';
  return element
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .trim();
}

describe('paid placement in the built site', () => {
  it("/how-we-order states Premium's price as configured, or that the operator sets it", () => {
    const price = premiumPriceFrom(process.env);
    const sentence = priceSentence(readPage('how-we-order'));
    if (price === undefined) {
      expect(sentence).toMatch(/^The price of Premium is set by .+ and is not published/);
    } else {
      expect(sentence).toMatch(
        new RegExp(`^Premium costs ${formatRand(price).replace(/\u00a0/g, ' ')} a month\\. `),
      );
    }
  });

  it('the built listing shows "Paid placement" on each Premium card, and no Premium badge', () => {
    const html = readPage('providers');
    const cards = html.split('data-testid="provider-card"').slice(1);
    expect(cards.length).toBeGreaterThan(0);
    let premium = 0;
    for (const card of cards) {
      const sample = SAMPLE_PROVIDERS.find((p) =>
        card.includes(`>${p.name.replace('&', '&amp;')}<`),
      );
      if (!sample) continue;
      expect(card.includes('data-testid="paid-placement"'), sample.name).toBe(sample.isPremium);
      if (sample.isPremium) premium++;
    }
    expect(premium).toBeGreaterThan(0);
    expect(html).not.toMatch(/>\s*Premium\s*</);
  });
});
