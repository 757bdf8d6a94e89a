import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../src/api/auth/password.ts';

// Each hash costs about 0.3 s (scrypt N=2^17), so the suite makes only two.
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
