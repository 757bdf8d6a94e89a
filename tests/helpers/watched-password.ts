/**
 * The app's password module with hashPassword and verifyPassword watched (vi.fn around
 * the real ones), for tests that a refused request costs no hash. vi.mock is hoisted above
 * the imports, so the test file's factory imports this module itself:
 * `vi.mock(path, async (importOriginal) => (await import(...)).watchPasswordModule(importOriginal))`.
 */
import { vi } from 'vitest';
import type * as password from '../../src/api/auth/password.ts';

type PasswordModule = typeof password;

export async function watchPasswordModule(
  importOriginal: <T = PasswordModule>() => Promise<T>,
): Promise<PasswordModule> {
  const original = await importOriginal();
  return {
    ...original,
    hashPassword: vi.fn(original.hashPassword),
    verifyPassword: vi.fn(original.verifyPassword),
  };
}
