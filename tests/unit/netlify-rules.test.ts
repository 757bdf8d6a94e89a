import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allowConnectTo,
  headersFor,
  matchRedirect,
  readNetlifyRules,
  type HeaderRule,
  type NetlifyRules,
  type Redirect,
} from '../../hosts/node/netlify-rules.ts';

const REAL_TOML = new URL('../../netlify.toml', import.meta.url);

describe('readNetlifyRules on netlify.toml', () => {
  const rules = readNetlifyRules(REAL_TOML);
  const all = rules.headers.find((rule) => rule.for === '/*')?.values ?? {};
  const csp = all['Content-Security-Policy'] ?? '';

  it("has a '/*' header rule", () => {
    expect(rules.headers.some((rule) => rule.for === '/*')).toBe(true);
  });

  it("forbids framing with CSP frame-ancestors 'none'", () => {
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it("allows no 'unsafe-inline' or 'unsafe-eval' in the CSP", () => {
    expect(csp).not.toContain("'unsafe-inline'");
    expect(csp).not.toContain("'unsafe-eval'");
  });

  it('sets X-Content-Type-Options nosniff', () => {
    expect(all['X-Content-Type-Options']).toBe('nosniff');
  });

  it('sets Strict-Transport-Security', () => {
    expect(all['Strict-Transport-Security']).toMatch(/max-age=\d+/);
  });

  it('isolates pages: Cross-Origin-Opener-Policy and Cross-Origin-Resource-Policy same-origin', () => {
    expect(all['Cross-Origin-Opener-Policy']).toBe('same-origin');
    expect(all['Cross-Origin-Resource-Policy']).toBe('same-origin');
  });

  it('sets Referrer-Policy strict-origin-when-cross-origin', () => {
    expect(all['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
  });
});

describe('readNetlifyRules on a written file', () => {
  let dir: string;
  let rules: NetlifyRules;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'netlify-rules-'));
    const file = join(dir, 'netlify.toml');
    writeFileSync(
      file,
      `
[[redirects]]
  from = "/provider/*"
  to = "/provider/_/index.html"
  status = 200

[[redirects]]
  from = "/old/:slug"
  to = "/new/:slug"
  status = 301
  force = true

[[redirects]]
  from = "/legacy"
  to = "/"

[[headers]]
  for = "/*"
  [headers.values]
    X-Frame-Options = "DENY"
    Content-Security-Policy = """
      default-src 'self';
      img-src 'self' data:"""
    Cache-Control = ["public", "max-age=60"]
`,
    );
    rules = readNetlifyRules(file);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    [
      'reads a splat rewrite with status 200',
      0,
      { from: '/provider/*', to: '/provider/_/index.html', status: 200, force: false },
    ],
    [
      'reads a placeholder redirect with status 301 and the force flag',
      1,
      { from: '/old/:slug', to: '/new/:slug', status: 301, force: true },
    ],
    [
      'defaults status to 301 and force to false',
      2,
      { from: '/legacy', to: '/', status: 301, force: false },
    ],
  ])('%s', (_rule, index, redirect) => {
    expect(rules.redirects[index]).toEqual(redirect);
  });

  it('reads header rules with their values', () => {
    expect(rules.headers).toHaveLength(1);
    expect(rules.headers[0]?.for).toBe('/*');
    expect(rules.headers[0]?.values['X-Frame-Options']).toBe('DENY');
  });

  it('folds a multi-line header value onto one line', () => {
    expect(rules.headers[0]?.values['Content-Security-Policy']).toBe(
      "default-src 'self'; img-src 'self' data:",
    );
  });

  it('joins a list header value with commas', () => {
    expect(rules.headers[0]?.values['Cache-Control']).toBe('public, max-age=60');
  });

  it('gives no rules for a file without redirects or headers', () => {
    const file = join(dir, 'empty.toml');
    writeFileSync(file, '[build]\n  publish = "dist"\n');
    expect(readNetlifyRules(file)).toEqual({ redirects: [], headers: [] });
  });
});

const redirect = (from: string, to: string, status = 301): Redirect => ({
  from,
  to,
  status,
  force: false,
});

