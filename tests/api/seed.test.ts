import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  adminUsers,
  customerEnquiries,
  enquiryAssignments,
  flashAds,
  providerWorkPhotos,
  reviews,
  serviceCategories,
  serviceProviders,
} from '../../db/schema.ts';
import type { CheckPlan } from '../../db/seed/check-records.ts';
import { SAMPLE_FLASH_ADS } from '../../db/seed/flash-ads.ts';
import { generateProvider } from '../../db/seed/generate-providers.ts';
import { SAMPLE_PROVIDERS } from '../../db/seed/sample-providers.ts';
import {
  addSyntheticProviders,
  GENERATED_PROVIDER_COUNT,
  seedDatabase,
} from '../../db/seed/seed.ts';
import { DEVELOPMENT_ADMIN_EMAIL, prepareDatabase } from '../../hosts/node/prepare-database.ts';
import { verifyPassword } from '../../src/api/auth/password.ts';
import { parseEnv } from '../../src/api/env.ts';
import { isReservedDomain } from '../../src/api/mail/reserved-domains.ts';
import {
  providerIsVerified,
  providerVerificationStatus,
  type VerificationStatus,
} from '../../src/api/verification/verified-sql.ts';
import { SERVICE_CATEGORIES, SERVICE_IDS } from '../../src/lib/catalog/categories.ts';
import { DEFAULT_TOWN_VALUES } from '../../src/lib/geo.ts';
import { isNewProvider, type Responsiveness } from '../../src/lib/responsiveness.ts';
import { listProviders } from '../helpers/api-fixtures.ts';
import { testDriver } from '../helpers/database-template.ts';
import { useTestApi } from '../helpers/test-api.ts';

/** The driver createTestDatabase picks (tests/helpers/test-database.ts). */
const driver = testDriver();

const api = useTestApi();

async function counts() {
  const db = api.database.db;
  return {
    categories: await db.$count(serviceCategories),
    providers: await db.$count(serviceProviders),
    activeFlashAds: await db.$count(flashAds, eq(flashAds.isActive, true)),
  };
}

describe('seedDatabase', () => {
  beforeEach(async () => {
    await api.database.reset();
    await seedDatabase(api.database.db);
  });

  it('gives every category, the sample and the generated providers, and the sample flash ads, active', async () => {
    expect(await counts()).toEqual({
      categories: SERVICE_CATEGORIES.length,
      providers: SAMPLE_PROVIDERS.length + GENERATED_PROVIDER_COUNT,
      activeFlashAds: SAMPLE_FLASH_ADS.length,
    });
  });

  it('adds nothing when run again', async () => {
    const once = await counts();
    await seedDatabase(api.database.db);
    expect(await counts()).toEqual(once);
  });

  it('addSyntheticProviders(db, 500) adds 500 more providers', async () => {
    const before = await api.database.db.$count(serviceProviders);
    expect(await addSyntheticProviders(api.database.db, 500)).toBe(500);
    expect(await api.database.db.$count(serviceProviders)).toBe(before + 500);
  });
});

