/**
 * Helpers for the API tests: reading answers of GET /api/providers, the keys a public
 * provider carries, many providers at once, and what the database says when it refuses
 * a statement.
 */
import type { SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { serviceProviders } from '../../db/schema.ts';
import type { Provider } from '../../src/lib/provider.ts';
import { buildProvider, type ProviderRow } from './builders.ts';
import type { TestApi } from './test-api.ts';

/** Every key of the public Provider (src/lib/provider.ts) except the optional distanceKm. */
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
] as const satisfies readonly (keyof Provider)[];

// Does not compile when the Provider interface gains a key that the list above lacks.
type UnlistedKey = Exclude<keyof Provider, (typeof PROVIDER_KEYS)[number] | 'distanceKm'>;
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

/** Inserts `count` providers in one statement; returns their ids in insertion order. */
export async function insertProviders(
  db: Database,
  count: number,
  overrides: Partial<ProviderRow> = {},
): Promise<number[]> {
  const rows = await db
    .insert(serviceProviders)
    .values(Array.from({ length: count }, () => buildProvider(overrides)))
    .returning({ id: serviceProviders.id });
  return rows.map((r) => r.id);
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
