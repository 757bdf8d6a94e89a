/**
 * Who may call what. TABLE names every route of the
 * app and the answer each of four callers gets: nobody, an admin, a provider, and a
 * browser holding both session cookies on a request from another site. The route list is
 * read from the app itself, so a new route fails this file until someone decides who may
 * call it, and a removed one fails it until its entry goes.
 *
 * Every route is then called by every caller over real HTTP, with dummy ids (999999) and
 * an empty JSON body: a refusal (401, 403) must come from the session check, anything
 * else shows the call got past it.
 */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { rateLimits, serviceProviders } from '../../db/schema.ts';
import { createApp } from '../../src/api/app.ts';
import { SESSION_COOKIE } from '../../src/api/auth/sessions.ts';
import { adminSession, createTestAdmin } from '../helpers/admin-fixtures.ts';
import { insertProvider } from '../helpers/builders.ts';
import { providerSession } from '../helpers/provider-fixtures.ts';
import { useTestApi } from '../helpers/test-api.ts';

type Caller = 'anonymous' | 'admin' | 'provider' | 'foreignCookie';
/** 'allowed': past the session check (any answer but 401 and 403, never a 5xx). */
type Answer = 'allowed' | 401 | 403;
type Access = { name: string } & Record<Caller, Answer>;

const CALLERS: Caller[] = ['anonymous', 'provider', 'foreignCookie', 'admin'];

/** Anyone; a session changes nothing (sign-in, public lists, submissions, images). */
const PUBLIC: Access = {
  name: 'public',
  anonymous: 'allowed',
  admin: 'allowed',
  provider: 'allowed',
  foreignCookie: 'allowed',
};
/**
 * An admin's change. A session cookie on a request from another site is refused (403): a
 * cookie travels with any request a browser makes, so changes by cookie must come from
 * SITE_URL (src/api/auth/sessions.ts).
 */
const ADMIN_ONLY: Access = {
  name: 'admin-only',
  anonymous: 401,
  admin: 'allowed',
  provider: 403,
  foreignCookie: 403,
};
/**
 * An admin's read: the Origin check guards changes only (another site cannot read the
 * answer without CORS, and SameSite=Strict keeps browsers from sending the cookie).
 */
const ADMIN_READ: Access = { ...ADMIN_ONLY, name: 'admin-only read', foreignCookie: 'allowed' };
const PROVIDER_ONLY: Access = {
  name: 'provider-only',
  anonymous: 401,
  admin: 403,
  provider: 'allowed',
  foreignCookie: 403,
};
const PROVIDER_READ: Access = {
  ...PROVIDER_ONLY,
  name: 'provider-only read',
  foreignCookie: 'allowed',
};

