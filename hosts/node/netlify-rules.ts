/**
 * The rewrites and headers of netlify.toml, read so the Node host applies exactly what
 * Netlify's CDN applies: one source of truth for both hosts.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';

export interface Redirect {
  from: string;
  to: string;
  status: number;
  force: boolean;
}

export interface HeaderRule {
  for: string;
  values: Record<string, string>;
}

export interface NetlifyRules {
  redirects: Redirect[];
  headers: HeaderRule[];
}

export function readNetlifyRules(file: string | URL): NetlifyRules {
  const config = parse(readFileSync(file, 'utf8')) as {
    redirects?: { from: string; to: string; status?: number; force?: boolean }[];
    headers?: { for: string; values: Record<string, string | string[]> }[];
  };
  return {
    redirects: (config.redirects ?? []).map((r) => ({
      from: r.from,
      to: r.to,
      status: r.status ?? 301,
      force: r.force ?? false,
    })),
    headers: (config.headers ?? []).map((h) => ({
      for: h.for,
      values: Object.fromEntries(
        Object.entries(h.values).map(([k, v]) => [
          k,
          Array.isArray(v) ? v.join(', ') : v.replace(/\s*\n\s*/g, ' ').trim(),
        ]),
      ),
    })),
  };
}

function patternToRegExp(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((part) => {
      if (part === '*') return '(?<splat>.*)';
      if (part.startsWith(':')) return `(?<${part.slice(1)}>[^/]+)`;
      return part.replace(/[.+?^${}()|[\]\\*]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source.replace(/\/\(\?<splat>\.\*\)$/, '(?:/(?<splat>.*))?')}/?$`);
}

/** The destination of the first redirect whose `from` matches the path, placeholders filled. */
export function matchRedirect(redirects: readonly Redirect[], pathname: string) {
  for (const redirect of redirects) {
    const match = patternToRegExp(redirect.from).exec(pathname);
    if (!match) continue;
    const groups = match.groups ?? {};
    const to = redirect.to.replace(/:([a-z]+)/gi, (_, name: string) => groups[name] ?? '');
    return { ...redirect, to };
  }
  return undefined;
}

/** Every header whose `for` pattern matches the path, later rules winning. */
export function headersFor(rules: readonly HeaderRule[], pathname: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const rule of rules) {
    if (patternToRegExp(rule.for).test(pathname)) Object.assign(result, rule.values);
  }
  return result;
}

/**
 * The rules with `origin` added to every Content-Security-Policy's connect-src: the
 * browser sends uploads straight to an S3 bucket there.
 */
export function allowConnectTo(rules: NetlifyRules, origin: string): NetlifyRules {
  const widen = (policy: string) =>
    policy.replace(
      /connect-src ([^;]*)/,
      (_, sources: string) => `connect-src ${sources} ${origin}`,
    );
  return {
    ...rules,
    headers: rules.headers.map((rule) => ({
      ...rule,
      values: Object.fromEntries(
        Object.entries(rule.values).map(([name, value]) => [
          name,
          name.toLowerCase() === 'content-security-policy' ? widen(value) : value,
        ]),
      ),
    })),
  };
}
