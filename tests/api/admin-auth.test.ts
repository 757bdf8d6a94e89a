import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adminUsers, serviceProviders } from '../../db/schema.ts';
import * as password from '../../src/api/auth/password.ts';
import { AppError } from '../../src/api/errors.ts';
import { hitRateLimit, RATE_LIMITS } from '../../src/api/rate-limits/hit-rate-limit.ts';
import { adminRow, createTestAdmin, type TestAdmin } from '../helpers/admin-fixtures.ts';
import { sendJson } from '../helpers/api-fixtures.ts';
import { applicationRow } from '../helpers/application-confirmation.ts';
import {
  bearer,
  cookiePair,
  expectStrictCookie,
  expirePasswordLinks,
  failedBefore,
  fromClient,
  postLogin,
  retryAfterOf,
  setCookie,
  SIGN_IN_AGAIN,
  signIn,
} from '../helpers/auth-fixtures.ts';
import { insertApplication } from '../helpers/builders.ts';
import { expectError, expectFieldError } from '../helpers/error-answer.ts';
import { linkIn, watchOutbox } from '../helpers/outbox.ts';
import { expectRecent } from '../helpers/recent-time.ts';
import { startTestApi, useTestApi } from '../helpers/test-api.ts';
import { postgresOnly } from '../helpers/test-database.ts';

// The app's own hashing, watched: a refused request must not cost a scrypt run.
vi.mock('../../src/api/auth/password.ts', async (importOriginal) =>
  (await import('../helpers/watched-password.ts')).watchPasswordModule(importOriginal),
);

// All requests come from 127.0.0.1, except in the describe that starts its own API with
// TRUST_PROXY (X-Forwarded-For names the client there). Sign-in counts failures: 20 per
// client and 10 per account in 15 minutes (a browser with the account's device cookie has
// its own 10); password reset 10 per client and 3 per e-mail an hour: reset() in
// beforeEach empties the counters. Hashes are cheap here (PASSWORD_HASH_COST in
// vitest.config.ts); counting hashes is what shows a refusal that skipped the work.
const api = useTestApi();

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

const LOGIN_FAILED = { message: 'Invalid email or password' };
const FORGOT_ANSWER = {
  message: 'If an administrator account uses that e-mail address, a reset link is on its way.',
};
const INVALID_RESET_LINK = 'This reset link is invalid or has expired. Please ask for a new one.';

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return sendJson(api, 'POST', path, body, headers);
}

const me = (headers: Record<string, string>) => api.get('/api/admin/me', { headers });
const cookieHeader = (token: string) => ({ cookie: `vp_admin_session=${token}` });

/** The answer's text must not carry a password hash or a token version. */
function expectNoSecrets(text: string) {
  expect(text).not.toMatch(/password|scrypt\$|tokenVersion|token_version|isActive/i);
}

