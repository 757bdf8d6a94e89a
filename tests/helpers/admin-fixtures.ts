/**
 * Admins for the API tests: created through the app's own createAdmin (their password
 * hash is cheap under PASSWORD_HASH_COST), their stored row, sessions minted directly
 * (auth-fixtures.ts) instead of signing in for every test, an image uploaded as the admin
 * does, and the refusals every signed-in admin route must give.
 */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { adminUsers } from '../../db/schema.ts';
import { createAdmin } from '../../src/api/admins/create-admin.ts';
import {
  callRoute,
  databaseSnapshot,
  okJson,
  sendAs,
  storedRow,
  type ApiRoute,
} from './api-fixtures.ts';
import {
  FOREIGN_KEY,
  SIGN_IN_AGAIN,
  sessionToken,
  tamperPayload,
  tamperSignature,
  unsignedToken,
} from './auth-fixtures.ts';
import { useEachTestResource } from './block-resource.ts';
import { insertProvider } from './builders.ts';
import { expectError } from './error-answer.ts';
import { realImageBytes } from './image-bytes.ts';
import { providerSession } from './provider-fixtures.ts';
import type { TestApi } from './test-api.ts';

export const SIGN_IN_AS_ADMIN = 'Please sign in as an administrator.';
export const ADMINS_ONLY = 'This area is for administrators only.';

