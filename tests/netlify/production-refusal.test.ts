/**
 * A production site names its operator (decision 0043), tried as the commands
 * themselves: a start (`npm start`, `npm run serve`) whose SITE_URL is beyond loopback and
 * a build (`astro build`, as `npm run build` and Netlify run it) for such an address or in
 * Netlify's production context stop, without the company's legal name, address and
 * e-mail, with a message naming each missing variable, before serving or writing a page.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'vp-production-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const MISSING =
  'PUBLIC_COMPANY_LEGAL_NAME, PUBLIC_COMPANY_ADDRESS and PUBLIC_COMPANY_EMAIL are required for a production site';

/** This environment without any company detail or Netlify context. */
function unconfigured(extra: Record<string, string>): NodeJS.ProcessEnv {
  const inherited = Object.entries(process.env).filter(
    ([name]) =>
      !name.startsWith('PUBLIC_COMPANY_') &&
      !['CONTEXT', 'SITE_URL', 'DATABASE_URL'].includes(name),
  );
  return { ...Object.fromEntries(inherited), ...extra };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const result = spawnSync(command, args, {
    cwd: root,
    env,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('a production start without the company', () => {
  const env = unconfigured({
    SITE_URL: 'https://verifiedproviders.example',
    HOST: '127.0.0.1',
    PORT: '0',
    SESSION_SECRET: 'production-refusal-test-secret-0123456789',
    DATA_DIR: path.join(work, 'data'),
  });

  it('npm run serve stops, naming the missing variables, and opens no database', () => {
    const { status, output } = run('npm', ['run', '--silent', 'serve'], env);
    expect(status).toBe(1);
    expect(output).toContain(
      `${MISSING} (SITE_URL=https://verifiedproviders.example is not on loopback)`,
    );
    expect(output).not.toContain('is running at');
    expect(existsSync(path.join(work, 'data'))).toBe(false);
  });

  it('npm start stops before it builds anything', () => {
    const { status, output } = run('npm', ['run', '--silent', 'start'], env);
    expect(status).toBe(1);
    expect(output).toContain(MISSING);
    expect(output).not.toContain('Building the site');
  });
});

describe('a production build without the company', () => {
  it.each([
    [
      'for a SITE_URL beyond loopback',
      { SITE_URL: 'https://verifiedproviders.example' },
      '(SITE_URL=https://verifiedproviders.example is not on loopback)',
    ],
    [
      "in Netlify's production context",
      { CONTEXT: 'production' },
      "(Netlify's production context, CONTEXT=production)",
    ],
  ])('astro build stops %s, naming the missing variables, and writes no page', (_, extra, why) => {
    const outDir = path.join(work, `dist-${Object.keys(extra).join('')}`);
    const { status, output } = run(
      'npx',
      ['astro', 'build', '--outDir', outDir],
      unconfigured({ ...extra, ASTRO_TELEMETRY_DISABLED: '1' }),
    );
    expect(status).not.toBe(0);
    expect(output).toContain(`The site cannot be built: ${MISSING} ${why}`);
    expect(existsSync(outDir)).toBe(false);
  });
});
