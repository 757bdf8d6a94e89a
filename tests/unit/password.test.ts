import { spawnSync } from 'node:child_process';
import { scryptSync } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword, verifyPassword } from '../../src/api/auth/password.ts';
import { parseEnv, passwordHashCost, PRODUCTION_PASSWORD_HASH_COST } from '../../src/api/env.ts';

// The unit project hashes at the production cost (no PASSWORD_HASH_COST): each hash costs
// about 0.3 s (scrypt N=2^17), so the suite makes only two at that cost.
let first: string;
let second: string;
beforeAll(async () => {
  [first, second] = await Promise.all([
    hashPassword('correct horse'),
    hashPassword('correct horse'),
  ]);
});

describe('hashPassword and verifyPassword', () => {
  it('verifies the password that was hashed', async () => {
    expect(await verifyPassword('correct horse', first)).toBe(true);
  });

  it('rejects a wrong password', async () => {
    expect(await verifyPassword('correct horsf', first)).toBe(false);
  });

  it('salts: two hashes of the same password differ and both verify', async () => {
    expect(first).not.toBe(second);
    expect(await verifyPassword('correct horse', second)).toBe(true);
  });

  it("stores the scheme and parameters as 'scrypt$17$8$1$<salt>$<hash>'", () => {
    expect(first.startsWith('scrypt$17$8$1$')).toBe(true);
    expect(first.split('$')).toHaveLength(6);
  });

  it.each([
    ['an empty string', ''],
    ['a value without separators', 'not-a-hash'],
    ['another scheme', 'bcrypt$17$8$1$c2FsdA==$aGFzaA=='],
    ['a value with missing parts', 'scrypt$17$8$1$'],
  ])('answers false, without throwing, for %s', async (_label, stored) => {
    await expect(verifyPassword('correct horse', stored)).resolves.toBe(false);
  });
});

describe('verifyPassword with corrupt stored parameters', () => {
  it.each([
    'scrypt$abc$8$1$c2FsdA==$aGFzaA==',
    'scrypt$17$0$1$c2FsdA==$aGFzaA==',
    'scrypt$30$8$1$c2FsdA==$aGFzaA==',
  ])('answers false for %s without throwing', async (stored) => {
    await expect(verifyPassword('anything', stored)).resolves.toBe(false);
  });
});

describe('PASSWORD_HASH_COST: a lower cost for the test suites only', () => {
  const REFUSED = /PASSWORD_HASH_COST is for the test suites only \(NODE_ENV=test\)/;

  it('hashes at 2^17 unless the setting is given', () => {
    expect(PRODUCTION_PASSWORD_HASH_COST).toBe(17);
    expect(passwordHashCost({})).toBe(17);
    expect(passwordHashCost({ NODE_ENV: 'production', PASSWORD_HASH_COST: '' })).toBe(17);
  });

  it('is accepted under NODE_ENV=test, from 10 up to the production cost', () => {
    expect(passwordHashCost({ NODE_ENV: 'test', PASSWORD_HASH_COST: '10' })).toBe(10);
    for (const value of ['9', '18', 'ten', '10.5']) {
      expect(() => passwordHashCost({ NODE_ENV: 'test', PASSWORD_HASH_COST: value })).toThrow(
        /PASSWORD_HASH_COST: must be a whole number from 10 to 17/,
      );
    }
  });

  it('is refused everywhere else, by the configuration the servers parse at start', () => {
    for (const NODE_ENV of [undefined, 'production', 'development']) {
      const source = { NODE_ENV, PASSWORD_HASH_COST: '10' };
      expect(() => passwordHashCost(source)).toThrow(REFUSED);
      expect(() => parseEnv(source)).toThrow(REFUSED);
      expect(() => parseEnv(source, { purpose: 'database' })).toThrow(REFUSED);
    }
  });

  it('stops a production process that loads the password module, saying why', () => {
    const passwordModule = new URL('../../src/api/auth/password.ts', import.meta.url).href;
    const started = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', `await import(${JSON.stringify(passwordModule)});`],
      {
        encoding: 'utf8',
        env: { PATH: process.env.PATH, NODE_ENV: 'production', PASSWORD_HASH_COST: '10' },
      },
    );
    expect(started.status).not.toBe(0);
    expect(started.stderr).toMatch(REFUSED);
  });

  it('stores the lowered cost in the hash, and verifying reads the cost from the hash', async () => {
    vi.resetModules();
    vi.stubEnv('NODE_ENV', 'test');
    vi.stubEnv('PASSWORD_HASH_COST', '10');
    try {
      const cheap = await import('../../src/api/auth/password.ts');
      const stored = await cheap.hashPassword('correct horse');
      expect(stored.startsWith('scrypt$10$8$1$')).toBe(true);
      // The module loaded at the full cost verifies it, and the cheap one verifies full-cost hashes.
      expect(await verifyPassword('correct horse', stored)).toBe(true);
      expect(await cheap.verifyPassword('correct horse', first)).toBe(true);
      expect(await cheap.verifyPassword('correct horsf', first)).toBe(false);
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  });

  it('verifies a hash made with other parameters by those parameters', async () => {
    const salt = Buffer.from('sixteen byte salt');
    const key = scryptSync('correct horse', salt, 32, { N: 2 ** 11, r: 4, p: 2 });
    const stored = ['scrypt', 11, 4, 2, salt.toString('base64'), key.toString('base64')].join('$');
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('correct horsf', stored)).toBe(false);
  });
});
