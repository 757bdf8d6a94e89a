/** The admin team's CSV downloads: every provider and every enquiry. */
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { customerEnquiries as e, serviceProviders } from '../../../db/schema.ts';
import { listAllProviders } from '../providers/admin-providers.ts';
import { toCsv, type CsvColumn } from './csv.ts';

type ProviderRow = Awaited<ReturnType<typeof listAllProviders>>[number];

const PROVIDER_COLUMNS: CsvColumn<ProviderRow>[] = [
  { header: 'ID', value: (p) => p.id },
  { header: 'Business name', value: (p) => p.name },
  { header: 'Contact name', value: (p) => p.contactName },
  { header: 'Email', value: (p) => p.email },
  { header: 'Phone', value: (p) => p.phone },
  { header: 'Location', value: (p) => p.location },
  { header: 'Province', value: (p) => p.province },
  { header: 'Services', value: (p) => p.services },
  { header: 'Approved', value: (p) => p.isApproved },
  { header: 'Verified', value: (p) => p.isVerified },
  { header: 'Premium', value: (p) => p.isPremium },
  { header: 'Rating', value: (p) => p.rating },
  { header: 'Reviews', value: (p) => p.reviewCount },
  { header: 'Starting price (R)', value: (p) => p.startingPrice },
  { header: 'Years experience', value: (p) => p.yearsExperience },
  { header: 'Website', value: (p) => p.website },
  { header: 'Created', value: (p) => p.createdAt },
];

export async function providersCsv(db: Database): Promise<string> {
  return toCsv(await listAllProviders(db), PROVIDER_COLUMNS);
}

async function enquiryRows(db: Database) {
  return db
    .select({
      id: e.id,
      createdAt: e.createdAt,
      customerName: e.customerName,
      customerEmail: e.customerEmail,
      customerPhone: e.customerPhone,
      serviceType: e.serviceType,
      location: e.location,
      budget: e.budget,
      urgency: e.urgency,
      status: e.status,
      provider: serviceProviders.name,
      description: e.description,
      adminNotes: e.adminNotes,
      providerResponse: e.providerResponse,
      respondedAt: e.respondedAt,
    })
    .from(e)
    .leftJoin(serviceProviders, eq(serviceProviders.id, e.assignedProviderId))
    .orderBy(desc(e.createdAt), desc(e.id));
}

type EnquiryRow = Awaited<ReturnType<typeof enquiryRows>>[number];

const ENQUIRY_COLUMNS: CsvColumn<EnquiryRow>[] = [
  { header: 'ID', value: (r) => r.id },
  { header: 'Received', value: (r) => r.createdAt },
  { header: 'Customer', value: (r) => r.customerName },
  { header: 'Email', value: (r) => r.customerEmail },
  { header: 'Phone', value: (r) => r.customerPhone },
  { header: 'Service', value: (r) => r.serviceType },
  { header: 'Location', value: (r) => r.location },
  { header: 'Budget', value: (r) => r.budget },
  { header: 'Urgency', value: (r) => r.urgency },
  { header: 'Status', value: (r) => r.status },
  { header: 'Provider', value: (r) => r.provider },
  { header: 'Description', value: (r) => r.description },
  { header: 'Admin notes', value: (r) => r.adminNotes },
  { header: 'Provider response', value: (r) => r.providerResponse },
  { header: 'Responded', value: (r) => r.respondedAt },
];

export async function enquiriesCsv(db: Database): Promise<string> {
  return toCsv(await enquiryRows(db), ENQUIRY_COLUMNS);
}