describe('POST /api/admin/login', () => {
  it('answers the admin and a token, and sets the session cookie', async () => {
    const response = await postLogin(api, 'admin', {
      email: admin.email,
      password: admin.password,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const text = await response.text();
    expectNoSecrets(text);
    const body = JSON.parse(text) as { admin: unknown; token: string };
    expect(body).toEqual({
      admin: { firstName: 'Naledi', lastName: 'Mokoena', email: admin.email },
      token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/) as unknown,
    });

    const session = expectStrictCookie(response, 'vp_admin_session', '/api');
    expect(session.pair).toBe(`vp_admin_session=${body.token}`);
  });

  it('accepts the e-mail in any case and with spaces around it', async () => {
    const response = await postLogin(api, 'admin', {
      email: '  Naledi.Admin@Verified.EXAMPLE.co.za ',
      password: admin.password,
    });
    expect(response.status).toBe(200);
  });

  it('records the time of the last sign-in', async () => {
    expect((await adminRow(api, admin.id)).lastLogin).toBeNull();
    await signIn(api, 'admin', admin);
    const { lastLogin } = await adminRow(api, admin.id);
    expectRecent(lastLogin);
  });

  it('answers the same 401 for a wrong password and an unknown e-mail, without a cookie', async () => {
    const wrong = await postLogin(api, 'admin', { email: admin.email, password: 'wrong password' });
    const unknown = await postLogin(api, 'admin', {
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
    const response = await postLogin(api, 'admin', {
      email: admin.email,
      password: admin.password,
    });
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
    const response = await postLogin(api, 'admin', credentials);
    await expectFieldError(response, field, message);
  });

  it('answers 429 once a client has failed 20 times, even with the right password, and right passwords do not count', async () => {
    const { max, message, windowSeconds } = RATE_LIMITS.adminLogin;
    expect(max).toBe(20);
    // 19 failures are on the client's counter already (each real one costs a scrypt run).
    await failedBefore(api, RATE_LIMITS.adminLogin, '127.0.0.1', max - 1);
    // Signing in with the right password is no failure: it neither counts nor is refused.
    for (let i = 1; i <= 3; i++) {
      expect(
        (await postLogin(api, 'admin', { email: admin.email, password: admin.password })).status,
      ).toBe(200);
    }
    const last = await postLogin(api, 'admin', {
      email: 'guess@verified.example.co.za',
      password: 'guess',
    });
    await expectError(last, 401, LOGIN_FAILED.message);

    // Without a device cookie the owner is refused too, before any password is checked.
    vi.mocked(password.verifyPassword).mockClear();
    const response = await postLogin(api, 'admin', {
      email: admin.email,
      password: admin.password,
    });
    await expectError(response, 429, message);
    expect(retryAfterOf(response)).toBeGreaterThan(0);
    expect(retryAfterOf(response)).toBeLessThanOrEqual(windowSeconds);
    expect(setCookie(response, 'vp_admin_session')).toBeUndefined();
    expect(password.verifyPassword).not.toHaveBeenCalled();
  });

  it('answers 429 after 10 failures for one e-mail (any case), while others still sign in', async () => {
    const { max, message, windowSeconds } = RATE_LIMITS.adminLoginPerEmail;
    expect(max).toBe(10);
    // Seven failures are on the account's counter already (each real one costs a scrypt
    // run); three more lock it.
    await failedBefore(api, RATE_LIMITS.adminLoginPerEmail, admin.email, max - 3);
    for (let i = 1; i <= 3; i++) {
      const response = await postLogin(api, 'admin', {
        email: admin.email,
        password: `guess ${i}`,
      });
      expect(response.status).toBe(401);
    }
    for (const email of [admin.email, admin.email.toUpperCase()]) {
      const response = await postLogin(api, 'admin', { email, password: admin.password });
      await expectError(response, 429, message);
      expect(retryAfterOf(response)).toBeLessThanOrEqual(windowSeconds);
    }
    expect((await adminRow(api, admin.id)).lastLogin).toBeNull();

    const colleague = await createTestAdmin(api);
    const response = await postLogin(api, 'admin', {
      email: colleague.email,
      password: colleague.password,
    });
    expect(response.status).toBe(200);
  });

  it("clears the account's failures when its owner signs in", async () => {
    const { max } = RATE_LIMITS.adminLoginPerEmail;
    // Seven failures are on the counter already: with the next two, nine.
    await failedBefore(api, RATE_LIMITS.adminLoginPerEmail, admin.email, max - 3);
    const guess = (i: number) =>
      postLogin(api, 'admin', { email: admin.email, password: `guess ${i}` });
    for (const i of [1, 2]) expect((await guess(i)).status, `guess ${i}`).toBe(401);
    expect(
      (await postLogin(api, 'admin', { email: admin.email, password: admin.password })).status,
    ).toBe(200);
    // Had the nine stayed, the second of these would be the eleventh failure (429).
    for (const i of [3, 4]) expect((await guess(i)).status, `guess ${i}`).toBe(401);
    expect(
      (await postLogin(api, 'admin', { email: admin.email, password: admin.password })).status,
    ).toBe(200);
  });

  it('sets a long-lived device cookie naming the account, for the login route only', async () => {
    const response = await postLogin(api, 'admin', {
      email: admin.email,
      password: admin.password,
    });
    expect(response.status).toBe(200);
    const device = expectStrictCookie(response, 'vp_admin_device', '/api/admin/login');
    expect(device.pair).toMatch(/^vp_admin_device=[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(device.maxAge).toBeGreaterThanOrEqual(30 * 24 * 60 * 60);
    // A wrong password gets no device cookie.
    const wrong = await postLogin(api, 'admin', { email: admin.email, password: 'wrong password' });
    expect(setCookie(wrong, 'vp_admin_device')).toBeUndefined();
  });
});

describe('sign-in limits do not lock the owner out', () => {
  // Its own API behind a "proxy", so that X-Forwarded-For tells the clients apart.
  const proxied = useTestApi({ TRUST_PROXY: 'true' });

  let owner: TestAdmin;
  beforeEach(async () => {
    await proxied.database.reset();
    owner = await createTestAdmin(proxied, { email: 'owner.admin@verified.example.co.za' });
  });

  const OWNER_BROWSER = '198.51.100.10';
  const ATTACKER = '203.0.113.66';
  const login = (credentials: Record<string, unknown>, headers: Record<string, string> = {}) =>
    postLogin(proxied, 'admin', credentials, headers);
  const right = () => ({ email: owner.email, password: owner.password });
  const wrong = (i: number) => ({ email: owner.email, password: `guess ${i}` });

  /** Signs the owner in from `address` and answers the browser's device cookie. */
  async function deviceOf(address: string): Promise<string> {
    const response = await login(right(), fromClient(address));
    expect(response.status).toBe(200);
    return cookiePair(response, 'vp_admin_device');
  }

  it('a browser that signed in before still signs in while a flood locks the account for everyone else', async () => {
    const { max, message, windowSeconds } = RATE_LIMITS.adminLoginPerEmail;
    const device = await deviceOf(OWNER_BROWSER);
    const colleague = await createTestAdmin(proxied);
    const colleagueResponse = await login(
      { email: colleague.email, password: colleague.password },
      fromClient(OWNER_BROWSER),
    );
    const colleagueDevice = cookiePair(colleagueResponse, 'vp_admin_device');

    // Seven wrong passwords are on the account's counter already; 20 more come from one
    // client (each real one costs a scrypt run, so most of the flood is on the counter).
    await failedBefore(proxied, RATE_LIMITS.adminLoginPerEmail, owner.email, max - 3);
    const statuses: number[] = [];
    for (let i = 1; i <= 20; i++) {
      const response = await login(wrong(i), fromClient(ATTACKER));
      statuses.push(response.status);
      if (response.status === 429) {
        await expectError(response, 429, message);
        expect(retryAfterOf(response)).toBeLessThanOrEqual(windowSeconds);
      }
    }
    expect(statuses).toEqual([401, 401, 401, ...Array<number>(17).fill(429)]);

    // Anyone without the owner's device cookie is refused, even with the right password.
    const refusals: [string, Record<string, string>][] = [
      ['an untrusted client', fromClient('192.0.2.5')],
      [
        "another account's device cookie",
        { ...fromClient(OWNER_BROWSER), cookie: colleagueDevice },
      ],
      ['a forged device cookie', { ...fromClient(OWNER_BROWSER), cookie: `${device}x` }],
    ];
    for (const [name, headers] of refusals) {
      const response = await login(right(), headers);
      expect(response.status, name).toBe(429);
      expect(retryAfterOf(response), name).toBeGreaterThan(0);
      expect(setCookie(response, 'vp_admin_session'), name).toBeUndefined();
    }

    // The owner's browser signs in, from home and from the attacker's own network alike.
    for (const address of [OWNER_BROWSER, ATTACKER]) {
      const response = await login(right(), { ...fromClient(address), cookie: device });
      expect(response.status, address).toBe(200);
      expect(setCookie(response, 'vp_admin_session'), address).toBeDefined();
    }
  });

  it("a trusted browser's own failures lock that browser only", async () => {
    const { max, message } = RATE_LIMITS.adminLoginPerDevice;
    expect(max).toBe(10);
    const stolen = await deviceOf(OWNER_BROWSER);
    const laptop = await deviceOf('198.51.100.11');
    // Eight failures of this browser are on its counter (named by the cookie's nonce).
    const { jti } = decodeJwt(stolen.slice(stolen.indexOf('=') + 1));
    await failedBefore(proxied, RATE_LIMITS.adminLoginPerDevice, jti!, max - 2);
    for (let i = 1; i <= 2; i++) {
      const response = await login(wrong(i), { ...fromClient(ATTACKER), cookie: stolen });
      expect(response.status).toBe(401);
    }
    const locked = await login(right(), { ...fromClient(OWNER_BROWSER), cookie: stolen });
    await expectError(locked, 429, message);
    expect(retryAfterOf(locked)).toBeGreaterThan(0);

    expect((await login(right(), { ...fromClient(OWNER_BROWSER), cookie: laptop })).status).toBe(
      200,
    );
    // The device's failures are not the account's: an untrusted client still signs in.
    expect((await login(right(), fromClient('192.0.2.8'))).status).toBe(200);
  });

  postgresOnly(
    'allows far fewer than 100 guesses an hour at one account from rotating addresses',
    async () => {
      const { max, windowSeconds } = RATE_LIMITS.adminLoginPerEmail;
      expect((max * 60 * 60) / windowSeconds).toBeLessThan(100);
      vi.mocked(password.verifyPassword).mockClear();
      // All at once, so that a check-then-count race would show.
      const answers = await Promise.all(
        Array.from({ length: 150 }, (_, i) =>
          login(wrong(i), fromClient(`10.${Math.floor(i / 250)}.${i % 250}.1`)),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      const guessed = statuses.filter((status) => status === 401).length;
      expect(guessed).toBeLessThanOrEqual(max);
      expect(guessed).toBeLessThanOrEqual(100);
      expect(statuses.filter((status) => status === 429)).toHaveLength(150 - guessed);
      for (const answer of answers.filter((a) => a.status === 429)) {
        expect(retryAfterOf(answer)).toBeLessThanOrEqual(windowSeconds);
      }
      // A refused guess costs no scrypt run.
      expect(vi.mocked(password.verifyPassword).mock.calls.length).toBeLessThanOrEqual(max);
    },
  );
});

describe('every rate limit answers Retry-After', () => {
  it.each(Object.entries(RATE_LIMITS))('%s: the seconds left in its window', async (_, limit) => {
    // The window's whole allowance in one hit (a weight: uploadBytes counts bytes).
    await hitRateLimit(api.database.db, limit, 'client-under-test', limit.max);
    const refusal = await hitRateLimit(api.database.db, limit, 'client-under-test').then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: 'rate_limited', message: limit.message });
    const { retryAfterSeconds } = refusal as AppError;
    expect(retryAfterSeconds).toBeGreaterThan(limit.windowSeconds - 60);
    expect(retryAfterSeconds).toBeLessThanOrEqual(limit.windowSeconds);
  });

  it('as a header on the 429 of forgot-password and reset-password', async () => {
    const { max, message, windowSeconds } = RATE_LIMITS.passwordReset;
    await failedBefore(api, RATE_LIMITS.passwordReset, '127.0.0.1', max);
    for (const response of [
      await post('/api/admin/forgot-password', { email: admin.email }),
      await post('/api/admin/reset-password', {
        resetToken: 'x'.repeat(43),
        newPassword: 'a brand new password',
      }),
    ]) {
      await expectError(response, 429, message);
      expect(retryAfterOf(response)).toBeGreaterThan(windowSeconds - 60);
      expect(retryAfterOf(response)).toBeLessThanOrEqual(windowSeconds);
    }
  });
});

describe('GET /api/admin/me', () => {
  it('answers 401 without a token', async () => {
    await expectError(await api.get('/api/admin/me'), 401, 'Please sign in as an administrator.');
  });

  it('answers the signed-in admin with the bearer token and with the cookie', async () => {
    const token = await signIn(api, 'admin', admin);
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
    const token = await signIn(api, 'admin', admin);
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
    const fresh = await signIn(api, 'admin', admin);
    expect((await me({ authorization: `Bearer ${fresh}` })).status).toBe(200);
  });

  it('ends every session of the admin, not only the one that signed out', async () => {
    const first = await signIn(api, 'admin', admin);
    const second = await signIn(api, 'admin', admin);
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
    const token = await signIn(api, 'admin', admin);
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
    const token = await signIn(api, 'admin', admin);
    const application = await insertApplication(api.database.db, {
      businessName: 'Cross Site Security',
      email: 'sipho@crosssite.example.co.za',
    });
    const response = await api.request(`/api/admin/applications/${application.id}/approve`, {
      method: 'POST',
      headers: { ...cookieHeader(token), origin: 'https://evil.example.com' },
    });
    await expectError(response, 403, ORIGIN_REFUSED);
    expect(await applicationRow(api, application.id)).toEqual(application);
    expect(await api.database.db.select().from(serviceProviders)).toEqual([]);
  });

  it('a cookie-authenticated logout from the same origin works', async () => {
    const token = await signIn(api, 'admin', admin);
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
        const response = await sendJson(other, 'POST', '/api/admin/forgot-password', {
          email: otherAdmin.email,
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
        sendJson(development, 'POST', '/api/admin/forgot-password', { email });

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
  /** A new password sent with `resetToken`, refused as a link that is no good. */
  const expectInvalidResetLink = async (resetToken: string) =>
    expectError(await resetPassword(resetToken, 'a brand new password'), 400, INVALID_RESET_LINK);

  it('sets the new password and ends the sessions from before', async () => {
    const session = await signIn(api, 'admin', admin);
    const resetToken = await resetTokenByMail();

    const response = await resetPassword(resetToken, 'a brand new password');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      message: 'Your password has been changed. Please sign in.',
    });

    await expectError(await me({ authorization: `Bearer ${session}` }), 401, SIGN_IN_AGAIN);
    const old = await postLogin(api, 'admin', { email: admin.email, password: admin.password });
    expect(old.status).toBe(401);
    expect(await old.json()).toEqual(LOGIN_FAILED);
    const token = await signIn(api, 'admin', {
      email: admin.email,
      password: 'a brand new password',
    });
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
    await expirePasswordLinks(api, 'admin', admin.id);
    const before = await adminRow(api, admin.id);

    await expectInvalidResetLink(resetToken);
    expect(await adminRow(api, admin.id)).toEqual(before);
  });

  it('answers 400 to a tampered link and changes nothing', async () => {
    const resetToken = await resetTokenByMail();
    const i = Math.floor(resetToken.length / 2);
    const tampered = `${resetToken.slice(0, i)}${resetToken[i] === 'A' ? 'B' : 'A'}${resetToken.slice(i + 1)}`;
    const before = await adminRow(api, admin.id);

    await expectInvalidResetLink(tampered);
    expect(await adminRow(api, admin.id)).toEqual(before);
    // The real link still works.
    expect((await resetPassword(resetToken, 'a brand new password')).status).toBe(200);
  });

  it('answers 400 to a made-up link', async () => {
    await expectInvalidResetLink('x'.repeat(43));
    await expectError(
      await resetPassword('short', 'a brand new password'),
      400,
      'The link is not valid',
    );
  });

  it('refuses made-up, expired and used links without hashing the new password', async () => {
    const used = await resetTokenByMail();
    expect((await resetPassword(used, 'first new password')).status).toBe(200);
    const expired = await resetTokenByMail();
    await expirePasswordLinks(api, 'admin', admin.id);
    const before = await adminRow(api, admin.id);

    vi.mocked(password.hashPassword).mockClear();
    for (const resetToken of ['x'.repeat(43), 'y'.repeat(43), expired, used]) {
      await expectInvalidResetLink(resetToken);
    }
    expect(password.hashPassword).not.toHaveBeenCalled();
    expect(await adminRow(api, admin.id)).toEqual(before);

    // A good link is hashed once.
    expect((await resetPassword(await resetTokenByMail(), 'a brand new password')).status).toBe(
      200,
    );
    expect(password.hashPassword).toHaveBeenCalledTimes(1);
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

  it('refuses a new password shorter than 8 characters, and keeps the link usable', async () => {
    const resetToken = await resetTokenByMail();
    const before = await adminRow(api, admin.id);
    const body = await expectError(
      await resetPassword(resetToken, '1234567'),
      400,
      'Password must be at least 8 characters long',
    );
    expect(body.errors?.newPassword).toBe('Password must be at least 8 characters long');
    expect(await adminRow(api, admin.id)).toEqual(before);

    expect((await resetPassword(resetToken, '12345678')).status).toBe(200);
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
      const response = await sendJson(broken, 'POST', '/api/admin/forgot-password', {
        email: other.email,
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(FORGOT_ANSWER);
    } finally {
      await broken.close();
    }
  });
});