// Read-only checks of one seeded database.
describe('the seeded sample', () => {
  beforeAll(async () => {
    await api.database.reset();
    await seedDatabase(api.database.db);
  });

  it('uses reserved domains only (RFC 2606), so no seeded address can reach a stranger', async () => {
    const db = api.database.db;
    const providers = await db
      .select({ email: serviceProviders.email, website: serviceProviders.website })
      .from(serviceProviders);
    const customers = await db
      .select({ email: customerEnquiries.customerEmail })
      .from(customerEnquiries);
    expect(customers.length).toBeGreaterThan(100);
    const domains = [
      ...[...providers, ...customers].map(({ email }) => email.split('@')[1] ?? ''),
      ...providers.flatMap(({ website }) => (website ? [new URL(website).hostname] : [])),
    ];
    expect(domains.filter((domain) => !isReservedDomain(domain))).toEqual([]);
  });

  it('writes every review after its own completed request to the reviewed provider', async () => {
    const db = api.database.db;
    const rows = await db
      .select({
        reviewAt: reviews.createdAt,
        customerName: reviews.customerName,
        serviceType: reviews.serviceType,
        providerId: reviews.providerId,
        listedAt: serviceProviders.createdAt,
        request: {
          customerName: customerEnquiries.customerName,
          serviceType: customerEnquiries.serviceType,
          status: customerEnquiries.status,
          providerId: customerEnquiries.assignedProviderId,
          sentAt: customerEnquiries.createdAt,
          confirmedAt: customerEnquiries.emailConfirmedAt,
          respondedAt: customerEnquiries.respondedAt,
          closedAt: customerEnquiries.closedAt,
        },
      })
      .from(reviews)
      .innerJoin(serviceProviders, eq(serviceProviders.id, reviews.providerId))
      .leftJoin(customerEnquiries, eq(customerEnquiries.id, reviews.enquiryId));
    expect(rows.length).toBeGreaterThan(100);
    const untrue = rows.filter(
      ({ request, reviewAt, listedAt, ...review }) =>
        request === null ||
        request.status !== 'completed' ||
        request.providerId !== review.providerId ||
        request.customerName !== review.customerName ||
        request.serviceType !== review.serviceType ||
        request.confirmedAt === null ||
        request.respondedAt === null ||
        request.closedAt === null ||
        !(listedAt < request.sentAt) ||
        !(request.sentAt < request.respondedAt) ||
        !(request.respondedAt < request.closedAt) ||
        !(request.closedAt < reviewAt) ||
        !(reviewAt < new Date()),
    );
    expect(untrue).toEqual([]);
    // Each request went to its provider, who answered it: the assignment counts it.
    const answered = await db
      .select({ id: enquiryAssignments.id })
      .from(enquiryAssignments)
      .where(sql`${enquiryAssignments.responseMinutes} IS NOT NULL`);
    expect(answered).toHaveLength(rows.length);
  });

  it('lists the sample providers months ago, so none is new, and some generated ones lately', async () => {
    const listed = await api.database.db
      .select({ email: serviceProviders.email, createdAt: serviceProviders.createdAt })
      .from(serviceProviders);
    const isNew = new Map(
      listed.map(({ email, createdAt }) => [email, isNewProvider(createdAt.toISOString())]),
    );
    expect(SAMPLE_PROVIDERS.filter(({ email }) => isNew.get(email))).toEqual([]);
    const generatedNew = [...isNew].filter(
      ([email, fresh]) => fresh && email.startsWith('provider-'),
    );
    expect(generatedNew.length).toBeGreaterThan(0);
    expect(generatedNew.length).toBeLessThan(GENERATED_PROVIDER_COUNT / 2);
  });

  it('shows how quickly a sample provider answered the requests behind its reviews', async () => {
    const { providers } = await listProviders(api, { search: 'Highveld Secure Systems' });
    const highveld = providers.find(({ name }) => name === 'Highveld Secure Systems') as
      { responsiveness: Responsiveness } | undefined;
    expect(highveld?.responsiveness.requests).toBeGreaterThanOrEqual(5);
    expect(highveld?.responsiveness.withinDayPercent).toBe(100);
  });

  it('gives no photos of work: the sample has no real ones', async () => {
    expect(await api.database.db.$count(providerWorkPhotos)).toBe(0);
  });

  it.each(SERVICE_IDS)('lists at least one provider for serviceType=%s', async (serviceType) => {
    expect((await listProviders(api, { serviceType })).total).toBeGreaterThan(0);
  });

  it.each(['verified', 'premium'])(
    'lists at least one provider for verification=%s',
    async (verification) => {
      expect((await listProviders(api, { verification })).total).toBeGreaterThan(0);
    },
  );

  it.each(DEFAULT_TOWN_VALUES)('lists at least one provider for location=%s', async (location) => {
    expect((await listProviders(api, { location })).total).toBeGreaterThan(0);
  });

  it("gives each provider the badge its plan of checks says, counted from today's records", async () => {
    const seeds = [
      ...SAMPLE_PROVIDERS,
      ...Array.from({ length: GENERATED_PROVIDER_COUNT }, (_, i) => generateProvider(i)),
    ];
    const stored = await api.database.db
      .select({ email: serviceProviders.email, status: providerVerificationStatus })
      .from(serviceProviders);
    const statusOf = new Map(stored.map(({ email, status }) => [email, status]));
    const expected = (plan: CheckPlan): VerificationStatus =>
      plan === 'verified' || plan === 'expiring'
        ? 'verified'
        : plan === 'psira-expired'
          ? 'lapsed'
          : 'unverified';
    expect(seeds.map(({ email }) => [email, statusOf.get(email)])).toEqual(
      seeds.map(({ email, checks }) => [email, expected(checks)]),
    );
    // The sample shows each case: verified, expiring soon, lapsed, waiting for review.
    expect(new Set(SAMPLE_PROVIDERS.map(({ checks }) => checks))).toEqual(
      new Set<CheckPlan>(['verified', 'expiring', 'psira-expired', 'pending']),
    );
  });

  it("never repeats a comment among one provider's reviews", async () => {
    const rows = await api.database.db
      .select({ providerId: reviews.providerId, comment: reviews.comment })
      .from(reviews);
    expect(rows.length).toBeGreaterThan(100);
    const repeated = rows.filter(
      (row, i) =>
        rows.findIndex((o) => o.providerId === row.providerId && o.comment === row.comment) !== i,
    );
    expect(repeated).toEqual([]);
  });

  it('counts as verified on the home page what the list filters as verified', async () => {
    const approvedVerified = await api.database.db.$count(
      serviceProviders,
      and(eq(serviceProviders.isApproved, true), providerIsVerified),
    );
    expect(approvedVerified).toBeGreaterThan(0);
    expect((await listProviders(api, { verification: 'verified' })).total).toBe(approvedVerified);
    const stats = (await (await api.get('/api/stats')).json()) as { verifiedProviders: number };
    expect(stats.verifiedProviders).toBe(approvedVerified);
  });
});

