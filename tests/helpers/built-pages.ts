/**
 * A rule that every page of the built site (dist/) must keep: one test a page, named by
 * its path, after a test that the pages were found at all, since a check of no pages
 * passes by checking nothing.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtPages, readPage } from '../../scripts/built-site.ts';

export function describeEveryBuiltPage(
  title: string,
  /** The test's name, `%s` standing for the page's path under dist/. */
  name: string,
  check: (html: string) => void,
): void {
  const pages = builtPages();

  describe(title, () => {
    it('found the built pages', () => {
      expect(pages.length).toBeGreaterThan(10);
    });

    it.each(pages.map((file) => [path.relative('dist', file), file]))(name, (_name, file) => {
      check(readPage(file));
    });
  });
}
