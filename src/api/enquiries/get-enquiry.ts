import { eq } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { customerEnquiries as e, serviceProviders } from '../../../db/schema.ts';
import { AppError } from '../errors.ts';
import { deskColumns } from './enquiry-desk-columns.ts';

export type DeskRow = Awaited<ReturnType<typeof getEnquiry>>;

/** One enquiry as the desk shows it; `lock` holds its row for an update. */
export async function getEnquiry(db: Queryable, id: number, { lock = false } = {}) {
  const query = db
    .select(deskColumns)
    .from(e)
    .leftJoin(serviceProviders, eq(serviceProviders.id, e.assignedProviderId))
    .where(eq(e.id, id));
  const [row] = lock ? await query.for('update', { of: e }) : await query;
  if (!row) throw new AppError('not_found', 'Enquiry not found');
  return row;
}
