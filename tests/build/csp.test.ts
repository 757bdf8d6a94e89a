import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { headersFor, readNetlifyRules } from '../../hosts/node/netlify-rules.ts';
import { builtPages, DIST, inlineHashes, readPage } from '../../scripts/built-site.ts';

const csp = headersFor(
  readNetlifyRules(new URL('../../netlify.toml', import.meta.url)).headers,
  '/',
)['Content-Security-Policy'];

function directive(name: string): string[] {
  const found = csp
    ?.split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([n]) => n === name);
  return found?.slice(1) ?? [];
}

describe('the Content-Security-Policy of netlify.toml and the build', () => {
  it('has no unsafe keywords', () => {
    expect(csp).toBeDefined();
    expect(csp).not.toMatch(/unsafe-/);
  });

  it.each(builtPages().map((file) => [path.relative(DIST, file)]))(
    'allows every inline script and style of %s by its hash',
    (file) => {
      const { scripts, styles } = inlineHashes(readPage(path.join(DIST, file)));
      for (const hash of scripts) expect(directive('script-src')).toContain(hash);
      for (const hash of styles) expect(directive('style-src')).toContain(hash);
    },
  );
});
