/**
 * The flash ad link rule (src/lib/flash-ad-link.ts) against the database's own line
 * (flash_ads_link_url_check, db/schema.ts): whatever the rule accepts, the check
 * accepts too, so a link the form lets through is never refused by the database; and
 * nothing it accepts leaves this site except an https address.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { flashAdLinkProblem, isExternalLink } from '../../src/lib/flash-ad-link.ts';

/** flash_ads_link_url_check: `link_url ~* '^(/([a-z0-9#?]|$)|https://)'`. */
const DATABASE_CHECK = /^(\/([a-z0-9#?]|$)|https:\/\/)/i;

const SITE = 'https://site.invalid';

/** Strings near the edge: slashes, backslashes, schemes, spaces and control characters. */
const linkLike = fc
  .array(
    fc.constantFrom(
      '/',
      '\\',
      '//',
      'https://',
      'http://',
      'javascript:',
      'data:',
      'evil.com',
      'example.co.za',
      'providers',
      '?serviceType=cctv',
      '#top',
      '@',
      ':',
      ' ',
      '\t',
      '\n',
      '\u0000',
      '%2F',
      '.',
      '-',
    ),
    { maxLength: 6 },
  )
  .map((parts) => parts.join(''));

describe('flashAdLinkProblem', () => {
  it('accepts only what the database check accepts, and leaves this site only over https', () => {
    fc.assert(
      fc.property(fc.oneof(linkLike, fc.string()), (link) => {
        if (flashAdLinkProblem(link) !== null) return;
        expect(link).toMatch(DATABASE_CHECK);
        const url = new URL(link, SITE);
        if (url.origin !== SITE) {
          expect(isExternalLink(link)).toBe(true);
          expect(url.protocol).toBe('https:');
        }
      }),
      { numRuns: 2000, seed: 20_261_123 },
    );
  });

  it.each(['javascript:alert(1)', '//evil.com', '/\\evil.com', 'http://example.co.za', ' /x'])(
    'refuses %j',
    (link) => {
      expect(flashAdLinkProblem(link)).not.toBeNull();
    },
  );

  it.each(['/', '/providers?serviceType=cctv', '/#top', 'https://www.psira.co.za/'])(
    'accepts %j',
    (link) => {
      expect(flashAdLinkProblem(link)).toBeNull();
    },
  );
});
