import { and, asc, eq, isNull } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { passwordTokens, providerSignIns, serviceProviders } from '../../db/schema.ts';
import { createPasswordToken } from '../../src/api/auth/password-tokens.ts';
import * as password from '../../src/api/auth/password.ts';
import { RATE_LIMITS } from '../../src/api/rate-limits/hit-rate-limit.ts';
import { adminSession, createTestAdmin } from '../helpers/admin-fixtures.ts';
import { databaseSnapshot, sendJson } from '../helpers/api-fixtures.ts';
import {
  bearer,
  cookiePair,
  expectStrictCookie,
  expirePasswordLinks,
  failedBefore,
  fromClient,
  postLogin,
  retryAfterOf,
  revokedSession,
  sessionToken,
  setCookie,
  SIGN_IN_AGAIN,
  signIn,
  tamperPayload,
  tamperSignature,
} from '../helpers/auth-fixtures.ts';
import { insertEnquiry, insertProvider, validApplicationBody } from '../helpers/builders.ts';
import { expectError, expectFieldError } from '../helpers/error-answer.ts';
import { imageBytes } from '../helpers/image-bytes.ts';
import { linkIn, watchOutbox } from '../helpers/outbox.ts';
import { profileBody } from '../helpers/profile-fixtures.ts';
import {
  createTestProvider,
  providerRow,
  providerSession,
  type TestProvider,
} from '../helpers/provider-fixtures.ts';
import { startTestApi, useTestApi } from '../helpers/test-api.ts';
import { postgresOnly } from '../helpers/test-database.ts';

// The app's own hashing, watched: a refused request must not cost a scrypt run.
vi.mock('../../src/api/auth/password.ts', async (importOriginal) =>
  (await import('../helpers/watched-password.ts')).watchPasswordModule(importOriginal),
);

// All requests come from 127.0.0.1, except in the describe that starts its own API with
// TRUST_PROXY. Provider login counts failures: 20 per client and 10 per account in 15
// minutes (a browser with the account's device cookie has its own 10); forgot-password
// and set-password share 10 per client an hour (3 per e-mail for forgot): reset() in
// beforeEach empties the counters. Sessions are minted (providerSession) unless the
// login is the point.
const api = useTestApi();

let provider: TestProvider;
beforeEach(async () => {
  await api.database.reset();
  provider = await createTestProvider(api, {
    name: 'Ubuntu Security Solutions',
    email: 'sipho@ubuntusecurity.example.co.za',
  });
});

const LOGIN_FAILED = { message: 'Invalid email or password' };
const LOG_IN = 'Please log in to your provider dashboard.';
const PROVIDERS_ONLY = 'This area is for service providers only.';
const ORIGIN_REFUSED = 'This request must come from the site itself.';
const INVALID_LINK =
  'This link is invalid, has expired or has been used. Please ask for a new one.';
const PASSWORD_SET = { message: 'Your password is set. Please log in.' };
const FORGOT_ANSWER = {
  message:
    'If a provider account uses that e-mail address, a link to choose a new password is on its way.',
};
const TOO_SHORT = 'Password must be at least 8 characters long';
const JWT = /^[\w-]+\.[\w-]+\.[\w-]+$/;

