/**
 * The listing in the first paint and a page for each service in each town with providers,
 * as built in dist/: the cards are in the HTML before any
 * JavaScript runs, without the providers' contact details (decision 0011), and every
 * service-in-town page is in the sitemap with its JSON-LD.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SAMPLE_PROVIDERS } from '../../db/seed/sample-providers.ts';
import { DIST, builtNames, readPage } from '../../scripts/built-site.ts';
import { SERVICE_CATEGORIES } from '../../src/lib/catalog/categories.ts';
import { PROVIDER_PAGE_SIZE } from '../../src/lib/listing-limits.ts';

const sitemap = readFileSync(path.join(DIST, 'sitemap-0.xml'), 'utf8');
const sitemapPaths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
  (match) => new URL(match[1]!).pathname,
);
const townPages = SERVICE_CATEGORIES.flatMap((category) =>
  builtNames(`services/${category.slug}`).map((town) => `/services/${category.slug}/${town}`),
);
const cardsIn = (html: string) => html.match(/data-testid="provider-card"/g)?.length ?? 0;

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
    .flatMap((match) => JSON.parse(match[1]!) as unknown)
    .flat() as Record<string, unknown>[];
}

function expectNoContactDetails(html: string) {
  const page = html.replace(/<footer[\s\S]*<\/footer>/, '');
  for (const provider of SAMPLE_PROVIDERS) {
    expect(page).not.toContain(provider.phone);
    expect(page).not.toContain(provider.email);
  }
}

describe('the listing in the first paint', () => {
  it.each(['/providers', ...SERVICE_CATEGORIES.map((c) => `/services/${c.slug}`)])(
    '%s carries its first page of providers in the HTML, without contact details, count or badges',
    (route) => {
      const html = readPage(route);
      expect(cardsIn(html)).toBeGreaterThan(0);
      expect(cardsIn(html)).toBeLessThanOrEqual(PROVIDER_PAGE_SIZE);
      expect(html).not.toContain('data-testid="provider-skeleton"');
      expectNoContactDetails(html);
      // True on the build's day only: they come with the API's answer (decision 0029).
      expect(html).not.toMatch(/Showing \d+ provider\(s\)/);
      expect(html).not.toMatch(/>(Verified|Premium|Not verified)<\/span>/);
      expect(html).not.toContain('data-testid="responsiveness"');
    },
  );
});

describe('a page for each service in each town with providers', () => {
  it('were built, and each is in the sitemap', () => {
    expect(townPages.length).toBeGreaterThan(20);
    for (const route of townPages) expect(sitemapPaths).toContain(route);
  });

  it('CCTV in Pretoria names its service and town, lists providers and links nearby towns', () => {
    const html = readPage('/services/cctv-installations-repairs/pretoria');
    expect(html).toMatch(/<h1[^>]*>CCTV Installations &amp; Repairs in Pretoria<\/h1>/);
    expect(cardsIn(html)).toBeGreaterThan(0);
    expect(html).toContain('Jacaranda Access Control');
    expect(html).toMatch(/href="\/services\/cctv-installations-repairs\/centurion"/);
    expectNoContactDetails(html);
    const [list, breadcrumbs] = jsonLd(html).filter((d) => d['@type'] !== 'Organization');
    expect(list?.['@type']).toBe('ItemList');
    const items = list?.['itemListElement'] as { item: { '@type': string; name: string } }[];
    expect(items.length).toBe(cardsIn(html));
    expect(items.map((i) => i.item['@type'])).toEqual(items.map(() => 'LocalBusiness'));
    expect(items.map((i) => i.item.name)).toContain('Jacaranda Access Control');
    expect(breadcrumbs?.['@type']).toBe('BreadcrumbList');
  });

  it('each category page links its towns', () => {
    const html = readPage('/services/cctv-installations-repairs');
    expect(html).toMatch(/href="\/services\/cctv-installations-repairs\/pretoria"/);
  });
});
