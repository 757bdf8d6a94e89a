/**
 * "Who looked" (docs/decisions/0053): from the rows gathered about a person, each time a
 * member of our team opened their contact details, a site photo or a document, or
 * exported their records, newest first, with the team member's name.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { adminUsers } from '../../../db/schema.ts';
import { ACCESS_ACTION_LABELS, type AccessAction } from '../../lib/access-log.ts';
import { requestReference } from '../../lib/request-reference.ts';
import type { HeldData, HeldRow } from './gather-personal-data.ts';

export interface Look {
  /** The team member's name. */
  who: string;
  /** What they did, in words ("Opened the contact details"). */
  action: string;
  /** What they opened: "Name, e-mail and phone", a file's name, the request's reference. */
  what: string;
  at: string;
}

const ids = (rows: HeldRow[] | undefined) => new Set((rows ?? []).map((row) => row.id as number));

export async function whoLooked(db: Queryable, data: HeldData): Promise<Look[]> {
  const requests = new Map(
    (data.records.customer_enquiries ?? []).map((row) => [
      row.id as number,
      requestReference(row.id as number, row.created_at as string),
    ]),
  );
  const providers = ids(data.records.service_providers);
  const documents = new Map(
    (data.records.evidence_documents ?? []).map((row) => [row.id as number, row.file_name]),
  );
  // Only the looks at this person: a team member's own rows name what they looked at.
  const looks = (data.records.access_log ?? []).filter(
    (row) => requests.has(row.enquiry_id as number) || providers.has(row.provider_id as number),
  );
  const views = (data.records.document_views ?? []).filter((row) =>
    documents.has(row.document_id as number),
  );
  const adminIds = [...new Set([...looks, ...views].map((row) => row.admin_id as number))];
  const names = new Map(
    adminIds.length === 0
      ? []
      : (
          await db
            .select({
              id: adminUsers.id,
              name: sql<string>`${adminUsers.firstName} || ' ' || ${adminUsers.lastName}`,
            })
            .from(adminUsers)
            .where(inArray(adminUsers.id, adminIds))
        ).map((a) => [a.id, a.name]),
  );
  const who = (row: HeldRow) => names.get(row.admin_id as number) ?? 'A former team member';
  return [
    ...looks.map((row) => {
      const reference = requests.get(row.enquiry_id as number);
      return {
        who: who(row),
        action: ACCESS_ACTION_LABELS[row.action as AccessAction],
        what: reference ? `${String(row.what)}, ${reference}` : String(row.what),
        at: String(row.at),
      };
    }),
    ...views.map((row) => ({
      who: who(row),
      action: ACCESS_ACTION_LABELS['viewed-provider-documents'],
      what: String(documents.get(row.document_id as number)),
      at: String(row.viewed_at),
    })),
  ].sort((a, b) => new Date(b.at).getTime() - new Date(a.at).getTime());
}