/** Every route, as Hono registers it ("METHOD path"), and who may call it. */
const TABLE: Record<string, Access> = {
  // Uploads and images: the ticket in the address is the permission; claimed images are public.
  'PUT /api/uploads/:ticket{[A-Za-z0-9_-]{16,64}}': PUBLIC,
  'GET /objects/*': PUBLIC,
  // The development outbox page: in development on loopback only, a 404 anywhere else
  // (tests/api/dev-mail.test.ts).
  'GET /dev/mail': PUBLIC,

  // The public site
  'GET /api/health': PUBLIC,
  'GET /api/flash-ads': PUBLIC,
  'GET /api/service-stats': PUBLIC,
  'GET /api/home/highlights': PUBLIC,
  'GET /api/stats': PUBLIC,
  'GET /api/places': PUBLIC,
  'GET /api/places/near': PUBLIC,
  'GET /api/places/:value': PUBLIC,
  'GET /api/search/reading': PUBLIC,
  'GET /api/providers': PUBLIC,
  'GET /api/providers/:id{[0-9]+}': PUBLIC,
  'GET /api/providers/:id{[0-9]+}/reviews': PUBLIC,
  'POST /api/public/objects/upload': PUBLIC,
  'POST /api/public/documents/upload': PUBLIC,
  'POST /api/public/requests/photos/upload': PUBLIC,
  // The status-page token is the key: a session changes nothing.
  'GET /api/requests/photos/:id{[0-9]+}': PUBLIC,
  'POST /api/provider-applications': PUBLIC,
  // The link mailed to an application's address: the token is the key.
  'POST /api/provider-applications/confirm': PUBLIC,
  'POST /api/provider-applications/confirmation-link': PUBLIC,
  'POST /api/enquiries': PUBLIC,
  'POST /api/contact': PUBLIC,
  'POST /api/enquiries/confirm': PUBLIC,
  // The customer's status page: a private token, no account.
  'GET /api/requests/status': PUBLIC,
  'POST /api/requests/confirm': PUBLIC,
  'POST /api/requests/cancel': PUBLIC,
  // The privacy centre: the mailed link's token is the permission (docs/decisions/0052).
  'POST /api/privacy/link': PUBLIC,
  'GET /api/privacy/my-data': PUBLIC,
  'GET /api/privacy/my-data/download': PUBLIC,
  'POST /api/privacy/my-data/correct': PUBLIC,
  'POST /api/privacy/my-data/object': PUBLIC,
  'POST /api/privacy/my-data/delete': PUBLIC,
  // A correction or complaint to the information officer, with the centre's link.
  'POST /api/privacy/my-data/case': PUBLIC,
  // Quotes from the status page (docs/decisions/0051): the token opens the request group.
  'GET /api/requests/quotes': PUBLIC,
  'GET /api/requests/quotes/:id{[0-9]+}/pdf': PUBLIC,
  'GET /api/requests/job/pdf': PUBLIC,
  'POST /api/requests/quotes/:id{[0-9]+}/accept': PUBLIC,
  'POST /api/requests/quotes/:id{[0-9]+}/decline': PUBLIC,
  'POST /api/requests/preparation-fee': PUBLIC,
  'POST /api/requests/job/dispute': PUBLIC,
  'POST /api/requests/variations/:id{[0-9]+}/approve': PUBLIC,
  'POST /api/requests/variations/:id{[0-9]+}/decline': PUBLIC,
  // The request's conversations: the status-page token is the key (docs/decisions/0050).
  'GET /api/requests/messages': PUBLIC,
  'POST /api/requests/messages': PUBLIC,
  'GET /api/requests/messages/files/:id{[0-9]+}': PUBLIC,
  'POST /api/public/requests/messages/upload': PUBLIC,
  'POST /api/privacy/my-data/consent': PUBLIC,
  // One-click unsubscribe (RFC 8058): the signed address is the permission, no session.
  'POST /api/privacy/unsubscribe': PUBLIC,
  'GET /api/reviews/invitation': PUBLIC,
  'POST /api/reviews': PUBLIC,

  // Admin sign-in
  'POST /api/admin/login': PUBLIC,
  'POST /api/admin/forgot-password': PUBLIC,
  'POST /api/admin/reset-password': PUBLIC,
  // An invited admin's first password: the mailed link's token is the permission.
  'POST /api/admin/set-password': PUBLIC,

  // The signed-in admin
  'GET /api/admin/me': ADMIN_READ,
  'POST /api/admin/logout': ADMIN_ONLY,
  'GET /api/admin/stats': ADMIN_READ,
  'POST /api/admin/objects/upload': ADMIN_ONLY,
  'POST /api/admin/documents/upload': ADMIN_ONLY,
  'POST /api/admin/flash-ads/upload': ADMIN_ONLY,
  'POST /api/admin/process-image': ADMIN_ONLY,
  'GET /api/admin/applications': ADMIN_READ,
  'PUT /api/admin/applications/:id/review': ADMIN_ONLY,
  'POST /api/admin/applications/:id/approve': ADMIN_ONLY,
  'GET /api/admin/providers': ADMIN_READ,
  'GET /api/admin/providers/:id': ADMIN_READ,
  'POST /api/admin/providers': ADMIN_ONLY,
  'PUT /api/admin/providers/:id': ADMIN_ONLY,
  'DELETE /api/admin/providers/:id': ADMIN_ONLY,
  'GET /api/admin/providers/:id/checks': ADMIN_READ,
  'PUT /api/admin/providers/:id/checks/:type': ADMIN_ONLY,
  'GET /api/admin/verification': ADMIN_READ,
  'GET /api/admin/applications/:id/checklist': ADMIN_READ,
  // Opening a document logs the view: only an admin's own session, never another site's.
  'GET /api/admin/documents/:id': ADMIN_READ,
  'GET /api/admin/documents/:id/file': ADMIN_READ,
  'GET /api/admin/flash-ads': ADMIN_READ,
  'POST /api/admin/flash-ads': ADMIN_ONLY,
  'PUT /api/admin/flash-ads/:id': ADMIN_ONLY,
  'DELETE /api/admin/flash-ads/:id': ADMIN_ONLY,
  'GET /api/admin/enquiries': ADMIN_READ,
  'GET /api/admin/enquiries/photos/:id{[0-9]+}': ADMIN_READ,
  'GET /api/admin/enquiries/:id': ADMIN_READ,
  'PUT /api/admin/enquiries/:id': ADMIN_ONLY,
  'GET /api/admin/enquiries/:id/candidates': ADMIN_READ,
  'GET /api/admin/enquiries/:id{[0-9]+}/messages': ADMIN_READ,
  'GET /api/admin/messages/files/:id{[0-9]+}': ADMIN_READ,
  'POST /api/admin/enquiries/:id/reassign': ADMIN_ONLY,
  'GET /api/admin/users': ADMIN_READ,
  'POST /api/admin/users': ADMIN_ONLY,
  'PUT /api/admin/users/:id': ADMIN_ONLY,
  'POST /api/admin/users/:id/invitation': ADMIN_ONLY,
  'GET /api/admin/reviews': ADMIN_READ,
  'PUT /api/admin/reviews/:id/hide': ADMIN_ONLY,
  'PUT /api/admin/reviews/:id/show': ADMIN_ONLY,
  'PUT /api/admin/reviews/:id/release': ADMIN_ONLY,
  'GET /api/admin/mail': ADMIN_READ,
  'GET /api/admin/mail/totals': ADMIN_READ,
  'POST /api/admin/mail/:id/resend': ADMIN_ONLY,
  'GET /api/admin/exports/providers.csv': ADMIN_READ,
  'GET /api/admin/exports/enquiries.csv': ADMIN_READ,
  // The information officer's access log (docs/decisions/0053).
  'GET /api/admin/access-log': ADMIN_READ,
  'GET /api/admin/privacy-cases': ADMIN_READ,
  'POST /api/admin/privacy-cases/:id/reply': ADMIN_ONLY,
  // A provider's own data (docs/decisions/0053).
  'GET /api/provider/my-data': PROVIDER_READ,
  'GET /api/provider/my-data/download': PROVIDER_READ,
  'POST /api/provider/my-data/close': PROVIDER_ONLY,
  // Agreed jobs, quotes and disputes (docs/decisions/0051).
  'GET /api/admin/jobs': ADMIN_READ,
  'GET /api/admin/enquiries/:id{[0-9]+}/quotes': ADMIN_READ,
  'GET /api/admin/quotes/:id{[0-9]+}/pdf': ADMIN_READ,
  'GET /api/admin/exports/jobs.csv': ADMIN_READ,

  // Provider sign-in and password links
  'POST /api/provider/login': PUBLIC,
  'POST /api/provider/forgot-password': PUBLIC,
  'POST /api/provider/set-password': PUBLIC,

  // The signed-in provider
  'GET /api/provider/me': PROVIDER_READ,
  'GET /api/provider/checks': PROVIDER_READ,
  'POST /api/provider/checks/:type/renewals': PROVIDER_ONLY,
  'POST /api/provider/enquiries/seen': PROVIDER_ONLY,
  'POST /api/provider/documents/upload': PROVIDER_ONLY,
  'POST /api/provider/logout': PROVIDER_ONLY,
  'PUT /api/provider/password': PROVIDER_ONLY,
  'GET /api/provider/enquiries': PROVIDER_READ,
  'GET /api/provider/enquiries/photos/:id{[0-9]+}': PROVIDER_READ,
  'PUT /api/provider/enquiries/:id{[0-9]+}/response': PROVIDER_ONLY,
  'GET /api/provider/messages': PROVIDER_READ,
  'GET /api/provider/enquiries/:id{[0-9]+}/messages': PROVIDER_READ,
  'POST /api/provider/enquiries/:id{[0-9]+}/messages': PROVIDER_ONLY,
  'GET /api/provider/messages/files/:id{[0-9]+}': PROVIDER_READ,
  'POST /api/provider/messages/upload': PROVIDER_ONLY,
  'GET /api/provider/reviews': PROVIDER_READ,
  'PUT /api/provider/reviews/:id/reply': PROVIDER_ONLY,
  'PUT /api/provider/profile': PROVIDER_ONLY,
  'GET /api/provider/profile/checklist': PROVIDER_READ,
  'POST /api/provider/profile/confirm': PROVIDER_ONLY,
  'PUT /api/provider/profile-image': PROVIDER_ONLY,
  'GET /api/provider/work-photos': PROVIDER_READ,
  'POST /api/provider/work-photos/upload': PROVIDER_ONLY,
  'POST /api/provider/work-photos': PROVIDER_ONLY,
  'DELETE /api/provider/work-photos/:id': PROVIDER_ONLY,
  'POST /api/objects/upload': PROVIDER_ONLY,
  // Quotes on the provider's own copies of requests (docs/decisions/0051).
  'GET /api/provider/enquiries/:id{[0-9]+}/quotes': PROVIDER_READ,
  'GET /api/provider/quotes/:id{[0-9]+}/pdf': PROVIDER_READ,
  'GET /api/provider/enquiries/:id{[0-9]+}/job/pdf': PROVIDER_READ,
  'POST /api/provider/enquiries/:id{[0-9]+}/quotes': PROVIDER_ONLY,
  'POST /api/provider/enquiries/:id{[0-9]+}/preparation-fee': PROVIDER_ONLY,
  'POST /api/provider/enquiries/:id{[0-9]+}/variations': PROVIDER_ONLY,
  'POST /api/provider/enquiries/:id{[0-9]+}/job/complete': PROVIDER_ONLY,
  'POST /api/provider/enquiries/:id{[0-9]+}/job/dispute': PROVIDER_ONLY,
};

