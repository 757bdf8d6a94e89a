import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  adminUsers,
  passwordTokens,
  providerApplications,
  serviceProviders,
} from '../../db/schema.ts';
import { RATE_LIMITS } from '../../src/server/rate-limits/hit-rate-limit.ts';
import {
  adminRow,
  bearer,
  createTestAdmin,
  linkIn,
  postLogin,
  setCookie,
  signIn,
  watchOutbox,
  type TestAdmin,
} from '../helpers/auth-fixtures.ts';
import { startTestApi, type TestApi } from '../helpers/test-api.ts';

// All requests come from 127.0.0.1. Sign-in allows 10 attempts per client and 5 per
// e-mail in 15 minutes; password reset 10 per client and 3 per e-mail an hour: reset()
// in beforeEach empties the counters. Every admin costs one scrypt hash, and every
// sign-in one more: tests create one admin each, a second only where needed.
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

let admin: TestAdmin;
beforeEach(async () => {
  await api.database.reset();
  admin = await createTestAdmin(api, {
    email: 'naledi.admin@verified.example.co.za',
    password: 'correct horse battery',
    firstName: 'Naledi',
    lastName: 'Mokoena',
  });
});

interface ErrorAnswer {
  message: string;
  errors?: Record<string, string>;
}

const LOGIN_FAILED = { message: 'Invalid email or password' };
const SIGN_IN_AGAIN = 'Your session has ended. Please sign in again.';
const FORGOT_ANSWER = {
  message: 'If an administrator account uses that e-mail address, a reset link is on its way.',
};
const INVALID_RESET_LINK = 'This reset link is invalid or has expired. Please ask for a new one.';

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return api.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

const me = (headers: Record<string, string>) => api.get('/api/admin/me', { headers });
const cookieHeader = (token: string) => ({ cookie: `vp_admin_session=${token}` });

async function expectError(response: Response, status: number, message?: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/json');
  const body = (await response.json()) as ErrorAnswer;
  expect(typeof body.message).toBe('string');
  if (message !== undefined) expect(body.message).toBe(message);
  return body;
}

/** The answer's text must not carry a password hash or a token version. */
function expectNoSecrets(text: string) {
  expect(text).not.toMatch(/password|scrypt\$|tokenVersion|token_version|isActive/i);
}

