/**
 * Password hashing with Node's scrypt (N=2^17, r=8, p=1, 16-byte salt), compared in
 * constant time. Stored as `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>` (base64) so the
 * parameters can be raised later without breaking stored hashes: verifying always takes
 * them from the stored hash. Only the test suites may lower N (PASSWORD_HASH_COST, env.ts).
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { passwordHashCost, PRODUCTION_PASSWORD_HASH_COST } from '../env.ts';
import { AppError } from '../errors.ts';
import { hashingGateFor } from './hashing-gate.ts';

// Read once, at start: a PASSWORD_HASH_COST outside the test suites stops the process here.
const LOG2_N = passwordHashCost();
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const hashingGate = hashingGateFor(LOG2_N, PRODUCTION_PASSWORD_HASH_COST);

/** scrypt, through the hashing gate (a 503 AppError when too many are waiting). */
function deriveKey(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return hashingGate.run(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

const memoryFor = (n: number, r: number, p: number) => 128 * n * r * p + 32 * 1024 * 1024;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const n = 2 ** LOG2_N;
  const key = await deriveKey(password, salt, { N: n, r: R, p: P, maxmem: memoryFor(n, R, P) });
  return ['scrypt', LOG2_N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Parameters a stored hash may carry; anything else is treated as a non-match. */
const isWithin = (value: string, min: number, max: number) =>
  /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max;

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, log2n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !log2n || !r || !p || !salt || !hash) return false;
  if (!isWithin(log2n, 10, 20) || !isWithin(r, 1, 32) || !isWithin(p, 1, 16)) return false;
  const n = 2 ** Number(log2n);
  const expected = Buffer.from(hash, 'base64');
  try {
    const key = await deriveKey(password, Buffer.from(salt, 'base64'), {
      N: n,
      r: Number(r),
      p: Number(p),
      maxmem: memoryFor(n, Number(r), Number(p)),
    });
    return key.length === expected.length && timingSafeEqual(key, expected);
  } catch (error) {
    if (error instanceof AppError) throw error; // the gate's 503: no answer either way
    return false;
  }
}
