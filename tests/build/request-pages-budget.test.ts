/**
 * The JavaScript budgets of a request's own pages (docs/decisions/0050), in gzipped bytes
 * as size-budget.test.ts counts them: what loads at first, not the chunks behind a
 * dynamic import() (the request form, the conversation).
 *
 * - /request/new (one request to several providers): 90 KB, a public page's budget.
 * - /request (the status page, opened from a mail): 90 KB, a public page's budget too. It
 *   hydrates at once with the request and its timeline, without a query library or zod;
 *   the cancel form, the quotes and the conversation load after it (docs/decisions/0049).
 */
import { describe, expect, it } from 'vitest';
import { gzippedBytes, pageScripts, readPage } from '../../scripts/built-site.ts';

const KB = 1024;
const BUDGETS = [
  { page: '/request/new', javascript: 90 * KB },
  { page: '/request', javascript: 90 * KB },
] as const;

describe("the request pages' JavaScript", () => {
  it.each(BUDGETS)('$page loads at most its budget (gzipped)', ({ page, javascript }) => {
    const bytes = gzippedBytes(pageScripts(readPage(page)));
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(javascript);
  });
});
