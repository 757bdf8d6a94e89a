import type { Queryable } from '../../../db/client.ts';
import { saToday } from '../../lib/calendar-days.ts';
import { recordAccess } from '../privacy/record-access.ts';
import type { CsvExport } from './csv.ts';

/**
 * The answer of a CSV export: the file, named for today as the times inside it count it
 * (in South Africa), after the access log has recorded who exported whom.
 */
export async function csvDownload(
  db: Queryable,
  adminId: number,
  file: CsvExport,
  name: string,
): Promise<Response> {
  const fileName = `${name}-${saToday()}.csv`;
  await recordAccess(db, {
    adminId,
    action: 'exported-csv',
    what: fileName,
    enquiryIds: file.enquiryIds,
    providerIds: file.providerIds,
  });
  return new Response(file.body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
