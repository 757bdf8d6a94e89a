import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { customerEnquiries as e, serviceProviders } from '../../../db/schema.ts';
import { serviceName } from '../../lib/catalog/categories.ts';
import { BUDGETS, URGENCIES } from '../../lib/catalog/enquiry-options.ts';
import { statusLabel } from '../../lib/enquiry-display.ts';
import { toCsv, type CsvColumn, type CsvExport } from './csv.ts';

/** A choice's label as the forms show it; an unknown value as it is. */
const labelOf = (choices: readonly { value: string; label: string }[], value: string | null) =>
  value === null ? null : (choices.find((c) => c.value === value)?.label ?? value);

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
  // The labels the admin screens show, not the stored slugs ('R1,000 - R5,000', 'in progress').
  { header: 'Service', value: (r) => serviceName(r.serviceType) },
  { header: 'Location', value: (r) => r.location },
  { header: 'Budget', value: (r) => labelOf(BUDGETS, r.budget) },
  { header: 'Urgency', value: (r) => labelOf(URGENCIES, r.urgency) },
  { header: 'Status', value: (r) => statusLabel(r.status) },
  { header: 'Provider', value: (r) => r.provider },
  { header: 'Description', value: (r) => r.description },
  { header: 'Admin notes', value: (r) => r.adminNotes },
  { header: 'Provider response', value: (r) => r.providerResponse },
  { header: 'Responded', value: (r) => r.respondedAt },
];

/** The admin team's CSV download of every enquiry, newest first. */
export async function exportEnquiriesCsv(db: Database): Promise<CsvExport> {
  const rows = await enquiryRows(db);
  return { body: toCsv(rows, ENQUIRY_COLUMNS), enquiryIds: rows.map((r) => r.id) };
}
