/**
 * Helpers for the tests of the admin's operations (providers, flash ads, the enquiry
 * desk, admin users, exports): admins inserted with a shared password hash and sessions
 * minted directly (no scrypt per test), the whole database as a snapshot for "nothing
 * changed" checks, an admin image upload, the permission checks every admin route must
 * pass, and a CSV reader.
 */
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  adminUsers,
  customerEnquiries,
  flashAds,
  passwordTokens,
  providerApplications,
  reviews,
  serviceProviders,
  uploadTickets,
} from '../../db/schema.ts';
import { hashPassword } from '../../src/api/auth/password.ts';
import { signSession } from '../../src/api/auth/sessions.ts';
import {
  adminRow,
  expiredAdminToken,
  providerToken,
  readOutbox,
  realImageBytes,
  tamperSignature,
  testSessionSecret,
} from './auth-fixtures.ts';
import type { TestApi } from './test-api.ts';

export const SIGN_IN_AS_ADMIN = 'Please sign in as an administrator.';
export const ADMINS_ONLY = 'This area is for administrators only.';
export const SIGN_IN_AGAIN = 'Your session has ended. Please sign in again.';

export interface ErrorAnswer {
  message: string;
  errors?: Record<string, string>;
}

/** A JSON error answer with `status` (and `message`, when given); answers its body. */
export async function expectError(
  response: Response,
  status: number,
  message?: string,
): Promise<ErrorAnswer> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/json');
  const body = (await response.json()) as ErrorAnswer;
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
  if (message !== undefined) expect(body.message).toBe(message);
  return body;
}

// ---------------------------------------------------------------------------------------
// Admins and their sessions
// ---------------------------------------------------------------------------------------

export const TEST_ADMIN_PASSWORD = 'admin password 1';

export interface InsertedAdmin {
  id: number;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

let adminSequence = 0;

// One scrypt hash (about 0.3 s) per password and test file: admins that share a password
// share its hash, which changes nothing for the code under test.
const adminHashes = new Map<string, Promise<string>>();
function hashOnce(password: string): Promise<string> {
  let hash = adminHashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    adminHashes.set(password, hash);
  }
  return hash;
}

/**
 * Inserts an admin row directly (createTestAdmin hashes every time); it can sign in with
 * `password` (TEST_ADMIN_PASSWORD unless given).
 */
export async function insertAdmin(
  api: TestApi,
  overrides: Partial<Omit<InsertedAdmin, 'id'>> & { isActive?: boolean } = {},
): Promise<InsertedAdmin> {
  const n = ++adminSequence;
  const {
    password = TEST_ADMIN_PASSWORD,
    email = `desk-admin${n}@test.example.co.za`,
    firstName = `Desk${n}`,
    lastName = 'Admin',
    isActive = true,
  } = overrides;
  const [row] = await api.database.db
    .insert(adminUsers)
    .values({ email, firstName, lastName, isActive, passwordHash: await hashOnce(password) })
    .returning({ id: adminUsers.id });
  if (!row) throw new Error('The admin was not stored');
  return { id: row.id, email, password, firstName, lastName };
}

/** A valid admin session, minted as the login would (for the admin's current version). */
export async function adminSession(api: TestApi, adminId: number): Promise<string> {
  const { tokenVersion } = await adminRow(api, adminId);
  return signSession(testSessionSecret(api), {
    role: 'admin',
    accountId: adminId,
    version: tokenVersion,
  });
}

