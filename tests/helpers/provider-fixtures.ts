/**
 * Providers that can log in, for the provider API tests: inserted with a password (hashed
 * by the app's own hashPassword, cheap under PASSWORD_HASH_COST), their stored row, and
 * sessions minted directly (auth-fixtures.ts) instead of logging in for every test.
 */
import { serviceProviders } from '../../db/schema.ts';
import { hashPassword } from '../../src/api/auth/password.ts';
import { storedRow } from './api-fixtures.ts';
import { sessionToken } from './auth-fixtures.ts';
import { useEachTestResource } from './block-resource.ts';
import { insertProvider, type ProviderRow } from './builders.ts';
import type { TestApi } from './test-api.ts';

export interface TestProvider {
  id: number;
  name: string;
  email: string;
  password: string;
}

/** What createTestProvider takes: any field of the row, and the password to log in with. */
type ProviderFields = Partial<ProviderRow> & { password?: string };

let providerSequence = 0;

/**
 * Inserts a provider (see buildProvider) that has chosen a password and can log in;
 * the password is unique to it unless given.
 */
export async function createTestProvider(
  api: TestApi,
  overrides: ProviderFields = {},
): Promise<TestProvider> {
  const { password = `provider-password-${++providerSequence}`, ...fields } = overrides;
  const row = await insertProvider(api.database.db, {
    passwordHash: await hashPassword(password),
    ...fields,
  });
  return { id: row.id, name: row.name, email: row.email, password };
}

/**
 * The provider of every test of a file or a describe block, for its own screens: before
 * each test, an emptied database with one provider that can log in (of `overrides`, as
 * createTestProvider takes them) and its session (`token`), minted for it. The file
 * declares it once, `const provider = useSignedInProvider(api)`, instead of two variables
 * and a beforeEach (as useSignedInAdmin does for an admin).
 */
export function useSignedInProvider(api: TestApi, overrides: ProviderFields = {}) {
  return useEachTestResource(async () => {
    await api.database.reset();
    const provider = await createTestProvider(api, overrides);
    return { ...provider, token: await providerSession(api, provider.id) };
  });
}

/** The stored provider row (password hash, token version, ...), for before/after checks. */
export function providerRow(api: TestApi, id: number) {
  return storedRow(api, serviceProviders, id, 'provider');
}

/** A valid session of the provider, as the login would make it now. */
export function providerSession(api: TestApi, providerId: number): Promise<string> {
  return sessionToken(api, 'provider', providerId);
}
