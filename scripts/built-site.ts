/**
 * Reading the built site in dist/ (the build runs before these tests): pages, their
 * inline scripts and styles, and the JavaScript and CSS each page loads.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const DIST = path.resolve(import.meta.dirname, '../dist');

export function builtPages(dir = DIST): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return builtPages(full);
    return entry.name.endsWith('.html') ? [full] : [];
  });
}

/**
 * The file of a built page: pages are built as files (`/about` -> about.html, `/` ->
 * index.html; docs/decisions/0047-addresses-without-a-trailing-slash.md).
 */
export function pageFile(route: string): string {
  const name = route.replace(/^\/+|\/+$/g, '');
  return path.join(DIST, `${name === '' ? 'index' : name}.html`);
}

/** The pages built in a folder of dist/, by name: `builtNames('provider')` -> ['1', '2', ...]. */
export function builtNames(folder: string): string[] {
  const dir = path.join(DIST, folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => entry.name.slice(0, -'.html'.length));
}

/** The ids of the built provider pages (/provider/{id}). */
export const builtProviderIds = () => builtNames('provider').filter((name) => /^\d+$/.test(name));

export function readPage(route: string): string {
  const file = route.endsWith('.html') ? route : pageFile(route);
  if (!existsSync(file)) throw new Error(`No built page for ${route}; run the build first`);
  return readFileSync(file, 'utf8');
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** CSP source expressions ('sha256-...') of the inline <script> and <style> elements of a page. */
export function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .filter((m) => !/type="application\/(ld\+)?json"/.test(m[0]))
    .map((m) => sha256(m[1] ?? ''));
  const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) =>
    sha256(m[1] ?? ''),
  );
  return { scripts, styles };
}

function assetPath(url: string): string {
  return path.join(DIST, url.split('?')[0] ?? url);
}

/**
 * Every JavaScript file a page loads at first: module scripts, island components and
 * renderers, and what they import statically. Chunks behind a dynamic import() load
 * only when needed and are not counted.
 */
export function pageScripts(html: string): string[] {
  const entries = [
    ...[...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1] ?? ''),
    ...[...html.matchAll(/\b(?:component-url|renderer-url|before-hydration-url)="([^"]+)"/g)].map(
      (m) => m[1] ?? '',
    ),
  ].filter((url) => url.startsWith('/'));
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !existsSync(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    // Static imports only (`import"./x.js"`, `from"./x.js"`); `import("./x.js")` is lazy.
    for (const m of source.matchAll(/(?:\bimport|\bfrom)\s*["']([^"']+\.js)["']/g)) {
      const spec = m[1];
      if (spec?.startsWith('.')) visit(path.resolve(path.dirname(file), spec));
    }
  };
  for (const url of entries) visit(assetPath(url));
  return [...seen];
}

export function pageStylesheets(html: string): string[] {
  return [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) =>
    assetPath(m[1] ?? ''),
  );
}

export function gzippedBytes(files: string[]): number {
  return files.reduce((sum, file) => sum + gzipSync(readFileSync(file)).length, 0);
}