describe('POST /api/admin/login', () => {
  it('answers the admin and a token, and sets the session cookie', async () => {
    const response = await postLogin(api, { email: admin.email, password: admin.password });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const text = await response.text();
    expectNoSecrets(text);
    const body = JSON.parse(text) as { admin: unknown; token: string };
    expect(body).toEqual({
      admin: { firstName: 'Naledi', lastName: 'Mokoena', email: admin.email },
      token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/) as unknown,
    });

    const cookie = setCookie(response, 'vp_admin_session');
    expect(cookie).toBeDefined();
    const [pair, ...attributes] = cookie!.split(';').map((part) => part.trim());
    expect(pair).toBe(`vp_admin_session=${body.token}`);
    expect(attributes).toEqual(
      expect.arrayContaining(['HttpOnly', 'Secure', 'SameSite=Strict', 'Path=/api']),
    );
  });

  it('accepts the e-mail in any case and with spaces around it', async () => {
    const response = await postLogin(api, {
      email: '  Naledi.Admin@Verified.EXAMPLE.co.za ',
      password: admin.password,
    });
    expect(response.status).toBe(200);
  });

  it('records the time of the last sign-in', async () => {
    expect((await adminRow(api, admin.id)).lastLogin).toBeNull();
    await signIn(api, admin);
    const { lastLogin } = await adminRow(api, admin.id);
    expect(lastLogin).toBeInstanceOf(Date);
    expect(Math.abs(Date.now() - lastLogin!.getTime())).toBeLessThan(60_000);
  });

  it('answers the same 401 for a wrong password and an unknown e-mail, without a cookie', async () => {
    const wrong = await postLogin(api, { email: admin.email, password: 'wrong password' });
    const unknown = await postLogin(api, {
      email: 'nobody@verified.example.co.za',
      password: admin.password,
    });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual(LOGIN_FAILED);
      expect(setCookie(response, 'vp_admin_session')).toBeUndefined();
    }
    expect((await adminRow(api, admin.id)).lastLogin).toBeNull();
  });

  it('answers the same 401 for an inactive admin with the right password', async () => {
    await api.database.db
      .update(adminUsers)
      .set({ isActive: false })
      .where(eq(adminUsers.id, admin.id));
    const response = await postLogin(api, { email: admin.email, password: admin.password });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual(LOGIN_FAILED);
    expect((await adminRow(api, admin.id)).lastLogin).toBeNull();
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    [
      'an invalid e-mail',
      { email: 'naledi-at-verified', password: 'x' },
      'email',
      'Invalid email address',
    ],
    ['no e-mail', { password: 'x' }, 'email', 'Invalid email address'],
    ['an empty password', { email: 'a@b.co.za', password: '' }, 'password', 'Password is required'],
    ['no password', { email: 'a@b.co.za' }, 'password', 'Password is required'],
  ])('answers 400 for %s', async (_, credentials, field, message) => {
    const response = await postLogin(api, credentials);
    const body = await expectError(response, 400, message);
    expect(body.errors?.[field]).toBe(message);
  });

  it('answers 429 to the 11th attempt from one client, even with the right password', async () => {
    const { max, message } = RATE_LIMITS.adminLogin;
    expect(max).toBe(10);
    for (let i = 1; i <= max; i++) {
      const response = await postLogin(api, {
        email: `guess${i}@verified.example.co.za`,
        password: 'guess',
      });
      expect(response.status).toBe(401);
    }
    const response = await postLogin(api, { email: admin.email, password: admin.password });
    await expectError(response, 429, message);
    expect(setCookie(response, 'vp_admin_session')).toBeUndefined();
    expect((await adminRow(api, admin.id)).lastLogin).toBeNull();
  });

  it('answers 429 to the 6th attempt for one e-mail (any case), while others still sign in', async () => {
    const { max, message } = RATE_LIMITS.adminLoginPerEmail;
    expect(max).toBe(5);
    for (let i = 1; i <= max; i++) {
      const response = await postLogin(api, { email: admin.email, password: `guess ${i}` });
      expect(response.status).toBe(401);
    }
    await expectError(
      await postLogin(api, { email: admin.email, password: admin.password }),
      429,
      message,
    );
    await expectError(
      await postLogin(api, { email: admin.email.toUpperCase(), password: admin.password }),
      429,
      message,
    );
    expect((await adminRow(api, admin.id)).lastLogin).toBeNull();

    const colleague = await createTestAdmin(api);
    const response = await postLogin(api, {
      email: colleague.email,
      password: colleague.password,
    });
    expect(response.status).toBe(200);
  });
});

describe('GET /api/admin/me', () => {
  it('answers 401 without a token', async () => {
    await expectError(await api.get('/api/admin/me'), 401, 'Please sign in as an administrator.');
  });

  it('answers the signed-in admin with the bearer token and with the cookie', async () => {
    const token = await signIn(api, admin);
    const expected = {
      id: admin.id,
      email: admin.email,
      firstName: 'Naledi',
      lastName: 'Mokoena',
    };
    for (const headers of [{ authorization: `Bearer ${token}` }, cookieHeader(token)]) {
      const response = await me(headers);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      const text = await response.text();
      expectNoSecrets(text);
      expect(JSON.parse(text)).toEqual(expected);
    }
  });

  it('answers 401 for a bearer value that is not a token', async () => {
    await expectError(await me({ authorization: 'Bearer not-a-token' }), 401, SIGN_IN_AGAIN);
    await expectError(await me(cookieHeader('not-a-token')), 401, SIGN_IN_AGAIN);
  });
});