const FOREIGN_ORIGIN = 'https://attacker.example.net';

/**
 * The app's routes as "METHOD path": handlers only. Middleware is registered with method
 * ALL (app.use); a route with several handlers (a body limit, then the handler) appears
 * once per handler, so the list is deduplicated.
 */
function routesOf(app: { routes: { method: string; path: string }[] }): string[] {
  const routes = app.routes
    .filter((route) => route.method !== 'ALL')
    .map((route) => `${route.method} ${route.path}`);
  return [...new Set(routes)];
}

/** A value for a path parameter that its pattern accepts and that names nothing stored. */
function paramValue(name: string): string {
  if (name === 'ticket') return 'NoSuchTicket0000000000000';
  if (name === 'type') return 'identity';
  return '999999';
}

/**
 * The Hono path with its parameters filled: ":id" and ":id{[0-9]+}" (patterns may nest
 * braces, e.g. {[A-Za-z0-9_-]{16,64}}), and a trailing "*".
 */
function fillPath(path: string): string {
  let filled = '';
  let i = 0;
  while (i < path.length) {
    const char = path[i]!;
    if (char === ':') {
      const name = /^:(\w+)/.exec(path.slice(i))![1]!;
      i += name.length + 1;
      if (path[i] === '{') {
        let depth = 0;
        do {
          if (path[i] === '{') depth++;
          if (path[i] === '}') depth--;
          i++;
        } while (depth > 0 && i < path.length);
      }
      filled += paramValue(name);
    } else if (char === '*' && i === path.length - 1) {
      filled += 'uploads/NoSuchImage0000000000000.png';
      i++;
    } else {
      filled += char;
      i++;
    }
  }
  return filled;
}

