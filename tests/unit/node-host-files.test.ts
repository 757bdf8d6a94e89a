/**
 * The Node host's built files (hosts/node/site.ts, static-files.ts), through its Hono app
 * on a small dist/ of its own: the addresses a page answers at, what never leaves dist/,
 * and gzip from the bytes kept in memory.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../../hosts/node/site.ts';
import { staticFiles } from '../../hosts/node/static-files.ts';
import type { App } from '../../src/api/app.ts';

const PAGE = `<!doctype html><title>About</title>${'<p>Verified installers.</p>'.repeat(100)}`;
const PROVIDERS = Array.from({ length: 24 }, (_, id) => ({ id, name: `Installer ${id}` }));
const STYLES = `body{margin:0}${'.card{padding:1rem}'.repeat(100)}`;
let dist: string;
let site: Hono;

beforeAll(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'vp-node-host-'));
  mkdirSync(path.join(dist, '_astro'));
  mkdirSync(path.join(dist, 'services'));
  writeFileSync(path.join(dist, 'about.html'), PAGE);
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Home</title>');
  writeFileSync(path.join(dist, 'services', 'index.html'), PAGE);
  writeFileSync(path.join(dist, '404.html'), '<!doctype html><title>Page Not Found</title>');
  writeFileSync(path.join(dist, '_astro', 'site.css'), STYLES);
  writeFileSync(path.join(dist, '_astro', 'photo.png'), Buffer.alloc(4096, 7));
  // A file beside dist/, which no address may reach.
  writeFileSync(path.join(dist, '..', `${path.basename(dist)}-secret.txt`), 'secret');
  const api = new Hono()
    .get('/api/providers', (c) => c.json(PROVIDERS))
    .all('*', (c) => c.json({ api: true }));
  site = createSite({
    api: api as unknown as App,
    distDir: dist,
    rules: { redirects: [], headers: [] },
  });
});

afterAll(() => {
  rmSync(dist, { recursive: true, force: true });
  rmSync(path.join(dist, '..', `${path.basename(dist)}-secret.txt`), { force: true });
});

const get = (address: string, headers: Record<string, string> = {}, method = 'GET') =>
  site.request(address, { method, headers });

describe('the Node host serves dist/', () => {
  it('answers a page built as about.html at /about, and redirects /about/ there', async () => {
    const page = await get('/about');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toBe(PAGE);
    const slash = await get('/about/?from=menu');
    expect(slash.status).toBe(301);
    expect(slash.headers.get('location')).toBe('/about?from=menu');
    expect(await (await get('/')).text()).toContain('<title>Home</title>');
    expect(await (await get('/services')).text()).toBe(PAGE);
  });

  it('answers 404 with the built 404 page for what dist/ does not hold, or lies outside it', async () => {
    for (const address of [
      '/nothing-here',
      `/../${path.basename(dist)}-secret.txt`,
      `/%2e%2e/${path.basename(dist)}-secret.txt`,
      `/..%2f${path.basename(dist)}-secret.txt`,
      `/%2e%2e%5c${path.basename(dist)}-secret.txt`,
      `/_astro/..%2f..%2f${path.basename(dist)}-secret.txt`,
      '/%E0%A4%A',
      '/_astro',
    ]) {
      const answer = await get(address);
      expect(answer.status, address).toBe(404);
      expect(await answer.text(), address).toContain('Page Not Found');
    }
  });

  it('sends text gzipped to a client that accepts it, and as it is to one that does not', async () => {
    const zipped = await get('/_astro/site.css', { 'Accept-Encoding': 'gzip, br' });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toContain('Accept-Encoding');
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(Number(zipped.headers.get('content-length'))).toBe(bytes.byteLength);
    expect(bytes.byteLength).toBeLessThan(STYLES.length / 4);
    expect(gunzipSync(bytes).toString()).toBe(STYLES);

    for (const refusal of [
      {},
      { 'Accept-Encoding': 'identity' },
      { 'Accept-Encoding': 'gzip;q=0' },
    ]) {
      const plain = await get('/_astro/site.css', refusal);
      expect(plain.headers.get('content-encoding'), JSON.stringify(refusal)).toBeNull();
      expect(await plain.text()).toBe(STYLES);
    }
  });

  it('sends pictures and small files as they are', async () => {
    const photo = await get('/_astro/photo.png', { 'Accept-Encoding': 'gzip' });
    expect(photo.headers.get('content-type')).toBe('image/png');
    expect(photo.headers.get('content-encoding')).toBeNull();
    expect((await photo.arrayBuffer()).byteLength).toBe(4096);
    const small = await get('/', { 'Accept-Encoding': 'gzip' });
    expect(small.headers.get('content-encoding')).toBeNull();
  });

  it('answers HEAD with the headers and no body', async () => {
    const head = await get('/about', { 'Accept-Encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-encoding')).toBe('gzip');
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0);
    expect(await head.text()).toBe('');
  });

  it('keeps a file once read, the most recently asked for first, within its budget', async () => {
    const files = staticFiles(dist);
    const styles = await files.find('/_astro/site.css');
    expect(styles?.gzipped).toBeDefined();
    expect(await files.find('/_astro/site.css')).toBe(styles);
    // A budget of one stylesheet: the page read after it takes its place.
    const small = staticFiles(dist, STYLES.length + (styles?.gzipped?.byteLength ?? 0));
    const first = await small.find('/_astro/site.css');
    expect(await small.find('/_astro/site.css')).toBe(first);
    await small.find('/about');
    await new Promise((resolve) => setImmediate(resolve));
    const again = await small.find('/_astro/site.css');
    expect(again).not.toBe(first);
    expect(again?.bytes).toEqual(first?.bytes);
  });

  it('finds nothing outside dist/, nor a file gone since the start, nor any file without a build', async () => {
    const files = staticFiles(dist);
    for (const address of [
      `../${path.basename(dist)}-secret.txt`,
      '/../../etc/passwd',
      '\\..\\x',
    ]) {
      expect(await files.find(address), address).toBeUndefined();
    }
    const gone = path.join(dist, 'gone.html');
    writeFileSync(gone, PAGE);
    const listed = staticFiles(dist);
    rmSync(gone);
    expect(await listed.find('/gone')).toBeUndefined();
    expect((await get('/gone')).status).toBe(404);

    const unbuilt = createSite({
      api: new Hono().all('*', (c) => c.json({ api: true })) as unknown as App,
      distDir: path.join(dist, 'not-built'),
      rules: { redirects: [], headers: [] },
    });
    expect((await unbuilt.request('/about')).status).toBe(404);
    expect(await (await unbuilt.request('/api/health')).json()).toEqual({ api: true });
  });

  it('hands /api/* to the API app, its JSON gzipped to a client that accepts it', async () => {
    expect(await (await get('/api/health')).json()).toEqual({ api: true });
    const zipped = await get('/api/providers', { 'Accept-Encoding': 'gzip' });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(JSON.parse(gunzipSync(bytes).toString())).toEqual(PROVIDERS);
    expect(await (await get('/api/providers')).json()).toEqual(PROVIDERS);
  });
});
