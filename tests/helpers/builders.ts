/**
 * Test data with unique values. `buildProvider({ isPremium: true })` gives a complete,
 * valid provider row; insert it with `insertProvider(db, ...)`. Enquiries, flash ads and
 * applications are inserted the same way.
 */
import type { Database } from '../../db/client.ts';
import {
  customerEnquiries,
  flashAds,
  providerApplications,
  serviceProviders,
} from '../../db/schema.ts';
import { DEFAULT_BUSINESS_HOURS } from '../../src/lib/catalog/enquiry-options.ts';

let sequence = 0;
const next = () => ++sequence;

export type ProviderRow = typeof serviceProviders.$inferInsert;

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
    isVerified: false,
    isPremium: false,
    isApproved: true,
    startingPrice: 1500,
    phone: '+27115550000',
    email: `provider${n}-${Date.now()}@test.example.co.za`,
    coverageAreas: ['Johannesburg'],
    specialties: ['IP cameras'],
    yearsExperience: 5,
    businessHours: { ...DEFAULT_BUSINESS_HOURS },
    ...overrides,
  };
}

export async function insertProvider(db: Database, overrides: Partial<ProviderRow> = {}) {
  const [row] = await db.insert(serviceProviders).values(buildProvider(overrides)).returning();
  if (!row) throw new Error('provider not inserted');
  return row;
}

export async function insertFlashAd(
  db: Database,
  overrides: Partial<typeof flashAds.$inferInsert> = {},
) {
  const n = next();
  const [row] = await db
    .insert(flashAds)
    .values({ title: `Ad ${n}`, subtitle: `Subtitle ${n}`, ...overrides })
    .returning();
  if (!row) throw new Error('flash ad not inserted');
  return row;
}

export async function insertEnquiry(
  db: Database,
  overrides: Partial<typeof customerEnquiries.$inferInsert> = {},
) {
  const n = next();
  const [row] = await db
    .insert(customerEnquiries)
    .values({
      customerName: `Customer ${n}`,
      customerEmail: `customer${n}@test.example.com`,
      serviceType: 'cctv',
      location: 'Johannesburg',
      description: 'Four cameras for a house',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('enquiry not inserted');
  return row;
}

/** Inserts a pending application row directly (no rate limit, no mail). */
export async function insertApplication(
  db: Database,
  overrides: Partial<typeof providerApplications.$inferInsert> = {},
) {
  const n = next();
  const [row] = await db
    .insert(providerApplications)
    .values({
      businessName: `Applicant ${n} Security`,
      contactName: 'Sipho Dlamini',
      email: `applicant${n}-${Date.now()}@test.example.co.za`,
      phone: '0825550123',
      location: 'Pretoria',
      province: 'gauteng',
      physicalAddress: '1 Church Street, Pretoria',
      services: ['cctv'],
      yearsExperience: 3,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('application not inserted');
  return row;
}

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
    customerEmail: 'thandi@example.co.za',
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
    ...overrides,
  };
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
}