describe('prepareDatabase', () => {
  const dataDirs: string[] = [];
  let dataDir: string;
  beforeEach(async () => {
    await api.database.reset();
    dataDir = mkdtempSync(path.join(tmpdir(), 'vp-prepare-'));
    dataDirs.push(dataDir);
  });
  afterAll(() => {
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  const adminRows = () => api.database.db.select({ email: adminUsers.email }).from(adminUsers);

  it('creates the ADMIN_EMAIL admin once, comparing e-mail case-insensitively', async () => {
    const env = (email: string) =>
      parseEnv({
        ADMIN_EMAIL: email,
        ADMIN_PASSWORD: 'correct horse battery',
        APP_ENV: 'test',
        DATA_DIR: dataDir,
      });
    const log: string[] = [];
    await prepareDatabase(api.database, env('Ops.Admin@Example.co.za'), (line) => log.push(line));
    await prepareDatabase(api.database, env('ops.admin@EXAMPLE.CO.ZA'), (line) => log.push(line));
    expect(await adminRows()).toEqual([{ email: 'ops.admin@example.co.za' }]);
    expect(log.filter((line) => line.includes('Created admin'))).toHaveLength(1);
  });

  // The development admin exists only on the embedded database; on a server, never.
  if (driver !== 'pglite') {
    it('on a PostgreSQL server creates no development admin, even in development', async () => {
      const env = parseEnv({ APP_ENV: 'development', DATA_DIR: dataDir });
      await prepareDatabase(api.database, env, () => {});
      expect(await api.database.db.select().from(adminUsers)).toEqual([]);
      expect(existsSync(path.join(dataDir, 'development-admin.json'))).toBe(false);
    });
  }
  if (driver === 'pglite')
    it('on embedded PGlite in development creates one development admin, saves and prints its credentials', async () => {
      expect(api.database.driver).toBe('pglite');
      const env = parseEnv({ APP_ENV: 'development', DATA_DIR: dataDir });
      const log: string[] = [];
      await prepareDatabase(api.database, env, (line) => log.push(line));
      await prepareDatabase(api.database, env, (line) => log.push(line));

      const admins = await api.database.db.select().from(adminUsers);
      expect(admins.map((a) => a.email)).toEqual([DEVELOPMENT_ADMIN_EMAIL]);

      const credentialsFile = path.join(dataDir, 'development-admin.json');
      expect(existsSync(credentialsFile)).toBe(true);
      const credentials = JSON.parse(readFileSync(credentialsFile, 'utf8')) as {
        email: string;
        password: string;
      };
      expect(credentials.email).toBe(DEVELOPMENT_ADMIN_EMAIL);
      expect(await verifyPassword(credentials.password, admins[0]!.passwordHash ?? '')).toBe(true);

      expect(log.some((line) => line.includes(DEVELOPMENT_ADMIN_EMAIL))).toBe(true);
    });
});
