/**
 * One brief sent to several providers is one request group (docs/decisions/0050): each
 * provider has a copy, a customer_enquiries row of its own, and every copy holds the
 * first copy's id in group_id. `coalesce(group_id, id)` names a copy's group; a request
 * sent to one provider is a group of one.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { customerEnquiries as e } from '../../../db/schema.ts';
import type { EnquiryStatus } from '../../lib/catalog/enquiry-options.ts';
import { requestReference } from '../../lib/request-reference.ts';

/** The group a copy belongs to, as SQL. */
export const groupOfCopy = sql<number>`coalesce(${e.groupId}, ${e.id})`;

/** The ids of the copies in the group of `copyId` (itself included), first copy first. */
export async function copiesInGroupOf(db: Queryable, copyId: number): Promise<number[]> {
  const rows = await db
    .select({ id: e.id })
    .from(e)
    .where(
      eq(
        groupOfCopy,
        sql`(SELECT coalesce(${e.groupId}, ${e.id}) FROM ${e} WHERE ${e.id} = ${copyId})`,
      ),
    )
    .orderBy(asc(e.id));
  return rows.map((row) => row.id);
}

/**
 * The reference of a copy's request: the first copy's, the same for every copy. The copy's
 * own date serves: a request's copies are written in one transaction (create-enquiry.ts),
 * so they share the first copy's created_at.
 */
export const groupReference = (copy: { id: number; groupId: number | null; createdAt: Date }) =>
  requestReference(copy.groupId ?? copy.id, copy.createdAt);

/** How far a request group has come, in the customer's words: its furthest open copy. */
export function groupStatus(statuses: readonly EnquiryStatus[]): EnquiryStatus {
  const order: EnquiryStatus[] = ['completed', 'in_progress', 'assigned', 'new'];
  return order.find((status) => statuses.includes(status)) ?? 'cancelled';
}

/**
 * Whether the provider has a copy of the copy's request group already (a provider never
 * holds two copies of one request, so the desk cannot pass a copy to one of the others).
 */
export async function hasCopyInGroup(
  db: Queryable,
  copy: { groupId: number | null },
  providerId: number,
): Promise<boolean> {
  if (copy.groupId === null) return false;
  const [found] = await db
    .select({ id: e.id })
    .from(e)
    .where(and(eq(e.groupId, copy.groupId), eq(e.assignedProviderId, providerId)))
    .limit(1);
  return found !== undefined;
}
