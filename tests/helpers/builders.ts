/**
 * Test data with unique values. `buildProvider({ isPremium: true })` gives a complete,
 * valid provider row; insert it with `insertProvider(db, ...)`. Enquiries, flash ads and
 * applications are inserted the same way.
 *
 * A provider is verified when its check records say so (docs/decisions/0014), so
 * `insertProvider(db, { isVerified: true })` inserts the row and then a passed record of
 * every check it requires; `recordTestCheck` sets one record (an expired one, a pending
 * one) for the cases in between.
 */
import { eq, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import {
  customerEnquiries,
  flashAds,
  providerApplications,
  providerChecks,
  serviceProviders,
} from '../../db/schema.ts';
import { addDays, addMonths, saToday } from '../../src/lib/calendar-days.ts';
import { requiredChecks, type CheckType } from '../../src/lib/catalog/checks.ts';
import { CHECKS_CONSENT } from '../../src/lib/catalog/consent.ts';
import { DEFAULT_BUSINESS_HOURS } from '../../src/lib/catalog/enquiry-options.ts';

let sequence = 0;
const next = () => ++sequence;

export type ProviderRow = typeof serviceProviders.$inferInsert;

/** A provider row as tests describe it: `isVerified: true` also records passed checks. */
export type ProviderOverrides = Partial<ProviderRow> & { isVerified?: boolean };

export function buildProvider(overrides: Partial<ProviderRow> = {}): ProviderRow {
  const n = next();
  return {
    name: `Test Provider ${n}`,
    description: `Installs and services security systems (test provider ${n}).`,
    location: 'Johannesburg',
    province: 'gauteng',
    latitude: '-26.20410000',
    longitude: '28.04730000',
    services: ['cctv'],
    rating: '4.0',
    reviewCount: 10,
    isPremium: false,
    isApproved: true,
    startingPrice: 1500,
    phone: '+27115550000',
    // Each provider at a domain of its own, as a business is (a shared one would tie a
    // review to every provider on it: src/api/reviews/hold-reasons.ts).
    email: `info@provider${n}-${Date.now()}.example.co.za`,
    coverageAreas: ['Johannesburg'],
    specialties: ['IP cameras'],
    yearsExperience: 5,
    businessHours: { ...DEFAULT_BUSINESS_HOURS },
    ...overrides,
  };
}

/** Inserts one row and answers it as stored; fails, naming `what`, when none comes back. */
async function insertRow<T extends PgTable>(
  db: Database,
  table: T,
  values: T['$inferInsert'],
  what: string,
): Promise<T['$inferSelect']> {
  // Widened for drizzle's insert, which cannot check a generic table; the row is T's.
  const target: PgTable = table;
  const [row] = (await db.insert(target).values(values).returning()) as T['$inferSelect'][];
  if (!row) throw new Error(`${what} not inserted`);
  return row;
}

export async function insertProvider(
  db: Database,
  { isVerified = false, ...overrides }: ProviderOverrides = {},
) {
  const row = await insertRow(db, serviceProviders, buildProvider(overrides), 'provider');
  if (!isVerified) return row;
  await verifyProviders(db, [row.id]);
  // The row as it is now: the checks' trigger has set its verified_until.
  const [verified] = await db
    .select()
    .from(serviceProviders)
    .where(eq(serviceProviders.id, row.id));
  return verified!;
}

/**
 * Records a passed check, checked now and valid for a year from today, of every check
 * each provider requires (for its services and legal form as stored): they are then
 * verified. Records already there are replaced.
 */
export async function verifyProviders(db: Database, providerIds: readonly number[]) {
  if (providerIds.length === 0) return;
  const providers = await db
    .select({
      id: serviceProviders.id,
      services: serviceProviders.services,
      legalForm: serviceProviders.legalForm,
    })
    .from(serviceProviders)
    .where(inArray(serviceProviders.id, [...providerIds]));
  const checkedAt = new Date();
  const validUntil = addMonths(saToday(), 12);
  const records = providers.flatMap(({ id, services, legalForm }) =>
    requiredChecks(services, legalForm).map((checkType) => ({
      providerId: id,
      checkType,
      status: 'passed' as const,
      checkedAt,
      validUntil,
    })),
  );
  if (records.length === 0) throw new Error(`no provider among ${providerIds.join(', ')}`);
  await db
    .insert(providerChecks)
    .values(records)
    .onConflictDoUpdate({
      target: [providerChecks.providerId, providerChecks.checkType],
      set: { status: 'passed', checkedAt, validUntil },
    });
}

export type CheckRecordFields = Partial<
  Omit<typeof providerChecks.$inferInsert, 'id' | 'providerId' | 'checkType'>
>;

/**
 * Inserts or replaces one check record of a provider, e.g. a passed check that expired
 * yesterday: `recordTestCheck(db, id, 'psira', { validUntil: addDays(saToday(), -1) })`.
 * Passed unless `status` says otherwise; a passed or failed record is checked now, and a
 * passed one valid for a year from today, unless `fields` say otherwise.
 */
export async function recordTestCheck(
  db: Database,
  providerId: number,
  checkType: CheckType,
  fields: CheckRecordFields = {},
) {
  const status = fields.status ?? 'passed';
  const decided = status === 'passed' || status === 'failed';
  const record = {
    status,
    checkedAt: decided ? new Date() : null,
    validUntil: status === 'passed' ? addMonths(saToday(), 12) : null,
    ...fields,
  };
  const [row] = await db
    .insert(providerChecks)
    .values({ providerId, checkType, ...record })
    .onConflictDoUpdate({
      target: [providerChecks.providerId, providerChecks.checkType],
      set: {
        reference: null,
        insurer: null,
        coverAmount: null,
        checkedBy: null,
        notes: null,
        updatedAt: new Date(),
        ...record,
      },
    })
    .returning();
  if (!row) throw new Error('check record not saved');
  return row;
}

export function insertFlashAd(db: Database, overrides: Partial<typeof flashAds.$inferInsert> = {}) {
  const n = next();
  return insertRow(
    db,
    flashAds,
    { title: `Ad ${n}`, subtitle: `Subtitle ${n}`, ...overrides },
    'flash ad',
  );
}

export function insertEnquiry(
  db: Database,
  overrides: Partial<typeof customerEnquiries.$inferInsert> = {},
) {
  const n = next();
  const enquiry = {
    customerName: `Customer ${n}`,
    customerEmail: `customer${n}@test.example.com`,
    serviceType: 'cctv',
    location: 'Johannesburg',
    description: 'Four cameras for a house',
  };
  return insertRow(db, customerEnquiries, { ...enquiry, ...overrides }, 'enquiry');
}

/** Inserts a pending application row directly (no rate limit, no mail). */
export function insertApplication(
  db: Database,
  overrides: Partial<typeof providerApplications.$inferInsert> = {},
) {
  const n = next();
  const application = {
    businessName: `Applicant ${n} Security`,
    contactName: 'Sipho Dlamini',
    email: `applicant${n}-${Date.now()}@test.example.co.za`,
    phone: '0825550123',
    location: 'Pretoria',
    province: 'gauteng',
    physicalAddress: '1 Church Street, Pretoria',
    services: ['cctv'],
    yearsExperience: 3,
  };
  return insertRow(db, providerApplications, { ...application, ...overrides }, 'application');
}

/** The customer's address on the requests built here, where the mails to the customer go. */
export const CUSTOMER_EMAIL = 'thandi@example.co.za';

/**
 * A complete, valid service request for the provider as the request form sends it;
 * `undefined` leaves a field out.
 */
export function validEnquiryBody(
  assignedProviderId: number,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    customerName: 'Thandi Nkosi',
    customerEmail: CUSTOMER_EMAIL,
    customerPhone: '+27 82 555 0101',
    serviceType: 'cctv',
    location: 'Sandton',
    description: 'Four outdoor cameras for a house, with night vision.',
    budget: '5000-10000',
    urgency: 'high',
    assignedProviderId,
    ...overrides,
  };
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
}