describe('POST /api/admin/logout', () => {
  it('ends the session: the token stops working and the cookie is cleared', async () => {
    const token = await signIn(api, admin);
    const response = await api.request('/api/admin/logout', {
      method: 'POST',
      headers: bearer(token),
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    expectNoSecrets(text);
    expect(JSON.parse(text)).toEqual({ message: 'Signed out' });

    const cleared = setCookie(response, 'vp_admin_session');
    expect(cleared).toBeDefined();
    expect(cleared).toMatch(/^vp_admin_session=;/);
    expect(cleared).toMatch(/Max-Age=0/i);
    expect(cleared).toContain('Path=/api');

    await expectError(await me({ authorization: `Bearer ${token}` }), 401, SIGN_IN_AGAIN);
    await expectError(await me(cookieHeader(token)), 401, SIGN_IN_AGAIN);

    // Signing in again gives a working session.
    const fresh = await signIn(api, admin);
    expect((await me({ authorization: `Bearer ${fresh}` })).status).toBe(200);
  });

  it('ends every session of the admin, not only the one that signed out', async () => {
    const first = await signIn(api, admin);
    const second = await signIn(api, admin);
    expect(
      (await api.request('/api/admin/logout', { method: 'POST', headers: bearer(second) })).status,
    ).toBe(200);
    await expectError(await me({ authorization: `Bearer ${first}` }), 401, SIGN_IN_AGAIN);
  });
});

describe('changes authenticated by the cookie must come from the site itself', () => {
  const ORIGIN_REFUSED = 'This request must come from the site itself.';

  it.each<[string, Record<string, string>]>([
    ['without an Origin header', {}],
    ['from another origin', { origin: 'https://evil.example.com' }],
    ['from a look-alike origin', { origin: 'http://127.0.0.1.evil.example.com' }],
  ])('a cookie-authenticated logout %s answers 403 and signs nobody out', async (_, headers) => {
    const token = await signIn(api, admin);
    const before = await adminRow(api, admin.id);
    const response = await api.request('/api/admin/logout', {
      method: 'POST',
      headers: { ...cookieHeader(token), ...headers },
    });
    await expectError(response, 403, ORIGIN_REFUSED);
    expect(setCookie(response, 'vp_admin_session')).toBeUndefined();
    expect(await adminRow(api, admin.id)).toEqual(before);
    expect((await me(cookieHeader(token))).status).toBe(200);
  });

  it('a cookie-authenticated approval from another origin answers 403 and approves nothing', async () => {
    const token = await signIn(api, admin);
    const [application] = await api.database.db
      .insert(providerApplications)
      .values({
        businessName: 'Cross Site Security',
        contactName: 'Sipho Dlamini',
        email: 'sipho@crosssite.example.co.za',
        phone: '0825550123',
        location: 'Pretoria',
        province: 'gauteng',
        physicalAddress: '1 Church Street, Pretoria',
        services: ['cctv'],
        yearsExperience: 3,
      })
      .returning();
    const response = await api.request(`/api/admin/applications/${application!.id}/approve`, {
      method: 'POST',
      headers: { ...cookieHeader(token), origin: 'https://evil.example.com' },
    });
    await expectError(response, 403, ORIGIN_REFUSED);
    const [after] = await api.database.db
      .select()
      .from(providerApplications)
      .where(eq(providerApplications.id, application!.id));
    expect(after).toEqual(application);
    expect(await api.database.db.select().from(serviceProviders)).toEqual([]);
  });

  it('a cookie-authenticated logout from the same origin works', async () => {
    const token = await signIn(api, admin);
    const response = await api.request('/api/admin/logout', {
      method: 'POST',
      headers: { ...cookieHeader(token), origin: api.url },
    });
    expect(response.status).toBe(200);
    expect(setCookie(response, 'vp_admin_session')).toMatch(/^vp_admin_session=;/);
    await expectError(await me(cookieHeader(token)), 401, SIGN_IN_AGAIN);
  });
});

describe('POST /api/admin/forgot-password', () => {
  it('answers the same for a known and an unknown e-mail, and mails the known one only', async () => {
    const outbox = await watchOutbox(api);
    const known = await post('/api/admin/forgot-password', { email: admin.email });
    expect(known.status).toBe(200);
    expect(await known.json()).toEqual(FORGOT_ANSWER);

    const mails = await outbox.newMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(admin.email);
    expect(mails[0]!.subject).toBe('Reset your Verified Providers password');
    const link = linkIn(mails[0]!.text, 'resetToken=');
    expect(link?.origin).toBe(api.url);
    expect(link?.pathname).toBe('/admin');
    expect(link?.searchParams.get('resetToken')).toMatch(/^[\w-]{20,}$/);

    const unknownOutbox = await watchOutbox(api);
    const unknown = await post('/api/admin/forgot-password', {
      email: 'nobody@verified.example.co.za',
    });
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual(FORGOT_ANSWER);
    expect(await unknownOutbox.newMails()).toEqual([]);
  });

  it('answers the same for an inactive admin and mails nothing', async () => {
    await api.database.db
      .update(adminUsers)
      .set({ isActive: false })
      .where(eq(adminUsers.id, admin.id));
    const outbox = await watchOutbox(api);
    const response = await post('/api/admin/forgot-password', { email: admin.email });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(FORGOT_ANSWER);
    expect(await outbox.newMails()).toEqual([]);
  });

  it('answers 400 for an invalid e-mail', async () => {
    await expectError(
      await post('/api/admin/forgot-password', { email: 'not-an-email' }),
      400,
      'Invalid email address',
    );
  });

  it.each([['test'], ['production']])(
    'never answers the reset token with APP_ENV=%s',
    async (appEnv) => {
      const other =
        appEnv === 'test'
          ? api
          : await startTestApi({ APP_ENV: appEnv, SESSION_SECRET: 'x'.repeat(40) });
      try {
        const otherAdmin =
          other === api ? admin : await createTestAdmin(other, { email: admin.email });
        const outbox = await watchOutbox(other);
        const response = await other.request('/api/admin/forgot-password', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: otherAdmin.email }),
        });
        expect(response.status).toBe(200);
        const text = await response.text();
        expect(JSON.parse(text)).toEqual(FORGOT_ANSWER);
        const [mail] = await outbox.newMails();
        const token = linkIn(mail!.text, 'resetToken=')?.searchParams.get('resetToken');
        expect(token).toBeTruthy();
        expect(text).not.toContain(token!);
      } finally {
        if (other !== api) await other.close();
      }
    },
  );

  it('answers the reset token in development mode, for a known e-mail only', async () => {
    const development = await startTestApi({ APP_ENV: 'development' });
    try {
      const devAdmin = await createTestAdmin(development, { email: admin.email });
      const outbox = await watchOutbox(development);
      const forgot = (email: string) =>
        development.request('/api/admin/forgot-password', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email }),
        });

      const known = await forgot(devAdmin.email);
      expect(known.status).toBe(200);
      const body = (await known.json()) as { message: string; resetToken?: string };
      expect(body.message).toBe(FORGOT_ANSWER.message);
      const [mail] = await outbox.newMails();
      expect(body.resetToken).toBe(
        linkIn(mail!.text, 'resetToken=')?.searchParams.get('resetToken'),
      );

      const unknown = await forgot('nobody@verified.example.co.za');
      expect(await unknown.json()).toEqual(FORGOT_ANSWER);
    } finally {
      await development.close();
    }
  });
});

