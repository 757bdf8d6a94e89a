import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Env } from '../env.ts';

/**
 * The key that signs sessions: SESSION_SECRET, required on a database server or beyond
 * loopback (all instances must share it). On the embedded local default, a random key
 * kept in DATA_DIR so sessions survive a restart.
 */
export function sessionSecret(
  env: Pick<Env, 'SESSION_SECRET' | 'DATABASE_URL' | 'loopbackOnly' | 'DATA_DIR'>,
): Uint8Array {
  if (env.SESSION_SECRET) return new TextEncoder().encode(env.SESSION_SECRET);
  if (env.DATABASE_URL || !env.loopbackOnly) {
    throw new Error(
      'SESSION_SECRET must be set (at least 32 characters) with a database server or beyond loopback.',
    );
  }
  const file = path.resolve(env.DATA_DIR, 'session-secret');
  try {
    return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
  } catch {
    const secret = randomBytes(32).toString('base64url');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, secret, { mode: 0o600 });
    return new TextEncoder().encode(secret);
  }
}
