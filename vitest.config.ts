import { defineConfig } from 'vitest/config';

/**
 * scrypt at N=2^10 instead of 2^17 (a millisecond instead of 0.3 s a hash) where the tests
 * sign in and set passwords all the time; refused outside NODE_ENV=test, which Vitest sets
 * (src/api/env.ts). The unit project keeps the production cost that password.test.ts checks.
 */
const CHEAP_PASSWORD_HASHES = { PASSWORD_HASH_COST: '10' };

/**
 * Projects: unit (rules, no database), api on embedded PGlite, the same api suite on a
 * PostgreSQL server when TEST_DATABASE_URL is set (with the Neon driver and the resilience
 * of the Node host to database outages), uploads through S3 when
 * S3_TEST_ENDPOINT is set, and the hosts run as commands (slow: netlify serve builds the
 * site through netlify-cli; npm run dev and dev:netlify start the development servers).
 */
/**
 * API files that replace a module of the app with vi.mock (a watched password module).
 * Without isolation a worker keeps the modules an earlier file loaded, the app included,
 * so a mock would not reach it: these files run in a project of their own that isolates
 * each file (`<name>-isolated`).
 */
const MOCKING_FILES = [
  'tests/api/admin-auth.test.ts',
  'tests/api/admin-invitations.test.ts',
  'tests/api/provider-auth.test.ts',
];

/** The Netlify CLI's commands (the projects below). */
const NETLIFY_CLI_TESTS = [
  'tests/netlify/netlify-serve.test.ts',
  'tests/netlify/netlify-dev.test.ts',
];

const apiTest = (name: string, driver: 'pglite' | 'pg', exclude: string[]) => ({
  name,
  include: ['tests/api/**/*.test.ts'],
  exclude: ['**/node_modules/**', ...exclude],
  env: { TEST_DATABASE_DRIVER: driver, ...CHEAP_PASSWORD_HASHES },
  // Migrates one template database; each test file gets a copy of it.
  globalSetup: ['tests/helpers/database-template.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
});

/**
 * The API suite on one driver, as two projects: `name` runs the files without isolation,
 * so a worker loads the app, drizzle, PGlite and zod once instead of once per file (a
 * third of the project's CPU time; each file still starts its own server on its own
 * database, test-api.ts), and `<name>-isolated` runs the MOCKING_FILES.
 */
const api = (
  name: string,
  driver: 'pglite' | 'pg',
  exclude: string[] = [],
  /** Only these files (none of them mocks a module); every API file when not given. */
  only?: string[],
) => {
  const include = only ?? ['tests/api/**/*.test.ts'];
  const isolated = only ? [] : MOCKING_FILES;
  return [
    {
      extends: true as const,
      test: {
        ...apiTest(name, driver, [...MOCKING_FILES, ...exclude]),
        include,
        isolate: false,
      },
    },
    ...(isolated.length > 0
      ? [
          {
            extends: true as const,
            test: {
              ...apiTest(`${name}-isolated`, driver, exclude),
              include: isolated,
              isolate: true,
            },
          },
        ]
      : []),
  ];
};

/**
 * The API files that also run on PGlite when the suite has a PostgreSQL server: those
 * whose subject is the database's own logic (SQL functions, triggers, search, migrations,
 * the business clock, every table's personal data), where PGlite's build of PostgreSQL
 * could answer differently from the server's. The rest of the API is the same code on
 * either driver; the browser tests, the build and the hosts' tests run it on PGlite.
 */
const ON_BOTH_DRIVERS = [
  'tests/api/search-*.test.ts',
  'tests/api/*-migration.test.ts',
  'tests/api/sql-sources.test.ts',
  'tests/api/schema.test.ts',
  'tests/api/seed.test.ts',
  'tests/api/places*.test.ts',
  'tests/api/place-coordinates.test.ts',
  'tests/api/providers.test.ts',
  'tests/api/listing-sorts.test.ts',
  'tests/api/paid-placement-order.test.ts',
  'tests/api/responsiveness.test.ts',
  'tests/api/retention.test.ts',
  'tests/api/personal-data-map.test.ts',
  'tests/api/planner-settings.test.ts',
];

export default defineConfig({
  test: {
    pool: 'forks',
    // Vitest's default is one worker less than the cores: one worker on CI's two. The
    // API files wait on PostgreSQL and on I/O as much as on the CPU, so both cores work.
    maxWorkers: '100%',
    projects: [
      // Without isolation a worker loads the modules once for every unit file (half of the
      // project's time was imports); no unit file mocks a module.
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], isolate: false },
      },
      // Checks of the built site in dist/ (the test runner builds first).
      { extends: true, test: { name: 'build', include: ['tests/build/**/*.test.ts'] } },
      // With a PostgreSQL server the whole API suite runs on it, and on PGlite only the
      // files about the database's own logic; without one, the whole suite on PGlite.
      ...(process.env.TEST_DATABASE_URL
        ? api('api-pglite', 'pglite', [], ON_BOTH_DRIVERS)
        : api('api-pglite', 'pglite')),
      ...(process.env.TEST_DATABASE_URL
        ? [
            ...api('api-postgres', 'pg'),
            {
              extends: true as const,
              test: { name: 'neon', include: ['tests/neon/**/*.test.ts'], hookTimeout: 60_000 },
            },
            // The Node host while a throwaway PostgreSQL cluster stops, restarts and drops
            // its connections (needs the server binaries; never touches TEST_DATABASE_URL).
            {
              extends: true as const,
              test: {
                name: 'resilience',
                include: ['tests/resilience/**/*.test.ts'],
                testTimeout: 120_000,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
      // Uploads through a real S3-compatible server (scripts/s3-test-server.sh).
      ...(process.env.S3_TEST_ENDPOINT
        ? [
            {
              extends: true as const,
              test: { name: 's3', include: ['tests/s3/**/*.test.ts'], env: CHEAP_PASSWORD_HASHES },
            },
          ]
        : []),
      // The hosts started as commands. netlify serve (in a copy of the project, with its
      // own dist/ and .netlify/) beside netlify dev; then npm run dev, which must not start
      // Astro's dev server beside netlify dev's (both write Vite's cache in node_modules),
      // beside the production refusals. The dev servers copy one prepared data folder.
      {
        extends: true,
        test: {
          name: 'netlify',
          include: NETLIFY_CLI_TESTS,
          globalSetup: ['tests/netlify/prepared-data.ts'],
          sequence: { groupOrder: 1 },
          testTimeout: 240_000,
          hookTimeout: 240_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'hosts',
          include: ['tests/netlify/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...NETLIFY_CLI_TESTS],
          globalSetup: ['tests/netlify/prepared-data.ts'],
          sequence: { groupOrder: 2 },
          testTimeout: 240_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