// ---------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A request with `Authorization: Bearer <token>` and, when there is one, a JSON body. */
export function sendAs(
  api: TestApi,
  token: string,
  method: Method,
  path: string,
  body?: unknown,
): Promise<Response> {
  return api.request(path, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
}

/** `sendAs` with the status checked; answers the JSON body. */
export async function okJson<T>(response: Promise<Response>, status = 200): Promise<T> {
  const answer = await response;
  if (answer.status !== status) {
    throw new Error(
      `${answer.url} answered ${answer.status}, not ${status}: ${await answer.text()}`,
    );
  }
  return (await answer.json()) as T;
}

// ---------------------------------------------------------------------------------------
// The database as a whole
// ---------------------------------------------------------------------------------------

/** Every row a request could change, and the number of mails sent, for before/after checks. */
export async function databaseSnapshot(api: TestApi) {
  const db = api.database.db;
  return {
    providers: await db.select().from(serviceProviders).orderBy(asc(serviceProviders.id)),
    enquiries: await db.select().from(customerEnquiries).orderBy(asc(customerEnquiries.id)),
    flashAds: await db.select().from(flashAds).orderBy(asc(flashAds.id)),
    admins: await db.select().from(adminUsers).orderBy(asc(adminUsers.id)),
    applications: await db
      .select()
      .from(providerApplications)
      .orderBy(asc(providerApplications.id)),
    reviews: await db.select().from(reviews).orderBy(asc(reviews.id)),
    passwordTokens: await db.select().from(passwordTokens),
    uploads: await db.select().from(uploadTickets).orderBy(asc(uploadTickets.id)),
    mails: (await readOutbox(api)).length,
  };
}

// ---------------------------------------------------------------------------------------
// Images
// ---------------------------------------------------------------------------------------

/**
 * Uploads an image as the admin does: an upload address (POST /api/admin/objects/upload or
 * /api/admin/flash-ads/upload), the PUT of the bytes, then POST /api/admin/process-image.
 * Answers the object path to store.
 */
export async function uploadAdminImage(
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
  const { objectPath } = await okJson<{ objectPath: string }>(
    sendAs(api, token, 'POST', '/api/admin/process-image', { uploadURL }),
  );
  return objectPath;
}

// ---------------------------------------------------------------------------------------
// Who may call an admin route
// ---------------------------------------------------------------------------------------

export interface AdminRoute {
  name: string;
  /** Sends the request with these headers (plus its own content type and body). */
  send(headers: Record<string, string>): Promise<Response>;
}

const authorization = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * The route refuses, and changes nothing for: no token (401), a provider's token (403),
 * an expired or tampered admin token (401), a token revoked by signing out (401), and a
 * valid token of an admin deactivated since (401). Once the admin is active again, a
 * fresh token is accepted (the refusals were about the session, nothing else).
 */
export async function expectAdminOnly(
  api: TestApi,
  adminId: number,
  route: AdminRoute,
): Promise<void> {
  const setDbActive = (isActive: boolean) =>
    api.database.db.update(adminUsers).set({ isActive }).where(eq(adminUsers.id, adminId));
  const refusals: [string, Record<string, string>, number, string][] = [
    ['no token', {}, 401, SIGN_IN_AS_ADMIN],
    ['a provider token', authorization(await providerToken(api)), 403, ADMINS_ONLY],
    ['an expired token', authorization(await expiredAdminToken(api, adminId)), 401, SIGN_IN_AGAIN],
    [
      'a tampered token',
      authorization(tamperSignature(await adminSession(api, adminId))),
      401,
      SIGN_IN_AGAIN,
    ],
  ];
  const before = await databaseSnapshot(api);
  for (const [what, headers, status, message] of refusals) {
    const response = await route.send(headers);
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
  await expectError(await route.send(authorization(revoked)), 401, SIGN_IN_AGAIN);
  expect(await databaseSnapshot(api)).toEqual(afterLogout);

  // Deactivated after signing in: the token stops working at once.
  const current = await adminSession(api, adminId);
  await setDbActive(false);
  const deactivated = await databaseSnapshot(api);
  await expectError(await route.send(authorization(current)), 401, SIGN_IN_AGAIN);
  expect(await databaseSnapshot(api)).toEqual(deactivated);

  // Active again, the same token is accepted.
  await setDbActive(true);
  const accepted = await route.send(authorization(current));
  expect(accepted.status, `${route.name} once active again`).toBeGreaterThanOrEqual(200);
  expect(accepted.status, `${route.name} once active again`).toBeLessThan(300);
}

// ---------------------------------------------------------------------------------------
// CSV
// ---------------------------------------------------------------------------------------

/**
 * The body of a CSV download, byte-order mark included (Response.text() would drop it);
 * fails unless the body starts with the UTF-8 byte-order mark.
 */
export async function csvBody(response: Response): Promise<string> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
}

/**
 * Reads RFC 4180 CSV (CRLF between records, "" for a quote inside a quoted cell) into
 * rows of cells, after the byte-order mark. Throws on what such a file cannot contain.
 */
export function parseCsv(text: string): string[][] {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  if (!body.endsWith('\r\n')) throw new Error('The CSV does not end with CRLF');
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  while (i < body.length) {
    let cell = '';
    if (body[i] === '"') {
      i++;
      for (;;) {
        const quote = body.indexOf('"', i);
        if (quote < 0) throw new Error('An unterminated quoted cell');
        cell += body.slice(i, quote);
        if (body[quote + 1] === '"') {
          cell += '"';
          i = quote + 2;
        } else {
          i = quote + 1;
          break;
        }
      }
    } else {
      const end = body.slice(i).search(/,|\r\n/);
      cell = body.slice(i, i + end);
      if (/["\r\n]/.test(cell)) throw new Error(`A bare quote or line break in ${cell}`);
      i += end;
    }
    row.push(cell);
    if (body[i] === ',') {
      i++;
    } else if (body.startsWith('\r\n', i)) {
      rows.push(row);
      row = [];
      i += 2;
    } else {
      throw new Error(`Unexpected ${body[i]} after a cell at ${i}`);
    }
  }
  return rows;
}

/** The CSV's rows as objects keyed by the header row. */
export function csvRecords(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) throw new Error('The CSV has no header row');
  for (const row of rows) expect(row).toHaveLength(header.length);
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ''])));
}
