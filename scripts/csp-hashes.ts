/**
 * `node scripts/csp-hashes.ts`: the hashes of the inline scripts and styles in dist/
 * (Astro's island runtime and hydration directives), for netlify.toml's
 * Content-Security-Policy. tests/build/csp.test.ts fails when one is missing.
 */
import { builtPages, inlineHashes, readPage } from './built-site.ts';

const scripts = new Set<string>();
const styles = new Set<string>();
for (const page of builtPages()) {
  const found = inlineHashes(readPage(page));
  found.scripts.forEach((h) => scripts.add(h));
  found.styles.forEach((h) => styles.add(h));
}
console.log(`script-src 'self' ${[...scripts].sort().join(' ')}`);
console.log(`style-src 'self' ${[...styles].sort().join(' ')}`);