/** Whether Hono itself routes `method url` to `path` (the filled path is a real call of it). */
async function routedTo(method: string, path: string, url: string): Promise<boolean> {
  const probe = new Hono().on(method, path, (c) => c.text('routed'));
  const response = await probe.request(url, { method });
  return response.status === 200 && (await response.text()) === 'routed';
}

const api = useTestApi();
let adminId: number;
let providerId: number;

beforeAll(async () => {
  adminId = (await createTestAdmin(api)).id;
  providerId = (await insertProvider(api.database.db, { isApproved: true })).id;
});

/**
 * The caller's headers, with sessions minted afresh for every call: a logout in the
 * previous call raised the token version.
 */
async function headersOf(caller: Caller): Promise<Record<string, string>> {
  switch (caller) {
    case 'anonymous':
      return {};
    case 'admin':
      return { authorization: `Bearer ${await adminSession(api, adminId)}` };
    case 'provider':
      return { authorization: `Bearer ${await providerSession(api, providerId)}` };
    case 'foreignCookie':
      return {
        cookie: [
          `${SESSION_COOKIE.admin}=${await adminSession(api, adminId)}`,
          `${SESSION_COOKIE.provider}=${await providerSession(api, providerId)}`,
        ].join('; '),
        origin: FOREIGN_ORIGIN,
      };
  }
}

