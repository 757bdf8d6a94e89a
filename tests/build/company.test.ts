/**
 * The company with a name: the built footer, /contact, /privacy,
 * /terms and the Organization JSON-LD carry the operating company's details as
 * configured for the build (PUBLIC_COMPANY_*, src/lib/company.ts); run in the build's
 * environment, as CI does. Unset details read "... not configured" and stay out of the
 * JSON-LD.
 */
import { describe, expect, it } from 'vitest';
import { readPage } from '../../scripts/built-site.ts';
import { companyFrom, type CompanyDetail } from '../../src/lib/company.ts';

const company = companyFrom(process.env);

/** The text of the element carrying data-company-detail="name" inside `html`. */
function detailTexts(html: string, detail: CompanyDetail): string[] {
  return [...html.matchAll(new RegExp(`data-company-detail="${detail}"[^>]*>([^<]*)<`, 'g'))].map(
    (match) =>
      (match[1] ?? '')
        .trim()
        .replace(/&amp;/g, '&')
        .replace(/&#39;|&#x27;/g, "'"),
  );
}

function organization(html: string): Record<string, unknown> {
  const json = /<script type="application\/ld\+json" data-organization>([\s\S]*?)<\/script>/.exec(
    html,
  )?.[1];
  if (json === undefined) throw new Error('no Organization JSON-LD');
  return JSON.parse(json) as Record<string, unknown>;
}

describe('the company in the built site', () => {
  it('the footer of every kind of page names the company as configured', () => {
    for (const route of ['', 'providers', 'about', 'contact']) {
      const html = readPage(route);
      const footer = /<footer[\s\S]*<\/footer>/.exec(html)?.[0] ?? '';
      for (const detail of [
        'legalName',
        'registrationNumber',
        'address',
        'phone',
        'email',
      ] as const) {
        expect(detailTexts(footer, detail), `${route} ${detail}`).toEqual([company.shown[detail]]);
      }
    }
  });

  it('/contact, /privacy and /terms give every detail, the information officer included', () => {
    for (const route of ['contact', 'privacy', 'terms']) {
      const main = /<main[\s\S]*<\/main>/.exec(readPage(route))?.[0] ?? '';
      for (const detail of Object.keys(company.shown) as CompanyDetail[]) {
        expect(detailTexts(main, detail), `${route} ${detail}`).toContain(company.shown[detail]);
      }
    }
  });

  it('the Organization JSON-LD carries what is configured and no placeholder', () => {
    const json = organization(readPage(''));
    const { configured } = company;
    expect(json['@type']).toBe('Organization');
    expect(json['legalName']).toBe(configured.legalName);
    expect(json['telephone']).toBe(configured.phone);
    expect(json['email']).toBe(configured.email);
    expect((json['address'] as { streetAddress?: string } | undefined)?.streetAddress).toBe(
      configured.address,
    );
    expect((json['identifier'] as { value?: string } | undefined)?.value).toBe(
      configured.registrationNumber,
    );
    expect(JSON.stringify(json)).not.toContain('not configured');
  });
});
