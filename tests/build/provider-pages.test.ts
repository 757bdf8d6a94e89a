/**
 * A built provider page outlives the listing it was built from: a provider removed after
 * the build must not keep its phone number and e-mail address on the page. They are left
 * out of the HTML and come from the API.
 */
import { describe, expect, it } from 'vitest';
import { SAMPLE_PROVIDERS } from '../../db/seed/sample-providers.ts';
import { builtProviderIds, readPage } from '../../scripts/built-site.ts';

const pages = builtProviderIds();

describe('built provider pages', () => {
  it('were built', () => {
    expect(pages.length).toBeGreaterThan(0);
  });

  it.each(pages.slice(0, 60))('/provider/%s carries no phone number or e-mail address', (id) => {
    // The operating company's own phone and e-mail (footer, Organization JSON-LD) are on
    // every page; the provider's are what must stay out.
    const html = readPage(`/provider/${id}`)
      .replace(/<footer[\s\S]*<\/footer>/, '')
      .replace(/<script type="application\/ld\+json" data-organization>[\s\S]*?<\/script>/, '');
    expect(html).not.toMatch(/href="(tel|mailto):/);
    expect(html).not.toMatch(/"telephone"|"email"\s*:\s*"[^"]/);
    for (const provider of SAMPLE_PROVIDERS) {
      expect(html).not.toContain(provider.phone);
      expect(html).not.toContain(provider.email);
    }
  });
});