function send(method: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  return api.request(path, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

const credentialsOf = ({ email, password }: TestProvider) => ({ email, password });
const me = (headers: Record<string, string>) => api.get('/api/provider/me', { headers });
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const cookieHeader = (token: string) => ({ cookie: `vp_provider_session=${token}` });
const setPassword = (resetToken: string, newPassword: string) =>
  send('POST', '/api/provider/set-password', { resetToken, newPassword });
const forgot = (email: string, target = api) =>
  sendJson(target, 'POST', '/api/provider/forgot-password', { email });
const changePassword = (token: string, body: Record<string, unknown>) =>
  send('PUT', '/api/provider/password', body, bearer(token));

/** An answer's text must not carry a password hash or a token version. */
function expectNoSecrets(text: string) {
  expect(text).not.toMatch(/passwordHash|password_hash|scrypt\$|tokenVersion|token_version/i);
}

/** Every row a provider route could change, for before/after comparisons. */
const snapshot = () => databaseSnapshot(api);

/** A password link for the provider made by the product's own function (72 hours). */
const passwordLink = (providerId: number, purpose: 'reset' | 'set-password' = 'set-password') =>
  createPasswordToken(api.database.db, {
    owner: { providerId },
    purpose,
    validMinutes: 72 * 60,
  });

describe('every signed-in provider route refuses a missing or invalid session', () => {
  interface Route {
    name: string;
    send(headers: Record<string, string>): Promise<Response>;
  }

  /**
   * The provider's routes, each with a body that would change something if it got
   * through: its own enquiry, a valid profile, its own uploaded image, its own password.
   */
  async function signedInRoutes(): Promise<Route[]> {
    const enquiry = await insertEnquiry(api.database.db, { assignedProviderId: provider.id });
    const session = await providerSession(api, provider.id);
    const ticket = (await (
      await api.request('/api/objects/upload', { method: 'POST', headers: auth(session) })
    ).json()) as { uploadURL: string };
    const upload = await api.request(ticket.uploadURL, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: imageBytes('png'),
    });
    expect(upload.status).toBe(200);
    const json = { 'content-type': 'application/json' };
    const put = (path: string, body: unknown) => (headers: Record<string, string>) =>
      api.request(path, {
        method: 'PUT',
        headers: { ...json, ...headers },
        body: JSON.stringify(body),
      });
    return [
      { name: 'GET /api/provider/me', send: (headers) => api.get('/api/provider/me', { headers }) },
      {
        name: 'POST /api/provider/logout',
        send: (headers) => api.request('/api/provider/logout', { method: 'POST', headers }),
      },
      {
        name: 'PUT /api/provider/password',
        send: put('/api/provider/password', {
          currentPassword: provider.password,
          newPassword: 'a new password',
        }),
      },
      {
        name: 'GET /api/provider/enquiries',
        send: (headers) => api.get('/api/provider/enquiries', { headers }),
      },
      {
        name: 'PUT /api/provider/enquiries/:id/response',
        send: put(`/api/provider/enquiries/${enquiry.id}/response`, {
          providerResponse: 'We can come on Monday.',
          status: 'in_progress',
        }),
      },
      {
        name: 'PUT /api/provider/profile',
        send: put(
          '/api/provider/profile',
          profileBody({
            name: 'Taken Over',
            email: 'attacker@evil.example.com',
            phone: '0825550199',
            services: ['cctv'],
            description: 'Changed by someone else.',
          }),
        ),
      },
      {
        name: 'PUT /api/provider/profile-image',
        send: put('/api/provider/profile-image', { profileImageURL: ticket.uploadURL }),
      },
      {
        name: 'POST /api/objects/upload',
        send: (headers) => api.request('/api/objects/upload', { method: 'POST', headers }),
      },
    ];
  }

  /** Every route answers `status` and `message` with these headers, and changes nothing. */
  async function expectRefused(
    headers: Record<string, string>,
    status: number,
    message: string,
  ): Promise<void> {
    const routes = await signedInRoutes();
    const before = await snapshot();
    for (const route of routes) {
      const response = await route.send(headers);
      expect(response.status, route.name).toBe(status);
      expect(await response.json(), route.name).toEqual({ message });
      expect(setCookie(response, 'vp_provider_session'), route.name).toBeUndefined();
    }
    expect(await snapshot()).toEqual(before);
  }

  it('answers 403 to every change authenticated by the cookie from another origin', async () => {
    const token = await providerSession(api, provider.id);
    const changes = (await signedInRoutes()).filter((route) => !route.name.startsWith('GET'));
    const before = await snapshot();
    for (const route of changes) {
      const response = await route.send({
        ...cookieHeader(token),
        origin: 'https://evil.example.com',
      });
      expect(response.status, route.name).toBe(403);
      expect(await response.json(), route.name).toEqual({ message: ORIGIN_REFUSED });
    }
    expect(await snapshot()).toEqual(before);
    expect((await me(cookieHeader(token))).status).toBe(200);
  });

  it('answers 401 without a token', async () => {
    await expectRefused({}, 401, LOG_IN);
  });

  it("answers 403 to an administrator's token, as bearer and as the provider cookie", async () => {
    const admin = await createTestAdmin(api);
    const token = await adminSession(api, admin.id);
    expect((await api.get('/api/admin/me', { headers: auth(token) })).status).toBe(200);
    await expectRefused(auth(token), 403, PROVIDERS_ONLY);
    // A GET needs no Origin check, so the role check is what refuses it.
    await expectError(await me(cookieHeader(token)), 403, PROVIDERS_ONLY);
    // The admin's own cookie is not the provider's.
    await expectError(await me({ cookie: `vp_admin_session=${token}` }), 401, LOG_IN);
  });

  it('answers 401 to an expired token', async () => {
    const expired = await sessionToken(api, 'provider', provider.id, { expired: true });
    await expectRefused(auth(expired), 401, SIGN_IN_AGAIN);
  });

  it('answers 401 to a token with a changed signature', async () => {
    const token = tamperSignature(await providerSession(api, provider.id));
    await expectRefused(auth(token), 401, SIGN_IN_AGAIN);
  });

  it("answers 401 to another provider's token whose subject was changed to this provider", async () => {
    const other = await insertProvider(api.database.db);
    const token = tamperPayload(await providerSession(api, other.id), { sub: String(provider.id) });
    await expectRefused(auth(token), 401, SIGN_IN_AGAIN);
  });

  it('answers 401 to a token whose role was changed from admin to provider', async () => {
    const adminToken = await sessionToken(api, 'admin', provider.id, { version: 0 });
    const token = tamperPayload(adminToken, { role: 'provider' });
    await expectRefused(auth(token), 401, SIGN_IN_AGAIN);
  });

  it('answers 401 to a value that is not a token', async () => {
    await expectRefused(auth('not-a-token'), 401, SIGN_IN_AGAIN);
  });

  it('answers 401 to the token of a deleted provider', async () => {
    const gone = await insertProvider(api.database.db);
    const token = await providerSession(api, gone.id);
    expect((await me(auth(token))).status).toBe(200);
    await api.database.db.delete(serviceProviders).where(eq(serviceProviders.id, gone.id));
    await expectRefused(auth(token), 401, SIGN_IN_AGAIN);
  });

  it('answers 401 to a token revoked by logging out', async () => {
    const token = await revokedSession(api, 'provider', provider);
    await expectRefused(auth(token), 401, SIGN_IN_AGAIN);
  });

  it('answers 401 to a token from before the current token version', async () => {
    await api.database.db
      .update(serviceProviders)
      .set({ tokenVersion: 3 })
      .where(eq(serviceProviders.id, provider.id));
    const stale = await sessionToken(api, 'provider', provider.id, { version: 2 });
    await expectRefused(auth(stale), 401, SIGN_IN_AGAIN);
    const current = await providerSession(api, provider.id);
    expect((await me(auth(current))).status).toBe(200);
  });
});

describe('POST /api/provider/login', () => {
  it('answers only a token, sets the session cookie, and the token opens the dashboard', async () => {
    const response = await postLogin(api, 'provider', {
      email: provider.email,
      password: provider.password,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const text = await response.text();
    expectNoSecrets(text);
    const body = JSON.parse(text) as { token: string };
    expect(body).toEqual({ token: expect.stringMatching(JWT) as unknown });

    const session = expectStrictCookie(response, 'vp_provider_session', '/api');
    expect(session.pair).toBe(`vp_provider_session=${body.token}`);
    expect(setCookie(response, 'vp_admin_session')).toBeUndefined();

    for (const headers of [auth(body.token), cookieHeader(body.token)]) {
      const answer = await me(headers);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
      const profile = await answer.text();
      expectNoSecrets(profile);
      expect(JSON.parse(profile)).toMatchObject({
        id: provider.id,
        name: 'Ubuntu Security Solutions',
        email: provider.email,
      });
    }
  });

  it('accepts the e-mail in any case and with spaces around it, however it is stored', async () => {
    await api.database.db
      .update(serviceProviders)
      .set({ email: 'Sipho@UbuntuSecurity.example.co.za' })
      .where(eq(serviceProviders.id, provider.id));
    for (const email of ['  SIPHO@ubuntusecurity.EXAMPLE.co.za ', provider.email]) {
      const response = await postLogin(api, 'provider', { email, password: provider.password });
      expect(response.status, email).toBe(200);
    }
  });

  it('answers the same 401 for a wrong password, an unknown e-mail and a provider without a password', async () => {
    const invited = await insertProvider(api.database.db, {
      email: 'invited@ubuntusecurity.example.co.za',
    });
    expect(invited.passwordHash).toBeNull();
    const before = await snapshot();
    const attempts = [
      { email: provider.email, password: 'wrong password' },
      { email: 'nobody@ubuntusecurity.example.co.za', password: provider.password },
      { email: invited.email, password: provider.password },
    ];
    for (const credentials of attempts) {
      const response = await postLogin(api, 'provider', credentials);
      expect(response.status, credentials.email).toBe(401);
      expect(await response.json()).toEqual(LOGIN_FAILED);
      expect(setCookie(response, 'vp_provider_session')).toBeUndefined();
    }
    expect(await snapshot()).toEqual(before);
  });

  it("does not accept an administrator's credentials", async () => {
    const admin = await createTestAdmin(api);
    const response = await postLogin(api, 'provider', {
      email: admin.email,
      password: admin.password,
    });
    await expectError(response, 401, LOGIN_FAILED.message);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    [
      'an invalid e-mail',
      { email: 'sipho-at-ubuntu', password: 'x' },
      'email',
      'Invalid email address',
    ],
    ['no e-mail', { password: 'x' }, 'email', 'Invalid email address'],
    ['an e-mail that is a number', { email: 42, password: 'x' }, 'email', 'Invalid email address'],
    ['an empty password', { email: 'a@b.co.za', password: '' }, 'password', 'Password is required'],
    ['no password', { email: 'a@b.co.za' }, 'password', 'Password is required'],
  ])('answers 400 with a field error for %s', async (_, credentials, field, message) => {
    await expectFieldError(await postLogin(api, 'provider', credentials), field, message);
  });

  it('answers 400 to a body that is not JSON and 415 to a form post', async () => {
    const broken = await api.request('/api/provider/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    await expectError(broken, 400, 'The request body must be JSON');
    const form = await api.request('/api/provider/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: provider.email, password: provider.password }).toString(),
    });
    await expectError(form, 415);
    expect(setCookie(form, 'vp_provider_session')).toBeUndefined();
  });

  it('answers 429 once a client has failed 20 times, even with the right password, and right passwords do not count', async () => {
    const { max, message, windowSeconds } = RATE_LIMITS.providerLogin;
    expect(max).toBe(20);
    // 18 failures are on the client's counter already (each real one costs a scrypt run).
    await failedBefore(api, RATE_LIMITS.providerLogin, '127.0.0.1', max - 2);
    expect((await postLogin(api, 'provider', credentialsOf(provider))).status).toBe(200);
    const guess = { email: 'guess@ubuntusecurity.example.co.za', password: 'guess' };
    await expectError(await postLogin(api, 'provider', guess), 401, LOGIN_FAILED.message);
    expect((await postLogin(api, 'provider', credentialsOf(provider))).status).toBe(200);
    await expectError(await postLogin(api, 'provider', guess), 401, LOGIN_FAILED.message);

    vi.mocked(password.verifyPassword).mockClear();
    const response = await postLogin(api, 'provider', credentialsOf(provider));
    await expectError(response, 429, message);
    expect(retryAfterOf(response)).toBeGreaterThan(0);
    expect(retryAfterOf(response)).toBeLessThanOrEqual(windowSeconds);
    expect(setCookie(response, 'vp_provider_session')).toBeUndefined();
    expect(password.verifyPassword).not.toHaveBeenCalled();
  });

  it('answers 429 after 10 failures for one e-mail (any case), while others still log in', async () => {
    const { max, message, windowSeconds } = RATE_LIMITS.providerLoginPerEmail;
    expect(max).toBe(10);
    // Eight failures are on the account's counter already; two more lock it.
    await failedBefore(api, RATE_LIMITS.providerLoginPerEmail, provider.email, max - 2);
    for (let i = 1; i <= 2; i++) {
      const response = await postLogin(api, 'provider', {
        email: provider.email,
        password: `guess ${i}`,
      });
      expect(response.status).toBe(401);
    }
    for (const email of [provider.email, provider.email.toUpperCase()]) {
      const response = await postLogin(api, 'provider', { email, password: provider.password });
      await expectError(response, 429, message);
      expect(retryAfterOf(response)).toBeLessThanOrEqual(windowSeconds);
      expect(setCookie(response, 'vp_provider_session')).toBeUndefined();
    }

    const colleague = await createTestProvider(api);
    expect((await postLogin(api, 'provider', credentialsOf(colleague))).status).toBe(200);
  });

  it("clears the account's failures when its owner logs in", async () => {
    const { max } = RATE_LIMITS.providerLoginPerEmail;
    // Nine failures are on the account's counter: one more would lock it.
    await failedBefore(api, RATE_LIMITS.providerLoginPerEmail, provider.email, max - 1);
    expect((await postLogin(api, 'provider', credentialsOf(provider))).status).toBe(200);
    for (let i = 1; i <= 2; i++) {
      const response = await postLogin(api, 'provider', {
        email: provider.email,
        password: `guess ${i}`,
      });
      expect(response.status, `guess ${i}`).toBe(401);
    }
    expect((await postLogin(api, 'provider', credentialsOf(provider))).status).toBe(200);
  });

  it('sets a long-lived device cookie for the login route, and remembers the address', async () => {
    const response = await postLogin(api, 'provider', credentialsOf(provider));
    expect(response.status).toBe(200);
    const device = expectStrictCookie(response, 'vp_provider_device', '/api/provider/login');
    expect(device.pair).toMatch(/^vp_provider_device=[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(device.maxAge).toBeGreaterThanOrEqual(30 * 24 * 60 * 60);
    // The device cookie is no session.
    await expectError(await me(cookieHeader(device.pair.split('=')[1]!)), 401, SIGN_IN_AGAIN);
    // The address the provider logged in from, for the moderation of reviews.
    expect(await api.database.db.select().from(providerSignIns)).toEqual([
      { providerId: provider.id, address: '127.0.0.1', lastSeenAt: expect.any(Date) as unknown },
    ]);

    const wrong = await postLogin(api, 'provider', {
      ...credentialsOf(provider),
      password: 'nope',
    });
    expect(setCookie(wrong, 'vp_provider_device')).toBeUndefined();
  });
});

describe('login limits do not lock the provider out', () => {
  // Its own API behind a "proxy", so that X-Forwarded-For tells the clients apart.
  const proxied = useTestApi({ TRUST_PROXY: 'true' });

  let owner: TestProvider;
  beforeEach(async () => {
    await proxied.database.reset();
    owner = await createTestProvider(proxied, { email: 'owner@ubuntusecurity.example.co.za' });
  });

  const OWNER_BROWSER = '198.51.100.20';
  const ATTACKER = '203.0.113.99';

  it('a browser that logged in before still logs in while a flood locks the account for everyone else', async () => {
    const { max, message, windowSeconds } = RATE_LIMITS.providerLoginPerEmail;
    const first = await postLogin(
      proxied,
      'provider',
      credentialsOf(owner),
      fromClient(OWNER_BROWSER),
    );
    expect(first.status).toBe(200);
    const device = cookiePair(first, 'vp_provider_device');

    // Nine failures on the account's counter already, then the flood goes on.
    await failedBefore(proxied, RATE_LIMITS.providerLoginPerEmail, owner.email, max - 1);
    const statuses: number[] = [];
    for (let i = 1; i <= 5; i++) {
      const response = await postLogin(
        proxied,
        'provider',
        { email: owner.email, password: `guess ${i}` },
        fromClient(ATTACKER),
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 429, 429, 429, 429]);

    const untrusted = await postLogin(
      proxied,
      'provider',
      credentialsOf(owner),
      fromClient('192.0.2.9'),
    );
    await expectError(untrusted, 429, message);
    expect(retryAfterOf(untrusted)).toBeGreaterThan(0);
    expect(retryAfterOf(untrusted)).toBeLessThanOrEqual(windowSeconds);

    const trusted = await postLogin(proxied, 'provider', credentialsOf(owner), {
      ...fromClient(ATTACKER),
      cookie: device,
    });
    expect(trusted.status).toBe(200);
    expect(setCookie(trusted, 'vp_provider_session')).toBeDefined();
    const addresses = await proxied.database.db
      .select({ address: providerSignIns.address })
      .from(providerSignIns)
      .where(eq(providerSignIns.providerId, owner.id))
      .orderBy(asc(providerSignIns.address));
    expect(addresses).toEqual([{ address: OWNER_BROWSER }, { address: ATTACKER }]);
  });
});

describe('the session cookie', () => {
  const putProfile = (headers: Record<string, string>) =>
    send('PUT', '/api/provider/profile', profileBody(), headers);

  it.each<[string, Record<string, string>]>([
    ['from another origin', { origin: 'https://evil.example.com' }],
    ['from a look-alike origin', { origin: 'http://127.0.0.1.evil.example.com' }],
    ['without an Origin header', {}],
  ])('a cookie-authenticated PUT %s answers 403 and changes nothing', async (_, headers) => {
    const token = await providerSession(api, provider.id);
    const before = await snapshot();
    const response = await putProfile({ ...cookieHeader(token), ...headers });
    await expectError(response, 403, ORIGIN_REFUSED);
    expect(await snapshot()).toEqual(before);
    // Reading with the cookie needs no Origin.
    expect((await me(cookieHeader(token))).status).toBe(200);
  });

  it('a cookie-authenticated logout from another origin answers 403 and ends no session', async () => {
    const token = await providerSession(api, provider.id);
    const before = await snapshot();
    const response = await api.request('/api/provider/logout', {
      method: 'POST',
      headers: { ...cookieHeader(token), origin: 'https://evil.example.com' },
    });
    await expectError(response, 403, ORIGIN_REFUSED);
    expect(setCookie(response, 'vp_provider_session')).toBeUndefined();
    expect(await snapshot()).toEqual(before);
    expect((await me(auth(token))).status).toBe(200);
  });

  it('a cookie-authenticated PUT from the same origin works', async () => {
    const token = await providerSession(api, provider.id);
    const response = await putProfile({ ...cookieHeader(token), origin: api.url });
    expect(response.status).toBe(200);
    expect((await providerRow(api, provider.id)).location).toBe('Durban');
  });

  it('a bearer token works from anywhere (it is not sent by the browser on its own)', async () => {
    const token = await providerSession(api, provider.id);
    const response = await putProfile({ ...auth(token), origin: 'https://app.example.com' });
    expect(response.status).toBe(200);
    expect((await providerRow(api, provider.id)).location).toBe('Durban');
  });
});

describe('POST /api/provider/logout', () => {
  it('ends every session of the provider and clears the cookie', async () => {
    const first = await signIn(api, 'provider', provider);
    const second = await providerSession(api, provider.id);
    const before = await providerRow(api, provider.id);

    const response = await api.request('/api/provider/logout', {
      method: 'POST',
      headers: { ...cookieHeader(first), origin: api.url },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Logged out' });
    const cleared = setCookie(response, 'vp_provider_session');
    expect(cleared).toMatch(/^vp_provider_session=;/);
    expect(cleared).toMatch(/Max-Age=0/i);
    expect(cleared).toContain('Path=/api');

    const after = await providerRow(api, provider.id);
    expect(after.tokenVersion).toBe(before.tokenVersion + 1);
    expect(after.passwordHash).toBe(before.passwordHash);
    for (const token of [first, second]) {
      await expectError(await me(auth(token)), 401, SIGN_IN_AGAIN);
      await expectError(await me(cookieHeader(token)), 401, SIGN_IN_AGAIN);
    }

    // Logging in again gives a working session.
    const fresh = await signIn(api, 'provider', provider);
    expect((await me(auth(fresh))).status).toBe(200);
  });
});

describe('POST /api/provider/set-password', () => {
  it('sets the password of a provider approved through the admin API, once', async () => {
    const admin = await createTestAdmin(api);
    const adminToken = await adminSession(api, admin.id);
    const applied = await send(
      'POST',
      '/api/provider-applications',
      validApplicationBody({ email: 'thandi@securehome.example.co.za' }),
    );
    expect(applied.status).toBe(201);
    const { id } = (await applied.json()) as { id: number };
    const outbox = await watchOutbox(api);
    const approved = await api.request(`/api/admin/applications/${id}/approve`, {
      method: 'POST',
      headers: bearer(adminToken),
    });
    expect(approved.status).toBe(201);
    const { providerId } = (await approved.json()) as { providerId: number };

    const mails = await outbox.newMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe('thandi@securehome.example.co.za');
    const link = linkIn(mails[0]!.text, '/dashboard/set-password?token=');
    expect(link?.origin).toBe(api.url);
    const resetToken = link?.searchParams.get('token');
    if (!resetToken) throw new Error('No set-password link in the approval mail');

    const credentials = { email: 'thandi@securehome.example.co.za', password: 'my first password' };
    const before = await providerRow(api, providerId);
    expect(before.passwordHash).toBeNull();

    const response = await setPassword(resetToken, credentials.password);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(await response.json()).toEqual(PASSWORD_SET);
    const after = await providerRow(api, providerId);
    expect(after.passwordHash).toMatch(/^scrypt\$/);
    expect(after.tokenVersion).toBe(before.tokenVersion + 1);
    const [used] = await api.database.db
      .select()
      .from(passwordTokens)
      .where(eq(passwordTokens.providerId, providerId));
    expect(used?.usedAt).toBeInstanceOf(Date);

    const token = await signIn(api, 'provider', credentials);
    const profile = await me(auth(token));
    expect(await profile.json()).toMatchObject({
      id: providerId,
      name: 'Secure Home Installations',
      isApproved: true,
    });

    // The link works once.
    const again = await setPassword(resetToken, 'someone else now');
    await expectError(again, 400, INVALID_LINK);
    expect(await providerRow(api, providerId)).toEqual(after);
  });

  postgresOnly('lets only one of two simultaneous uses of a link through', async () => {
    const resetToken = await passwordLink(provider.id);
    const answers = await Promise.all([
      setPassword(resetToken, 'first racer password'),
      setPassword(resetToken, 'second racer password'),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect((await providerRow(api, provider.id)).tokenVersion).toBe(1);
  });

  it('answers 429 to the 11th request from one client an hour and keeps the link unused', async () => {
    const { max, message } = RATE_LIMITS.passwordReset;
    expect(max).toBe(10);
    const resetToken = await passwordLink(provider.id);
    // Every request counts, even one the server refuses before hashing anything.
    for (let i = 1; i <= max; i++) {
      await expectError(await setPassword(resetToken, '123'), 400, TOO_SHORT);
    }
    const before = await snapshot();
    const refused = await setPassword(resetToken, 'long enough now');
    await expectError(refused, 429, message);
    expect(retryAfterOf(refused)).toBeGreaterThan(RATE_LIMITS.passwordReset.windowSeconds - 60);
    expect(retryAfterOf(refused)).toBeLessThanOrEqual(RATE_LIMITS.passwordReset.windowSeconds);
    expect(await snapshot()).toEqual(before);
    // Forgot-password shares the limit.
    const forgotten = await forgot(provider.email);
    await expectError(forgotten, 429, message);
    expect(retryAfterOf(forgotten)).toBeGreaterThan(0);
  });

  it('refuses made-up, expired and used links without hashing the new password', async () => {
    const used = await passwordLink(provider.id);
    expect((await setPassword(used, 'first new password')).status).toBe(200);
    const expired = await passwordLink(provider.id, 'reset');
    await expirePasswordLinks(api, 'provider', provider.id);
    const before = await snapshot();

    vi.mocked(password.hashPassword).mockClear();
    for (const resetToken of ['x'.repeat(43), 'y'.repeat(43), 'z'.repeat(43), expired, used]) {
      await expectError(await setPassword(resetToken, 'a brand new password'), 400, INVALID_LINK);
    }
    expect(password.hashPassword).not.toHaveBeenCalled();
    expect(await snapshot()).toEqual(before);

    // A good link is hashed once.
    expect((await setPassword(await passwordLink(provider.id), 'a new password')).status).toBe(200);
    expect(password.hashPassword).toHaveBeenCalledTimes(1);
  });

  it('ends the sessions from before and replaces the old password', async () => {
    const session = await providerSession(api, provider.id);
    const resetToken = await passwordLink(provider.id, 'reset');
    expect((await setPassword(resetToken, 'a brand new password')).status).toBe(200);

    await expectError(await me(auth(session)), 401, SIGN_IN_AGAIN);
    const old = await postLogin(api, 'provider', credentialsOf(provider));
    expect(await old.json()).toEqual(LOGIN_FAILED);
    const token = await signIn(api, 'provider', { ...provider, password: 'a brand new password' });
    expect((await me(auth(token))).status).toBe(200);
  });

  it('refuses a password shorter than 8 characters and keeps the link usable', async () => {
    const resetToken = await passwordLink(provider.id);
    const before = await snapshot();
    const body = await expectError(await setPassword(resetToken, '1234567'), 400, TOO_SHORT);
    expect(body.errors).toEqual({ newPassword: TOO_SHORT });
    expect(await snapshot()).toEqual(before);

    expect((await setPassword(resetToken, '12345678')).status).toBe(200);
  });

  it('refuses an expired link and changes nothing', async () => {
    const resetToken = await passwordLink(provider.id);
    await expirePasswordLinks(api, 'provider', provider.id);
    const before = await snapshot();
    await expectError(await setPassword(resetToken, 'a brand new password'), 400, INVALID_LINK);
    expect(await snapshot()).toEqual(before);
  });

  it('makes older links useless once a newer one is used', async () => {
    const older = await passwordLink(provider.id);
    const newer = await passwordLink(provider.id, 'reset');
    expect((await setPassword(newer, 'the newest password')).status).toBe(200);
    const before = await snapshot();
    await expectError(await setPassword(older, 'an older password'), 400, INVALID_LINK);
    expect(await snapshot()).toEqual(before);
  });

  // A link belongs to the address it was mailed to: a set-password link sent to a
  // mistyped address must not outlive the admin's correction of it.
  it.each<[string, (newEmail: string) => Promise<Response>]>([
    [
      'an administrator',
      async (email) =>
        send(
          'PUT',
          `/api/admin/providers/${provider.id}`,
          { email },
          bearer(await adminSession(api, (await createTestAdmin(api)).id)),
        ),
    ],
    [
      'the provider',
      async (email) =>
        send(
          'PUT',
          '/api/provider/profile',
          profileBody({
            email,
            phone: '0825550199',
            services: ['cctv'],
            description: 'Alarms and cameras in Durban.',
          }),
          bearer(await providerSession(api, provider.id)),
        ),
    ],
  ])('ends the open links once %s changes the e-mail', async (_, changeEmail) => {
    const openLinks = async () =>
      (
        await api.database.db
          .select()
          .from(passwordTokens)
          .where(and(eq(passwordTokens.providerId, provider.id), isNull(passwordTokens.usedAt)))
      ).length;
    const setLink = await passwordLink(provider.id);
    const resetLink = await passwordLink(provider.id, 'reset');
    // Saved with the same address, in any case: the same mailbox, so the links stay open.
    expect((await changeEmail('sipho@ubuntusecurity.example.co.za')).status).toBe(200);
    expect((await changeEmail('SIPHO@UbuntuSecurity.example.co.za')).status).toBe(200);
    expect(await openLinks()).toBe(2);

    expect((await changeEmail('sipho@new-address.example.co.za')).status).toBe(200);
    expect(await openLinks()).toBe(0);
    for (const link of [setLink, resetLink]) {
      await expectError(await setPassword(link, 'whoever has the old mail'), 400, INVALID_LINK);
    }
    // A link to the new address works.
    expect((await setPassword(await passwordLink(provider.id), 'a new start')).status).toBe(200);
  });

  it("refuses an administrator's reset link, which stays usable for the administrator", async () => {
    const admin = await createTestAdmin(api);
    const adminLink = await createPasswordToken(api.database.db, {
      owner: { adminId: admin.id },
      purpose: 'reset',
      validMinutes: 60,
    });
    const before = await snapshot();
    await expectError(await setPassword(adminLink, 'taken over'), 400, INVALID_LINK);
    expect(await snapshot()).toEqual(before);

    const reset = await send('POST', '/api/admin/reset-password', {
      resetToken: adminLink,
      newPassword: 'the admin chose this',
    });
    expect(reset.status).toBe(200);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    [
      'a made-up link',
      { resetToken: 'x'.repeat(43), newPassword: 'long enough' },
      '',
      INVALID_LINK,
    ],
    [
      'a short link',
      { resetToken: 'short', newPassword: 'long enough' },
      'resetToken',
      'The link is not valid',
    ],
    ['no link', { newPassword: 'long enough' }, 'resetToken', 'The link is not valid'],
    ['no password', { resetToken: 'x'.repeat(43) }, 'newPassword', TOO_SHORT],
  ])('answers 400 to %s and changes nothing', async (_, body, field, message) => {
    const before = await snapshot();
    const answer = await expectError(
      await send('POST', '/api/provider/set-password', body),
      400,
      message,
    );
    if (field) expect(answer.errors?.[field]).toBe(message);
    expect(await snapshot()).toEqual(before);
  });
});

describe('POST /api/provider/forgot-password', () => {
  it('answers the same for a known and an unknown e-mail, and mails the known one only', async () => {
    const outbox = await watchOutbox(api);
    const known = await forgot('  SIPHO@ubuntusecurity.example.co.za');
    expect(known.status).toBe(200);
    expect(known.headers.get('cache-control')).toBe('private, no-store');
    expect(await known.json()).toEqual(FORGOT_ANSWER);

    const mails = await outbox.newMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(provider.email);
    expect(mails[0]!.subject).toBe('Reset your Verified Providers password');
    const link = linkIn(mails[0]!.text, '/dashboard/set-password?token=');
    expect(link?.origin).toBe(api.url);
    expect(link?.pathname).toBe('/dashboard/set-password');
    const resetToken = link?.searchParams.get('token');
    expect(resetToken).toMatch(/^[\w-]{20,}$/);
    const [stored] = await api.database.db.select().from(passwordTokens);
    expect(stored).toMatchObject({ purpose: 'reset', providerId: provider.id, usedAt: null });

    const unknownOutbox = await watchOutbox(api);
    const unknown = await forgot('nobody@ubuntusecurity.example.co.za');
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual(FORGOT_ANSWER);
    expect(await unknownOutbox.newMails()).toEqual([]);
    expect(await api.database.db.select().from(passwordTokens)).toHaveLength(1);

    // The mailed link sets a new password.
    expect((await setPassword(resetToken!, 'chosen from the mail')).status).toBe(200);
  });

  it('answers 400 for an invalid e-mail and mails nothing', async () => {
    const outbox = await watchOutbox(api);
    const body = await expectError(await forgot('not-an-email'), 400, 'Invalid email address');
    expect(body.errors?.email).toBe('Invalid email address');
    expect(await outbox.newMails()).toEqual([]);
  });

  it('answers 429 to the 4th request for one e-mail and mails no more', async () => {
    const { max, message } = RATE_LIMITS.passwordResetPerEmail;
    expect(max).toBe(3);
    const outbox = await watchOutbox(api);
    for (let i = 1; i <= max; i++) expect((await forgot(provider.email)).status).toBe(200);
    const refused = await forgot(provider.email);
    await expectError(refused, 429, message);
    expect(retryAfterOf(refused)).toBeLessThanOrEqual(
      RATE_LIMITS.passwordResetPerEmail.windowSeconds,
    );
    expect(await outbox.newMails()).toHaveLength(max);
  });

  it.each([['test'], ['production']])('never answers the token with APP_ENV=%s', async (appEnv) => {
    const other =
      appEnv === 'test'
        ? api
        : await startTestApi({ APP_ENV: appEnv, SESSION_SECRET: 'x'.repeat(40) });
    try {
      const known = other === api ? provider : await insertProvider(other.database.db);
      const outbox = await watchOutbox(other);
      const response = await forgot(known.email, other);
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(JSON.parse(text)).toEqual(FORGOT_ANSWER);
      const [mail] = await outbox.newMails();
      const token = linkIn(mail!.text, 'token=')?.searchParams.get('token');
      expect(token).toBeTruthy();
      expect(text).not.toContain(token!);
    } finally {
      if (other !== api) await other.close();
    }
  });

  it('answers the token in development mode, for a known e-mail only', async () => {
    const development = await startTestApi({ APP_ENV: 'development' });
    try {
      const known = await insertProvider(development.database.db);
      const outbox = await watchOutbox(development);
      const response = await forgot(known.email, development);
      expect(response.status).toBe(200);
      const body = (await response.json()) as { message: string; resetToken?: string };
      expect(body.message).toBe(FORGOT_ANSWER.message);
      const [mail] = await outbox.newMails();
      expect(body.resetToken).toBeTruthy();
      expect(body.resetToken).toBe(
        linkIn(mail!.text, '/dashboard/set-password?token=')?.searchParams.get('token'),
      );

      const unknown = await forgot('nobody@ubuntusecurity.example.co.za', development);
      expect(await unknown.json()).toEqual(FORGOT_ANSWER);
    } finally {
      await development.close();
    }
  });
});

describe('PUT /api/provider/password', () => {
  const WRONG_CURRENT = 'The current password is not correct.';

  it('refuses a wrong current password with a field error and changes nothing', async () => {
    const token = await providerSession(api, provider.id);
    const before = await snapshot();
    const response = await changePassword(token, {
      currentPassword: 'not my password',
      newPassword: 'a brand new password',
    });
    const body = await expectError(response, 400, WRONG_CURRENT);
    expect(body.errors).toEqual({ currentPassword: WRONG_CURRENT });
    expect(setCookie(response, 'vp_provider_session')).toBeUndefined();
    expect(await snapshot()).toEqual(before);
    expect((await me(auth(token))).status).toBe(200);
  });

  it('ends the open password links, so a link left in a mailbox cannot undo the change', async () => {
    const link = await passwordLink(provider.id, 'reset');
    const token = await providerSession(api, provider.id);
    const response = await changePassword(token, {
      currentPassword: provider.password,
      newPassword: 'my safer password',
    });
    expect(response.status).toBe(200);
    await expectError(await setPassword(link, 'whoever has the mail'), 400, INVALID_LINK);
    await signIn(api, 'provider', { email: provider.email, password: 'my safer password' });
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    [
      'a new password shorter than 8 characters',
      { currentPassword: 'x', newPassword: '12345' },
      'newPassword',
      TOO_SHORT,
    ],
    ['no new password', { currentPassword: 'x' }, 'newPassword', TOO_SHORT],
    [
      'no current password',
      { newPassword: 'a brand new password' },
      'currentPassword',
      'Current password is required',
    ],
    [
      'an empty current password',
      { currentPassword: '', newPassword: 'a brand new password' },
      'currentPassword',
      'Current password is required',
    ],
  ])('answers 400 to %s and changes nothing', async (_, body, field, message) => {
    const token = await providerSession(api, provider.id);
    const before = await snapshot();
    await expectFieldError(await changePassword(token, body), field, message);
    expect(await snapshot()).toEqual(before);
  });

  it('changes the password, answers a new token, and ends every other session', async () => {
    const session = await signIn(api, 'provider', provider);
    const elsewhere = await providerSession(api, provider.id);
    const before = await providerRow(api, provider.id);

    const response = await changePassword(session, {
      currentPassword: provider.password,
      newPassword: 'a brand new password',
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    expectNoSecrets(text);
    const body = JSON.parse(text) as { message: string; token: string };
    expect(body).toEqual({
      message: 'Your password has been changed.',
      token: expect.stringMatching(JWT) as unknown,
    });
    expect(setCookie(response, 'vp_provider_session')).toMatch(
      new RegExp(`^vp_provider_session=${body.token};`),
    );

    const after = await providerRow(api, provider.id);
    expect(after.passwordHash).not.toBe(before.passwordHash);
    expect(after.tokenVersion).toBe(before.tokenVersion + 1);
    expect((await me(auth(body.token))).status).toBe(200);
    for (const old of [session, elsewhere]) {
      await expectError(await me(auth(old)), 401, SIGN_IN_AGAIN);
    }

    expect(await (await postLogin(api, 'provider', credentialsOf(provider))).json()).toEqual(
      LOGIN_FAILED,
    );
    const fresh = await signIn(api, 'provider', { ...provider, password: 'a brand new password' });
    expect((await me(auth(fresh))).status).toBe(200);
  });
});
