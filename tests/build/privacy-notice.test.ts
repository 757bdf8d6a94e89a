/**
 * The privacy notice states the retention periods the retention job applies, from the
 * same schedule (src/lib/retention.ts, docs/decisions/0052).
 */
import { expect, it } from 'vitest';
import { readPage } from '../../scripts/built-site.ts';
import { periodInWords, RETENTION } from '../../src/lib/retention.ts';

it.each(Object.entries(RETENTION))('/privacy states the period of %s', (_, period) => {
  const text = readPage('/privacy')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;|&rsquo;/g, '’')
    .replace(/\s+/g, ' ');
  expect(text).toContain(period.record);
  expect(text).toContain(`${periodInWords(period.days)} after ${period.from}`);
});

it('links the privacy centre', () => {
  expect(readPage('/privacy')).toContain('href="/privacy/my-data"');
});
