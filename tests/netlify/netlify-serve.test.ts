/**
 * The production host: `netlify serve --offline` runs the netlify.toml build (migrate +
 * astro build), bundles netlify/functions/api.mts and serves both as Netlify would.
 * On the PostgreSQL server when TEST_DATABASE_URL is set, else on embedded PGlite.
 * It runs in a copy of the project (its sources, with the checkout's node_modules), so
 * its build and Netlify's work folder (.netlify) stay apart from the checkout's: the
 * browser tests read the checkout's dist/, and netlify dev runs in the checkout meanwhile.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signSession } from '../../src/api/auth/sessions.ts';
import { formatCents } from '../../src/lib/quotes.ts';
import { validEnquiryBody } from '../helpers/builders.ts';
import { quoteBody } from '../helpers/quote-fixtures.ts';
import { copyOfProject } from './dev-process.ts';

const PORT = 4555;
const base = `http://127.0.0.1:${PORT}`;
const serverUrl = process.env.TEST_DATABASE_URL;
const SESSION_SECRET = 'netlify-test-session-secret-0123456789abcdef';
const databaseName = `vp_netlify_${randomBytes(4).toString('hex')}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'vp-netlify-'));
let project: string | undefined;
let child: ChildProcess | undefined;

let output = '';

async function onServer(sql: string) {
  if (!serverUrl) return;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

async function waitForHealth(deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (child?.exitCode !== null) throw new Error(`netlify serve exited:\n${output}`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`netlify serve did not answer in time:\n${output}`);
}

beforeAll(async () => {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    BROWSER: 'none',
    // Production (a DATABASE_URL) requires the session key.
    SESSION_SECRET,
    // Production requires the site's address (README: deploy on Netlify).
    SITE_URL: `http://localhost:${PORT}`,
    // netlify serve builds in the production context, which names its operator (decision
    // 0043), as a deploy's environment must.
    PUBLIC_COMPANY_LEGAL_NAME: 'Sample Operator (Pty) Ltd',
    PUBLIC_COMPANY_ADDRESS: '1 Sample Street, Cape Town, 8001',
    PUBLIC_COMPANY_EMAIL: 'hello@example.org',
  };
  delete env.DATABASE_URL;
  if (serverUrl) {
    await onServer(`CREATE DATABASE ${databaseName}`);
    const url = new URL(serverUrl);
    url.pathname = `/${databaseName}`;
    env.DATABASE_URL = url.toString();
    // A production database starts empty; the sample data gives the build provider pages
    // to serve (the embedded default is seeded by the build itself).
    execFileSync(process.execPath, ['scripts/seed.ts'], { env, stdio: 'ignore' });
  } else {
    env.DATA_DIR = dataDir;
  }
  project = copyOfProject();
  child = spawn('netlify', ['serve', '--offline', '--port', String(PORT)], {
    cwd: project,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitForHealth(Date.now() + 200_000);
});

afterAll(async () => {
  if (child?.pid && child.exitCode === null) {
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
  await onServer(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  rmSync(dataDir, { recursive: true, force: true });
  if (project) rmSync(project, { recursive: true, force: true });
});

it('serves the built home page with the security headers of netlify.toml', async () => {
  const response = await fetch(`${base}/`);
  expect(response.status).toBe(200);
  expect(await response.text()).toContain('Search by service or location...');
  expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
});

it('answers /api/health and /api/providers through the function', async () => {
  const health = await fetch(`${base}/api/health`);
  expect(health.status).toBe(200);
  expect(await health.json()).toEqual({ status: 'ok', database: 'up' });

  const providers = await fetch(`${base}/api/providers?serviceType=laser`);
  expect(providers.status).toBe(400);
  expect(((await providers.json()) as { message: string }).message).toContain('serviceType');
});

it('answers an unknown path with the 404 page', async () => {
  const response = await fetch(`${base}/no-such-page`);
  expect(response.status).toBe(404);
  expect(await response.text()).toContain('Page Not Found');
});

it('serves a built provider page, and answers an id without a provider with 404', async () => {
  const built = await fetch(`${base}/provider/1`);
  expect(built.status).toBe(200);
  expect(await built.text()).toContain('Highveld Secure Systems');

  // netlify/functions/provider-page.mts, which asks the API (decision 0047).
  const unknown = await fetch(`${base}/provider/9999`);
  expect(unknown.status).toBe(404);
  expect(await unknown.text()).toContain('Provider Not Found');
  expect(unknown.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
});

it("answers a quote's PDF through the function, pdfkit's standard fonts included", async () => {
  const provider = (await (await fetch(`${base}/api/providers/1`)).json()) as {
    id: number;
    services: string[];
  };
  const sent = await fetch(`${base}/api/enquiries`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(validEnquiryBody(provider.id, { serviceType: provider.services[0] })),
  });
  expect(sent.status, await sent.clone().text()).toBe(201);
  const { id: enquiryId } = (await sent.json()) as { id: number };

  const session = await signSession(new TextEncoder().encode(SESSION_SECRET), {
    role: 'provider',
    accountId: provider.id,
    version: 0,
  });
  const headers = { authorization: `Bearer ${session}`, 'content-type': 'application/json' };
  const quoted = await fetch(`${base}/api/provider/enquiries/${enquiryId}/quotes`, {
    method: 'POST',
    headers,
    body: JSON.stringify(quoteBody()),
  });
  expect(quoted.status, await quoted.clone().text()).toBe(201);
  const quote = (await quoted.json()) as { id: number; totalCents: number };

  const pdf = await fetch(`${base}/api/provider/quotes/${quote.id}/pdf`, { headers });
  expect(pdf.status, pdf.status === 200 ? '' : await pdf.text()).toBe(200);
  expect(pdf.headers.get('content-type')).toBe('application/pdf');
  const bytes = new Uint8Array(await pdf.arrayBuffer());
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
  // A PDF a reader opens, with the quote's total in Helvetica's text.
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  expect(text.replace(/\s+/g, ' ')).toContain(
    formatCents(quote.totalCents).replaceAll('\u00a0', ' '),
  );
});
