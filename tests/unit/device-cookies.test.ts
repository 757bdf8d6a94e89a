import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { signDeviceCookie, verifyDeviceCookie } from '../../src/api/auth/device-cookies.ts';
import { signSession, verifySession } from '../../src/api/auth/sessions.ts';

const secret = new TextEncoder().encode('a-session-secret-of-at-least-32-characters');
const admin = { role: 'admin', email: 'naledi@verified.example.co.za' } as const;

describe('device cookies', () => {
  it('name the account and carry a fresh random nonce each time', async () => {
    const first = await signDeviceCookie(secret, admin);
    const second = await signDeviceCookie(secret, admin);
    const nonce = await verifyDeviceCookie(secret, first, admin);
    expect(nonce).toMatch(/^[\w-]{20,}$/);
    expect(await verifyDeviceCookie(secret, second, admin)).not.toBe(nonce);
    const { exp, iat } = decodeJwt(first);
    expect(exp! - iat!).toBeGreaterThanOrEqual(30 * 24 * 60 * 60);
  });

  it('are valid only for the same role and e-mail', async () => {
    const cookie = await signDeviceCookie(secret, admin);
    for (const other of [
      { role: 'provider', email: admin.email },
      { role: 'admin', email: 'thabo@verified.example.co.za' },
    ] as const) {
      expect(await verifyDeviceCookie(secret, cookie, other)).toBeUndefined();
    }
  });

  it('are refused when signed with another key or changed', async () => {
    const foreign = await signDeviceCookie(new TextEncoder().encode('x'.repeat(40)), admin);
    expect(await verifyDeviceCookie(secret, foreign, admin)).toBeUndefined();
    const cookie = await signDeviceCookie(secret, admin);
    expect(await verifyDeviceCookie(secret, `${cookie}x`, admin)).toBeUndefined();
    expect(await verifyDeviceCookie(secret, 'not-a-token', admin)).toBeUndefined();
  });

  it('lose their trust when the password changes', async () => {
    const before = { ...admin, passwordStamp: 'stamp-of-the-old-password' };
    const cookie = await signDeviceCookie(secret, before);
    expect(await verifyDeviceCookie(secret, cookie, before)).toBeDefined();
    const after = { ...admin, passwordStamp: 'stamp-of-the-new-password' };
    expect(await verifyDeviceCookie(secret, cookie, after)).toBeUndefined();
  });

  it('are no sessions, and sessions are no device cookies', async () => {
    const cookie = await signDeviceCookie(secret, admin);
    expect(await verifySession(secret, cookie)).toBeUndefined();
    const session = await signSession(secret, { role: 'admin', accountId: 1, version: 0 });
    expect(await verifyDeviceCookie(secret, session, admin)).toBeUndefined();
  });
});