describe('the authorization table', () => {
  it('has an entry for every route of the app, and for nothing else', () => {
    const app = createApp({ db: api.database.db, env: api.env });
    const routes = routesOf(app);
    const missing = routes.filter((route) => !(route in TABLE));
    const stale = Object.keys(TABLE).filter((route) => !routes.includes(route));
    expect
      .soft(
        missing,
        `Routes with no entry in TABLE (decide who may call them): ${missing.join(', ')}`,
      )
      .toEqual([]);
    expect
      .soft(stale, `TABLE entries for routes the app no longer has: ${stale.join(', ')}`)
      .toEqual([]);
  });

  it.each(Object.entries(TABLE).map(([route, access]) => [route, access.name, access] as const))(
    '%s is %s',
    async (route, _, access) => {
      const [method, path] = route.split(' ') as [string, string];
      const url = fillPath(path);
      expect(await routedTo(method, path, url), `${url} does not reach ${route}`).toBe(true);

      const answers: Partial<Record<Caller, number | string>> = {};
      const expected: Partial<Record<Caller, number | string>> = {};
      for (const caller of CALLERS) {
        // A limiter's 429 would hide what the route itself answers.
        await api.database.db.delete(rateLimits);
        const response = await api.request(url, {
          method,
          headers: {
            ...(await headersOf(caller)),
            ...(method !== 'GET' && { 'content-type': 'application/json' }),
          },
          ...(method !== 'GET' && { body: '{}' }),
        });
        const status = response.status;
        const text = await response.text();
        expected[caller] = access[caller];
        if (status >= 500) {
          answers[caller] = `${status} ${text}`;
        } else if (access[caller] === 'allowed') {
          answers[caller] = status === 401 || status === 403 ? `${status} ${text}` : 'allowed';
        } else {
          answers[caller] = status;
          // Refusals answer in the API's JSON error shape.
          if (status === 401 || status === 403) {
            expect(response.headers.get('content-type')).toContain('application/json');
            expect((JSON.parse(text) as { message: unknown }).message).toEqual(expect.any(String));
          }
        }
      }
      // Closing its account unlisted the provider: listed again for the routes after.
      await api.database.db
        .update(serviceProviders)
        .set({ isApproved: true, closedAt: null })
        .where(eq(serviceProviders.id, providerId));
      expect(answers, `${route} called as ${url}`).toEqual(expected);
    },
  );
});
