/**
 * Outside checkers on the built site: the Nu HTML Checker (vnu.jar) finds no error in any
 * built page, and pa11y (WCAG 2 AA, HTML_CodeSniffer) none in the public page types, served
 * by the Node host on a copy of the build's database. One Java process checks every page
 * at once; one Chromium (Debian's, never a downloaded one) visits the public pages.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pa11y from 'pa11y';
import puppeteer, { type Browser } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../hosts/node/start-server.ts';
import { DIST, builtNames, builtPages, builtProviderIds } from '../../scripts/built-site.ts';
import { parseEnv } from '../../src/api/env.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.ts';

const require = createRequire(import.meta.url);
const VNU_JAR = path.join(path.dirname(require.resolve('vnu-jar')), 'build/dist/vnu.jar');

interface VnuMessage {
  type: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

describe('the Nu HTML Checker', () => {
  it('finds no error in any built page', () => {
    const pages = builtPages();
    expect(pages.length).toBeGreaterThan(100);
    const run = spawnSync(
      'java',
      ['-jar', VNU_JAR, '--errors-only', '--format', 'json', ...pages],
      {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    if (run.error) {
      throw new Error(
        `The Nu HTML Checker needs Java (${run.error.message}); npm test installs it (scripts/test.ts).`,
      );
    }
    // vnu writes its JSON report to standard error, and exits 1 when it found errors.
    const report = JSON.parse(run.stderr) as { messages: VnuMessage[] };
    const errors = report.messages
      .filter((m) => m.type === 'error' || m.type === 'non-document-error')
      .map(
        (m) =>
          `${path.relative(DIST, new URL(m.url ?? 'file:///?').pathname)}:${m.lastLine ?? '?'}: ${m.message}` +
          (m.extract ? `\n    ${m.extract.trim()}` : ''),
      );
    expect(errors).toEqual([]);
  }, 120_000);
});

/** A built page of each public kind (the provider and town pages: the first built). */
function publicPages(): string[] {
  return [
    '/',
    '/providers',
    `/provider/${builtProviderIds()[0]}`,
    '/services/cctv-installations-repairs',
    `/services/cctv-installations-repairs/${builtNames('services/cctv-installations-repairs')[0]}`,
    '/join',
    '/about',
    '/contact',
    // The 404 page, as an unknown address answers it.
    '/no-such-page',
  ];
}

describe('pa11y (WCAG 2 AA, HTML_CodeSniffer)', () => {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'vp-pa11y-'));
    // The build's own database (npm test hands it over) so the pages and the API agree;
    // otherwise a fresh one, seeded with the same sample data at start.
    const built = process.env.PREPARED_DATA_DIR;
    if (built && existsSync(path.join(built, 'pglite/PG_VERSION'))) {
      cpSync(built, dataDir, { recursive: true });
    }
    const started = await startServer(
      parseEnv({
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        SITE_URL: 'http://127.0.0.1:0',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
      }),
      { log: () => {} },
    );
    server = started;
    browser = await puppeteer.launch({
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finds no error in the public pages', async () => {
    const errors: string[] = [];
    if (!server || !browser) throw new Error('The server or the browser did not start');
    for (const page of publicPages()) {
      const result = await pa11y(`${server.url}${page}`, {
        browser,
        standard: 'WCAG2AA',
        runners: ['htmlcs'],
        includeNotices: false,
        includeWarnings: false,
        timeout: 60_000,
      });
      for (const issue of result.issues) {
        errors.push(`${page}: ${issue.code}\n    ${issue.message}\n    ${issue.context}`);
      }
    }
    expect(errors).toEqual([]);
  }, 300_000);
});