describe('POST /api/admin/reset-password', () => {
  /** Asks for a reset link and answers the token the mail carries. */
  async function resetTokenByMail(): Promise<string> {
    const outbox = await watchOutbox(api);
    const response = await post('/api/admin/forgot-password', { email: admin.email });
    expect(response.status).toBe(200);
    const mails = await outbox.newMails();
    expect(mails).toHaveLength(1);
    const token = linkIn(mails[0]!.text, 'resetToken=')?.searchParams.get('resetToken');
    if (!token) throw new Error('No reset link in the mail');
    return token;
  }

  const resetPassword = (resetToken: string, newPassword: string) =>
    post('/api/admin/reset-password', { resetToken, newPassword });

  it('sets the new password and ends the sessions from before', async () => {
    const session = await signIn(api, admin);
    const resetToken = await resetTokenByMail();

    const response = await resetPassword(resetToken, 'a brand new password');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      message: 'Your password has been changed. Please sign in.',
    });

    await expectError(await me({ authorization: `Bearer ${session}` }), 401, SIGN_IN_AGAIN);
    const old = await postLogin(api, { email: admin.email, password: admin.password });
    expect(old.status).toBe(401);
    expect(await old.json()).toEqual(LOGIN_FAILED);
    const token = await signIn(api, { email: admin.email, password: 'a brand new password' });
    expect((await me({ authorization: `Bearer ${token}` })).status).toBe(200);
  });

  it('answers 400 to a second use of the same link', async () => {
    const resetToken = await resetTokenByMail();
    expect((await resetPassword(resetToken, 'first new password')).status).toBe(200);
    const hash = (await adminRow(api, admin.id)).passwordHash;

    await expectError(
      await resetPassword(resetToken, 'second new password'),
      400,
      INVALID_RESET_LINK,
    );
    expect((await adminRow(api, admin.id)).passwordHash).toBe(hash);
  });

  it('answers 400 to an expired link and changes nothing', async () => {
    const resetToken = await resetTokenByMail();
    await api.database.db
      .update(passwordTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(passwordTokens.adminId, admin.id));
    const before = await adminRow(api, admin.id);

    await expectError(
      await resetPassword(resetToken, 'a brand new password'),
      400,
      INVALID_RESET_LINK,
    );
    expect(await adminRow(api, admin.id)).toEqual(before);
  });

  it('answers 400 to a tampered link and changes nothing', async () => {
    const resetToken = await resetTokenByMail();
    const i = Math.floor(resetToken.length / 2);
    const tampered = `${resetToken.slice(0, i)}${resetToken[i] === 'A' ? 'B' : 'A'}${resetToken.slice(i + 1)}`;
    const before = await adminRow(api, admin.id);

    await expectError(
      await resetPassword(tampered, 'a brand new password'),
      400,
      INVALID_RESET_LINK,
    );
    expect(await adminRow(api, admin.id)).toEqual(before);
    // The real link still works.
    expect((await resetPassword(resetToken, 'a brand new password')).status).toBe(200);
  });

  it('answers 400 to a made-up link', async () => {
    await expectError(
      await resetPassword('x'.repeat(43), 'a brand new password'),
      400,
      INVALID_RESET_LINK,
    );
    await expectError(
      await resetPassword('short', 'a brand new password'),
      400,
      'The link is not valid',
    );
  });

  it('makes older links useless once the newest is used', async () => {
    const older = await resetTokenByMail();
    const newer = await resetTokenByMail();
    expect(newer).not.toBe(older);

    expect((await resetPassword(newer, 'the newest password')).status).toBe(200);
    const hash = (await adminRow(api, admin.id)).passwordHash;
    await expectError(await resetPassword(older, 'an older password'), 400, INVALID_RESET_LINK);
    expect((await adminRow(api, admin.id)).passwordHash).toBe(hash);
  });

  it('refuses a new password shorter than 6 characters, and keeps the link usable', async () => {
    const resetToken = await resetTokenByMail();
    const before = await adminRow(api, admin.id);
    const body = await expectError(
      await resetPassword(resetToken, '12345'),
      400,
      'Password must be at least 6 characters long',
    );
    expect(body.errors?.newPassword).toBe('Password must be at least 6 characters long');
    expect(await adminRow(api, admin.id)).toEqual(before);

    expect((await resetPassword(resetToken, '123456')).status).toBe(200);
  });
});

describe('forgot-password: found in review', () => {
  it('answers the same 200 for a known e-mail when the mail server is down', async () => {
    // Port 1 on loopback refuses connections: every send fails.
    const broken = await startTestApi({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const other = await createTestAdmin(broken, {
        email: 'thabo.admin@verified.example.co.za',
        password: 'another strong password',
        firstName: 'Thabo',
        lastName: 'Nkosi',
      });
      const response = await broken.request('/api/admin/forgot-password', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: other.email }),
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(FORGOT_ANSWER);
    } finally {
      await broken.close();
    }
  });
});