describe('matchRedirect', () => {
  const redirects = [
    redirect('/provider/*', '/provider/_/index.html', 200),
    redirect('/old/:slug', '/new/:slug'),
    redirect('/blog/:year/:slug', '/posts/:slug?year=:year'),
    redirect('/files/*', '/static/:splat'),
  ];

  it('matches a splat and keeps the rule', () => {
    expect(matchRedirect(redirects, '/provider/123')).toEqual({
      from: '/provider/*',
      to: '/provider/_/index.html',
      status: 200,
      force: false,
    });
  });

  it('matches a splat over several segments', () => {
    expect(matchRedirect(redirects, '/provider/a/b/c')?.to).toBe('/provider/_/index.html');
  });

  it('fills :splat in the destination with what the splat matched', () => {
    expect(matchRedirect(redirects, '/files/docs/a.pdf')?.to).toBe('/static/docs/a.pdf');
  });

  it('fills a placeholder in the destination', () => {
    expect(matchRedirect(redirects, '/old/cape-town')?.to).toBe('/new/cape-town');
  });

  it('fills several placeholders', () => {
    expect(matchRedirect(redirects, '/blog/2024/hello')?.to).toBe('/posts/hello?year=2024');
  });

  it('does not let a placeholder span more than one segment', () => {
    expect(matchRedirect([redirect('/old/:slug', '/new/:slug')], '/old/a/b')).toBeUndefined();
  });

  it('answers undefined when nothing matches', () => {
    expect(matchRedirect(redirects, '/about')).toBeUndefined();
    expect(matchRedirect(redirects, '/providers')).toBeUndefined();
  });

  it('uses the first matching rule', () => {
    const rules = [redirect('/a/*', '/first'), redirect('/a/:x', '/second')];
    expect(matchRedirect(rules, '/a/b')?.to).toBe('/first');
  });

  it('matches literal dots literally', () => {
    const rules = [redirect('/feed.xml', '/rss.xml')];
    expect(matchRedirect(rules, '/feed.xml')?.to).toBe('/rss.xml');
    expect(matchRedirect(rules, '/feedxxml')).toBeUndefined();
  });
});

describe('headersFor', () => {
  const rules: HeaderRule[] = [
    { for: '/*', values: { 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' } },
    { for: '/_astro/*', values: { 'Cache-Control': 'public, max-age=31536000, immutable' } },
  ];

  it("applies '/*' to every path", () => {
    expect(headersFor(rules, '/')).toEqual({
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    });
    expect(headersFor(rules, '/providers/x')['X-Content-Type-Options']).toBe('nosniff');
  });

  it('lets a later matching rule win', () => {
    expect(headersFor(rules, '/_astro/app.js')).toEqual({
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    });
  });

  it("applies '/_astro/*' under /_astro/ at any depth", () => {
    expect(headersFor(rules, '/_astro/chunks/a.css')['Cache-Control']).toContain('immutable');
  });

  it("does not apply '/_astro/*' outside /_astro/", () => {
    expect(headersFor(rules, '/_astrox/app.js')['Cache-Control']).toBe('no-cache');
    expect(headersFor(rules, '/assets/_astro/app.js')['Cache-Control']).toBe('no-cache');
    expect(headersFor(rules, '/providers')['Cache-Control']).toBe('no-cache');
  });

  it('gives no headers when no rule matches', () => {
    expect(
      headersFor([{ for: '/admin/*', values: { 'X-Robots-Tag': 'noindex' } }], '/about'),
    ).toEqual({});
  });
});

describe('the redirects of netlify.toml', () => {
  it('sends /providers/{id} (the spec alternate reading) to /provider/{id} with 301', () => {
    const { redirects } = readNetlifyRules(REAL_TOML);
    expect(matchRedirect(redirects, '/providers/7')).toMatchObject({
      to: '/provider/7',
      status: 301,
    });
    expect(matchRedirect(redirects, '/providers')).toBeUndefined();
  });
});

describe('allowConnectTo', () => {
  it("adds the bucket's origin to connect-src of every policy, and nothing else", () => {
    const { headers } = allowConnectTo(readNetlifyRules(REAL_TOML), 'https://s3.example.co.za');
    const policy = headersFor(headers, '/join')['Content-Security-Policy'] ?? '';
    expect(policy).toContain("connect-src 'self' https://s3.example.co.za;");
    expect(policy).toContain("default-src 'self';");
    expect(headersFor(headers, '/join')['X-Content-Type-Options']).toBe('nosniff');
  });
});
