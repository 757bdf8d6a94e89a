/**
 * Helpers for the API tests: requests with a session and their JSON answers, routes to
 * call with any headers, reading answers of GET /api/providers, the keys a public
 * provider carries, many providers at once, the whole database as a snapshot for
 * "nothing changed" checks, and what the database says when it refuses a statement.
 */
import { asc, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import {
  adminUsers,
  customerEnquiries,
  flashAds,
  passwordTokens,
  providerApplications,
  providerChecks,
  reviews,
  serviceProviders,
  uploadTickets,
} from '../../db/schema.ts';
import type { Provider } from '../../src/api/providers/public-columns.ts';
import { buildProvider, verifyProviders, type ProviderOverrides } from './builders.ts';
import { readOutbox } from './outbox.ts';
import type { TestApi } from './test-api.ts';

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

/**
 * A request with a JSON body and no session (a public form's, or one with headers of the
 * test's own: a client address, a cookie).
 */
export function sendJson(
  api: Pick<TestApi, 'request'>,
  method: Method,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return api.request(path, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** The answer's JSON, once its status is checked (200 unless given). */
export async function okJson<T>(response: Promise<Response>, status = 200): Promise<T> {
  const answer = await response;
  if (answer.status !== status) {
    throw new Error(
      `${answer.url} answered ${answer.status}, not ${status}: ${await answer.text()}`,
    );
  }
  return (await answer.json()) as T;
}

/** A route to call with whatever headers a test brings (no session, a bad one, ...). */
export interface ApiRoute {
  /** 'METHOD /path', as the app names the route. */
  name: string;
  /** The value of the name's ':id', read when the route is called (after the row is made). */
  id?: () => number | string;
  /** A body the route would act on, sent as JSON. */
  body?: () => unknown;
}

/** Calls the route with `headers` (and its JSON body, when it has one). */
export function callRoute(
  api: TestApi,
  route: ApiRoute,
  headers: Record<string, string>,
): Promise<Response> {
  const [method = 'GET', namedPath = '/'] = route.name.split(' ');
  const path = route.id ? namedPath.replace(':id', String(route.id())) : namedPath;
  const body = route.body?.();
  return api.request(path, {
    method,
    headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...headers },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
}

/**
 * Every key of the public Provider (src/api/providers/public-columns.ts) except the optional
 * distanceKm and matchedBecause.
 */
export const PROVIDER_KEYS = [
  'id',
  'name',
  'description',
  'location',
  'province',
  'latitude',
  'longitude',
  'services',
  'profileImage',
  'workPhotos',
  'rating',
  'reviewCount',
  'isVerified',
  'isPremium',
  'isApproved',
  'startingPrice',
  'phone',
  'email',
  'website',
  'coverageAreas',
  'specialties',
  'yearsExperience',
  'businessHours',
  'createdAt',
  'responsiveness',
] as const satisfies readonly (keyof Provider)[];

// Does not compile when the Provider interface gains a key that the list above lacks.
type UnlistedKey = Exclude<
  keyof Provider,
  (typeof PROVIDER_KEYS)[number] | 'distanceKm' | 'matchedBecause'
>;
type AssertTrue<T extends true> = T;
export type ProviderKeysAreComplete = AssertTrue<[UnlistedKey] extends [never] ? true : false>;

export interface ProviderList {
  response: Response;
  providers: Provider[];
  names: string[];
  /** The X-Total-Count header as a number. */
  total: number;
}

/** GET /api/providers with the given query; fails unless it answers 200. */
export async function listProviders(
  api: TestApi,
  query: Record<string, string | number> = {},
): Promise<ProviderList> {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const path = `/api/providers${params.size > 0 ? `?${params}` : ''}`;
  const response = await api.get(path);
  if (response.status !== 200) {
    throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
  }
  const providers = (await response.json()) as Provider[];
  return {
    response,
    providers,
    names: providers.map((p) => p.name),
    total: Number(response.headers.get('x-total-count')),
  };
}

/**
 * Inserts `count` providers in one statement (`isVerified: true`: and their passed check
 * records in another); returns their ids in insertion order.
 */
export async function insertProviders(
  db: Database,
  count: number,
  { isVerified = false, ...overrides }: ProviderOverrides = {},
): Promise<number[]> {
  const rows = await db
    .insert(serviceProviders)
    .values(Array.from({ length: count }, () => buildProvider(overrides)))
    .returning({ id: serviceProviders.id });
  const ids = rows.map((r) => r.id);
  if (isVerified) await verifyProviders(db, ids);
  return ids;
}

/** Every row a request could change, and the number of mails sent, for before/after checks. */
export async function databaseSnapshot(api: TestApi) {
  const db = api.database.db;
  return {
    providers: await db.select().from(serviceProviders).orderBy(asc(serviceProviders.id)),
    checks: await db.select().from(providerChecks).orderBy(asc(providerChecks.id)),
    enquiries: await db.select().from(customerEnquiries).orderBy(asc(customerEnquiries.id)),
    flashAds: await db.select().from(flashAds).orderBy(asc(flashAds.id)),
    admins: await db.select().from(adminUsers).orderBy(asc(adminUsers.id)),
    applications: await db
      .select()
      .from(providerApplications)
      .orderBy(asc(providerApplications.id)),
    reviews: await db.select().from(reviews).orderBy(asc(reviews.id)),
    passwordTokens: await db.select().from(passwordTokens).orderBy(asc(passwordTokens.id)),
    uploads: await db.select().from(uploadTickets).orderBy(asc(uploadTickets.id)),
    mails: (await readOutbox(api)).length,
  };
}

/**
 * The stored row of `table` with `id`, for before/after checks; fails, naming `what`, when
 * there is none.
 */
export async function storedRow<T extends PgTable & { id: PgColumn }>(
  api: TestApi,
  table: T,
  id: number | string,
  what: string,
): Promise<T['$inferSelect']> {
  // Widened for drizzle's select, which cannot check a generic table; the rows are T's.
  const source: PgTable = table;
  const rows = await api.database.db.select().from(source).where(eq(table.id, id));
  const [row] = rows as T['$inferSelect'][];
  if (!row) throw new Error(`No ${what} ${id}`);
  return row;
}

export interface DatabaseRejection {
  /** SQLSTATE, e.g. 23514 check_violation, 23505 unique_violation. */
  code: string | undefined;
  constraint: string | undefined;
}

/** Awaits a statement that the database must refuse and tells what it said. */
export async function databaseRejection(
  statement: PromiseLike<unknown>,
): Promise<DatabaseRejection> {
  try {
    await statement;
  } catch (error) {
    // drizzle wraps the driver's error (pg and PGlite alike) as `cause`.
    const driverError = (error instanceof Error && error.cause ? error.cause : error) as {
      code?: unknown;
      constraint?: unknown;
    };
    return {
      code: typeof driverError.code === 'string' ? driverError.code : undefined,
      constraint: typeof driverError.constraint === 'string' ? driverError.constraint : undefined,
    };
  }
  throw new Error('The database accepted a statement it should have refused');
}

/** Rows of a raw SQL query, the same way for node-postgres and PGlite. */
export async function queryRows<T extends Record<string, unknown>>(
  db: Database,
  query: SQL,
): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
