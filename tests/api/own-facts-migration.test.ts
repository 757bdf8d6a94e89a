/**
 * Migration 0007 keeps every existing provider's values but those provably a default
 * nobody gave: what approving an application wrote before (its generated description and
 * specialties, by their exact text; its R1500 and default week, on a row never updated
 * since), and fills the contact person from the application where the provider has none
 * (docs/decisions/0041).
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serviceProviders } from '../../db/schema.ts';
import { DEFAULT_BUSINESS_HOURS } from '../../src/lib/catalog/enquiry-options.ts';
import { insertApplication, insertProvider } from '../helpers/builders.ts';
import { migrationStatements, useTestDatabase } from '../helpers/test-database.ts';

const database = useTestDatabase();

/** The migration's data statements (its table changes are in force already). */
const DATA_STATEMENTS = migrationStatements('0007_own_facts.sql').filter((statement) =>
  /^(CREATE FUNCTION pg_temp|UPDATE)/.test(statement),
);

/** What approval wrote for an application of CCTV and alarms in Pretoria, 3 years. */
const GENERATED = {
  description:
    'Applicant Security provides cctv installations & repairs, alarm systems in Pretoria and surrounds, with 3 years of experience.',
  specialties: ['CCTV Installations & Repairs', 'Alarm Systems'],
  startingPrice: 1500,
  businessHours: { ...DEFAULT_BUSINESS_HOURS },
  contactName: null,
};

async function approvedProvider(values: Record<string, unknown>, contactName = 'Sipho Dlamini') {
  const provider = await insertProvider(database.db, {
    name: 'Applicant Security',
    location: 'Pretoria',
    services: ['cctv', 'alarms'],
    ...values,
  });
  await insertApplication(database.db, {
    businessName: 'Applicant Security',
    contactName,
    location: 'Pretoria',
    services: ['cctv', 'alarms'],
    yearsExperience: 3,
    status: 'approved',
    providerId: provider.id,
  });
  return provider.id;
}

const stored = async (id: number) => {
  const [row] = await database.db
    .select()
    .from(serviceProviders)
    .where(eq(serviceProviders.id, id));
  return row!;
};

describe('migration 0007: only the provider’s own facts', () => {
  it('clears only provable defaults and fills the contact person', async () => {
    const untouched = await approvedProvider(GENERATED);
    const updatedSince = await approvedProvider(GENERATED);
    await database.db.execute(
      sql`UPDATE service_providers SET updated_at = created_at + interval '1 day' WHERE id = ${updatedSince}`,
    );
    const own = await approvedProvider({
      description: 'Our own words about our alarms.',
      specialties: ['Gate motors'],
      startingPrice: 2000,
      contactName: 'Thandi Nkosi',
    });
    // Added by an admin: no application, so nothing is provably a default.
    const added = await insertProvider(database.db, { ...GENERATED, name: 'Admin Added' });

    await database.db.transaction(async (tx) => {
      for (const statement of DATA_STATEMENTS) await tx.execute(sql.raw(statement));
    });

    expect(await stored(untouched)).toMatchObject({
      description: '',
      specialties: [],
      startingPrice: null,
      businessHours: {},
      contactName: 'Sipho Dlamini',
    });
    // Price and hours may have been chosen since: kept.
    expect(await stored(updatedSince)).toMatchObject({
      description: '',
      specialties: [],
      startingPrice: 1500,
      businessHours: DEFAULT_BUSINESS_HOURS,
      contactName: 'Sipho Dlamini',
    });
    expect(await stored(own)).toMatchObject({
      description: 'Our own words about our alarms.',
      specialties: ['Gate motors'],
      startingPrice: 2000,
      contactName: 'Thandi Nkosi',
    });
    expect(await stored(added.id)).toMatchObject({
      name: 'Admin Added',
      description: GENERATED.description,
      specialties: GENERATED.specialties,
      startingPrice: 1500,
      businessHours: DEFAULT_BUSINESS_HOURS,
      contactName: null,
    });
    // Every provider keeps its name.
    expect((await stored(untouched)).name).toBe('Applicant Security');
  });
});
