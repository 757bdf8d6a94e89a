import type { Database } from '../../../db/client.ts';
import { serviceName } from '../../lib/catalog/categories.ts';
import { toCsv, type CsvColumn, type CsvExport } from '../exports/csv.ts';
import { deskJobRows } from './list-desk-jobs.ts';

type JobRow = Awaited<ReturnType<typeof deskJobRows>>[number];

/** Cents as a spreadsheet reads rand: '7070.78'. */
const rand = (cents: number | null) => (cents === null ? null : (cents / 100).toFixed(2));

const JOB_COLUMNS: CsvColumn<JobRow>[] = [
  { header: 'Reference', value: (r) => r.reference },
  { header: 'Enquiry ID', value: (r) => r.enquiryId },
  { header: 'Customer', value: (r) => r.customerName },
  { header: 'Service', value: (r) => serviceName(r.serviceType) },
  { header: 'Provider', value: (r) => r.providerName },
  { header: 'Accepted', value: (r) => r.acceptedAt },
  { header: 'Quote version', value: (r) => r.version },
  { header: 'Quote total (R)', value: (r) => rand(r.quoteTotalCents) },
  { header: 'Approved variations (R)', value: (r) => rand(r.approvedVariationsCents) },
  { header: 'Variations waiting', value: (r) => r.pendingVariations },
  { header: 'Agreed total (R)', value: (r) => rand(r.agreedTotalCents) },
  { header: 'Final total (R)', value: (r) => rand(r.finalTotalCents) },
  { header: 'Completed', value: (r) => r.completedAt },
  { header: 'Disputed by', value: (r) => r.disputedBy },
  { header: 'Disputed', value: (r) => r.disputedAt },
  { header: 'Dispute reason', value: (r) => r.disputeReason },
];

/** The admin team's CSV of every agreed job (docs/decisions/0051), disputed first. */
export async function exportJobsCsv(db: Database): Promise<CsvExport> {
  const rows = await deskJobRows(db);
  return { body: toCsv(rows, JOB_COLUMNS), enquiryIds: rows.map((r) => r.enquiryId) };
}