/** A complete, valid application as the join form sends it; `undefined` leaves a field out. */
export function validApplicationBody(
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    businessName: 'Secure Home Installations',
    contactName: 'Thandi Nkosi',
    email: 'thandi@securehome.example.co.za',
    phone: '+27825550101',
    location: 'Sandton',
    province: 'gauteng',
    physicalAddress: '12 Rivonia Road, Sandton, 2196',
    services: ['cctv', 'alarms'],
    yearsExperience: 8,
    businessLicense: 'CK2015/123456/07',
    insurance: 'Public liability, R5 million',
    previousWork: 'Camera systems for 40 homes in Sandton and Bryanston.',
    website: 'https://securehome.example.co.za',
    legalForm: 'company',
    cipcNumber: '2015/123456/07',
    psiraNumber: '1234567',
    psiraValidUntil: addDays(saToday(), 200),
    insurer: 'Santam',
    insuranceCover: 5_000_000,
    insuranceValidUntil: addDays(saToday(), 300),
    consentVersion: CHECKS_CONSENT.version,
    ...overrides,
  };
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
}

/** A provider row as insertProvider stores it. */
export type InsertedProvider = Awaited<ReturnType<typeof insertProvider>>;

/** Two verified CCTV providers a request group is sent to (Alpha Cameras, Beta Security). */
export async function insertAlphaAndBeta(db: Database) {
  const alpha = await insertProvider(db, {
    name: 'Alpha Cameras',
    services: ['cctv'],
    isVerified: true,
  });
  const beta = await insertProvider(db, {
    name: 'Beta Security',
    services: ['cctv'],
    isVerified: true,
  });
  return { alpha, beta };
}

/**
 * Ubuntu Security Solutions, the provider the request and quote tests send to, at an
 * address of its own so that its mail can be told from the customer's.
 */
export function insertUbuntuSecurity(db: Database, overrides: ProviderOverrides = {}) {
  return insertProvider(db, {
    name: 'Ubuntu Security Solutions',
    email: 'jobs@ubuntu-security.example.co.za',
    ...overrides,
  });
}

/** What makes Ubuntu Security Solutions a VAT vendor: its quotes then show VAT. */
export const UBUNTU_VAT_REGISTRATION = {
  vatNumber: '4123456789',
  registeredName: 'Ubuntu Security Solutions (Pty) Ltd',
} as const;

/**
 * The checks a security company (a provider of CCTV, which PSIRA covers) needs, in the
 * order the screens list them: written out, so that a test notices when the rule changes.
 */
export const SECURITY_COMPANY_CHECKS = [
  'identity',
  'company_registration',
  'psira',
  'insurance',
  'criminal_record',
  'references',
] as const;

/** Lerato Mokoena's request for cameras, assigned to the provider: one its dashboard answers. */
export function insertAssignedEnquiry(
  db: Database,
  assignedProviderId: number,
  overrides: Partial<typeof customerEnquiries.$inferInsert> = {},
) {
  return insertEnquiry(db, {
    assignedProviderId,
    status: 'assigned',
    customerName: 'Lerato Mokoena',
    customerEmail: 'lerato@example.co.za',
    serviceType: 'cctv',
    ...overrides,
  });
}
