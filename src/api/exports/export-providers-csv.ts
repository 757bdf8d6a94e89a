import type { Database } from '../../../db/client.ts';
import { serviceName } from '../../lib/catalog/categories.ts';
import { provinceName } from '../../lib/catalog/provinces.ts';
import { listAllProviders, type AdminProviderRow } from '../providers/list-all-providers.ts';
import { toCsv, yesNo, type CsvColumn, type CsvExport } from './csv.ts';

// The names the admin screens show, not the stored slugs ('Gauteng', 'Alarm Systems').
const PROVIDER_COLUMNS: CsvColumn<AdminProviderRow>[] = [
  { header: 'ID', value: (p) => p.id },
  { header: 'Business name', value: (p) => p.name },
  { header: 'Contact name', value: (p) => p.contactName },
  { header: 'Email', value: (p) => p.email },
  { header: 'Phone', value: (p) => p.phone },
  { header: 'Location', value: (p) => p.location },
  { header: 'Province', value: (p) => provinceName(p.province) },
  { header: 'Services', value: (p) => p.services.map(serviceName) },
  { header: 'Approved', value: (p) => yesNo(p.isApproved) },
  { header: 'Verified', value: (p) => yesNo(p.isVerified) },
  { header: 'Premium', value: (p) => yesNo(p.isPremium) },
  { header: 'Rating', value: (p) => p.rating },
  { header: 'Reviews', value: (p) => p.reviewCount },
  // Empty when the provider gave none ("Price on request" on its page).
  { header: 'Starting price (R)', value: (p) => p.startingPrice },
  { header: 'Years experience', value: (p) => p.yearsExperience },
  { header: 'Website', value: (p) => p.website },
  { header: 'Created', value: (p) => p.createdAt },
];

/** The admin team's CSV download of every provider, and whom it is about. */
export async function exportProvidersCsv(db: Database): Promise<CsvExport> {
  const rows = await listAllProviders(db);
  return { body: toCsv(rows, PROVIDER_COLUMNS), providerIds: rows.map((p) => p.id) };
}