export interface TestAdmin {
  id: number;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** What createTestAdmin takes: any field of the admin, and `isActive: false`. */
type AdminFields = Partial<Omit<TestAdmin, 'id'>> & { isActive?: boolean };

let adminSequence = 0;

/**
 * Creates an admin as `npm run admin:create` does (createAdmin); it signs in with
 * `password`, unique to it unless given. `isActive: false` deactivates it afterwards.
 */
export async function createTestAdmin(
  api: TestApi,
  overrides: AdminFields = {},
): Promise<TestAdmin> {
  const n = ++adminSequence;
  const { isActive = true, ...fields } = overrides;
  const admin = {
    email: `admin${n}@test.example.co.za`,
    password: `admin-password-${n}`,
    firstName: `Admin${n}`,
    lastName: 'Tester',
    ...fields,
  };
  if (!(await createAdmin(api.database.db, admin))) {
    throw new Error(`An admin with the e-mail ${admin.email} exists already`);
  }
  const [row] = await api.database.db
    .update(adminUsers)
    .set({ isActive })
    .where(eq(adminUsers.email, admin.email.trim().toLowerCase()))
    .returning({ id: adminUsers.id, email: adminUsers.email });
  if (!row) throw new Error('The admin was not stored');
  return { ...admin, id: row.id, email: row.email };
}

/** The stored admin row (password hash, token version, ...), for before/after checks. */
export function adminRow(api: TestApi, id: number) {
  return storedRow(api, adminUsers, id, 'admin');
}

/** A valid session of the admin, as the login would make it now. */
export function adminSession(api: TestApi, adminId: number): Promise<string> {
  return sessionToken(api, 'admin', adminId);
}

/** An upload address of the admin's (POST /api/admin/objects/upload or .../flash-ads/upload) with a PNG put to it. */
export async function uploadedAdminTicket(
  api: TestApi,
  token: string,
  ticketPath:
    '/api/admin/objects/upload' | '/api/admin/flash-ads/upload' = '/api/admin/objects/upload',
): Promise<string> {
  const { uploadURL } = await okJson<{ uploadURL: string }>(sendAs(api, token, 'POST', ticketPath));
  const stored = await api.request(uploadURL, {
    method: 'PUT',
    headers: { 'content-type': 'image/png' },
    body: await realImageBytes('png'),
  });
  if (stored.status !== 200) throw new Error(`The upload answered ${stored.status}`);
  return uploadURL;
}

/**
 * Uploads an image as the admin does: an upload address, the PUT of the bytes, then
 * POST /api/admin/process-image. Answers the object path to store.
 */
export async function uploadAdminImage(
  api: TestApi,
  token: string,
  ticketPath?: '/api/admin/objects/upload' | '/api/admin/flash-ads/upload',
): Promise<string> {
  const uploadURL = await uploadedAdminTicket(api, token, ticketPath);
  const { objectPath } = await okJson<{ objectPath: string }>(
    sendAs(api, token, 'POST', '/api/admin/process-image', { uploadURL }),
  );
  return objectPath;
}

const authorization = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * The route refuses, and changes nothing for: no token or an empty one (401), a
 * provider's token (403), an expired, tampered, foreign-key or unsigned admin token
 * (401), a token revoked by signing out (401), and a valid token of an admin deactivated
 * since (401). Once the admin is active again, that token is accepted (2xx): the
 * refusals were about the session, nothing else.
 */
export async function expectAdminOnly(
  api: TestApi,
  adminId: number,
  route: ApiRoute,
): Promise<void> {
  const setDbActive = (isActive: boolean) =>
    api.database.db.update(adminUsers).set({ isActive }).where(eq(adminUsers.id, adminId));
  const provider = await providerSession(api, (await insertProvider(api.database.db)).id);
  const valid = await adminSession(api, adminId);
  const refusals: [string, Record<string, string>, number, string][] = [
    ['no token', {}, 401, SIGN_IN_AS_ADMIN],
    ['an empty bearer', { authorization: 'Bearer ' }, 401, SIGN_IN_AS_ADMIN],
    ['a provider token', authorization(provider), 403, ADMINS_ONLY],
    [
      'an expired token',
      authorization(await sessionToken(api, 'admin', adminId, { expired: true })),
      401,
      SIGN_IN_AGAIN,
    ],
    ['a tampered signature', authorization(tamperSignature(valid)), 401, SIGN_IN_AGAIN],
    ['a tampered payload', authorization(tamperPayload(valid, { ver: 7 })), 401, SIGN_IN_AGAIN],
    [
      'a provider token made an admin one',
      authorization(tamperPayload(provider, { role: 'admin', sub: String(adminId) })),
      401,
      SIGN_IN_AGAIN,
    ],
    [
      'a token signed with another key',
      authorization(await sessionToken(api, 'admin', adminId, { key: FOREIGN_KEY })),
      401,
      SIGN_IN_AGAIN,
    ],
    ['an unsigned token', authorization(unsignedToken('admin', adminId)), 401, SIGN_IN_AGAIN],
  ];
  const before = await databaseSnapshot(api);
  for (const [what, headers, status, message] of refusals) {
    const response = await callRoute(api, route, headers);
    expect({ what, status: response.status }).toEqual({ what, status });
    await expectError(response, status, message);
  }
  expect(await databaseSnapshot(api)).toEqual(before);

  // Revoked: signed out with it (logout raises the admin's token version).
  const revoked = await adminSession(api, adminId);
  const logout = await api.request('/api/admin/logout', {
    method: 'POST',
    headers: authorization(revoked),
  });
  expect(logout.status).toBe(200);
  const afterLogout = await databaseSnapshot(api);
  await expectError(await callRoute(api, route, authorization(revoked)), 401, SIGN_IN_AGAIN);
  expect(await databaseSnapshot(api)).toEqual(afterLogout);

  // Deactivated after signing in: the token stops working at once.
  const current = await adminSession(api, adminId);
  await setDbActive(false);
  const deactivated = await databaseSnapshot(api);
  await expectError(await callRoute(api, route, authorization(current)), 401, SIGN_IN_AGAIN);
  expect(await databaseSnapshot(api)).toEqual(deactivated);

  // Active again, the same token is accepted.
  await setDbActive(true);
  const accepted = await callRoute(api, route, authorization(current));
  expect(accepted.status, `${route.name} once active again`).toBeGreaterThanOrEqual(200);
  expect(accepted.status, `${route.name} once active again`).toBeLessThan(300);
}

/**
 * One test per route, named as the route, that it is for signed-in admins only
 * (expectAdminOnly). The admin is read when each test runs, as beforeEach makes it afresh.
 */
export function itIsForAdminsOnly(
  api: TestApi,
  adminId: () => number,
  routes: readonly ApiRoute[],
): void {
  it.each(routes.map((route) => [route.name, route] as const))('%s', async (_, route) => {
    await expectAdminOnly(api, adminId(), route);
  });
}

/**
 * The start of each test of an admin screen: an emptied database with one admin (of
 * `overrides`, as createTestAdmin takes them) and a session minted for it.
 */
export async function resetWithAdmin(api: TestApi, overrides: AdminFields = {}) {
  await api.database.reset();
  const admin = await createTestAdmin(api, overrides);
  return { admin, token: await adminSession(api, admin.id) };
}

/**
 * The admin of every test of a file or a describe block, with its session (`token`):
 * before each test, resetWithAdmin empties the database and makes it afresh. The file
 * declares it once, `const admin = useSignedInAdmin(api)`, instead of two variables and a
 * beforeEach (as useTestApi does for the API).
 */
export function useSignedInAdmin(api: TestApi, overrides: AdminFields = {}) {
  return useEachTestResource(async () => {
    const { admin, token } = await resetWithAdmin(api, overrides);
    return { ...admin, token };
  });
}

/** The fields the admin's Add Provider requires, and nothing else (POST /api/admin/providers). */
export function addProviderBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Ubuntu Security Solutions',
    description: 'CCTV and alarm installations for homes and small businesses.',
    location: 'Sandton',
    province: 'gauteng',
    services: ['cctv', 'alarms'],
    phone: '082 555 0199',
    email: 'Info@UbuntuSecurity.example.co.za',
    ...overrides,
  };
}
