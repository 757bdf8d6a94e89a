/**
 * Claims that are true: no built page says that every provider is
 * verified or background-checked, or shows a figure written by hand (the spec's '500+',
 * '100%', '98%'); figures come from /api/stats when the page is read. The provider pages
 * are built before any check can expire, so they carry no badge and no check: both come
 * from the API's answer (tests/e2e/verification.spec.ts).
 */
import { describe, expect, it } from 'vitest';
import { builtProviderIds, readPage } from '../../scripts/built-site.ts';
import { describeEveryBuiltPage } from '../helpers/built-pages.ts';

/** What a page shows: the body, without its scripts, tags and the JSON of islands' props. */
function visibleText(html: string): string {
  const body = /<body[\s\S]*<\/body>/.exec(html)?.[0] ?? html;
  return body
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;|&apos;/g, "'")
    .replace(/\s+/g, ' ');
}

const FALSE_CLAIMS = [
  /all (our )?providers are/i,
  /every provider (listed|on|passes|is)/i,
  /background[- ](verified|checked)/i,
  /\b500\+/,
  /\b98%/,
  /100% background/i,
  /quality guaranteed/i,
  /24\/7/,
  // Said of every provider by the spec's price note; no provider's data says so.
  /free consultation/i,
  /Verified (CCTV|Alarm|Access|Network|Wi-Fi|NDI)[^.]{0,40} providers/,
];

describeEveryBuiltPage(
  'claims of the built pages',
  '%s makes no claim the data does not back',
  (html) => {
    const text = visibleText(html);
    for (const claim of FALSE_CLAIMS) expect(text).not.toMatch(claim);
  },
);

describe('built provider pages', () => {
  const ids = builtProviderIds();

  it.each(ids.slice(0, 60))(
    '/provider/%s shows no badge and no check until the API answers',
    (id) => {
      const html = readPage(`/provider/${id}`);
      expect(html).not.toMatch(/>\s*(Verified|Premium)\s*</);
      expect(html).not.toMatch(/Checked \d{1,2} [A-Z][a-z]+ \d{4}/);
      expect(html).toMatch(/aria-label="Loading the provider(&#x27;|&#39;|')s checks"/);
    },
  );
});
