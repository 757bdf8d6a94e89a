/**
 * The access log as the information officer reads it (docs/decisions/0053): every look
 * recorded in access_log and every opened evidence document (document_views), newest
 * first, with whom it was about; filtered to one address's requests and provider account
 * (compared by mailbox) when one is given.
 */
import { sql } from 'drizzle-orm';
import { selectRows, type Queryable } from '../../../db/client.ts';
import { ACCESS_ACTION_LABELS, type AccessAction } from '../../lib/access-log.ts';
import { requestReference } from '../../lib/request-reference.ts';
import { ACCESS_LOG_SHOWN } from '../../lib/schemas/information-officer.ts';

export interface AccessLogEntry {
  at: string;
  who: string;
  action: string;
  what: string;
  /** Whom it was about: the customer's address or the provider's name and address. */
  about: string;
  /** The request's reference, for a look at a request. */
  reference: string | null;
}

interface Row {
  at: Date | string;
  who: string;
  action: AccessAction;
  what: string;
  enquiry_id: number | null;
  enquiry_created_at: Date | string | null;
  customer_email: string | null;
  provider: string | null;
  provider_email: string | null;
}

export async function listAccessLog(
  db: Queryable,
  { email }: { email?: string | undefined },
): Promise<AccessLogEntry[]> {
  const byMailbox = (column: string) =>
    email ? sql`mailbox_of(${sql.raw(column)}) = mailbox_of(${email})` : sql`true`;
  const rows = await selectRows<Row>(
    db,
    sql`SELECT * FROM (
          SELECT l.at, a.first_name || ' ' || a.last_name AS who, l.action, l.what,
                 e.id AS enquiry_id, e.created_at AS enquiry_created_at,
                 e.customer_email, p.name AS provider, p.email AS provider_email
            FROM access_log l
            JOIN admin_users a ON a.id = l.admin_id
            LEFT JOIN customer_enquiries e ON e.id = l.enquiry_id
            LEFT JOIN service_providers p ON p.id = l.provider_id
           WHERE ${byMailbox('e.customer_email')} OR ${byMailbox('p.email')}
          UNION ALL
          SELECT v.viewed_at, a.first_name || ' ' || a.last_name, 'viewed-provider-documents',
                 d.file_name, NULL, NULL, NULL, coalesce(p.name, pa.business_name),
                 coalesce(p.email, pa.email)
            FROM document_views v
            JOIN admin_users a ON a.id = v.admin_id
            JOIN evidence_documents d ON d.id = v.document_id
            LEFT JOIN service_providers p ON p.id = d.provider_id
            LEFT JOIN provider_applications pa ON pa.id = d.application_id
           WHERE ${byMailbox('p.email')} OR ${byMailbox('pa.email')}
        ) looks
        ORDER BY at DESC
        LIMIT ${ACCESS_LOG_SHOWN}`,
  );
  return rows.map((row) => ({
    at: new Date(row.at).toISOString(),
    who: row.who,
    action: ACCESS_ACTION_LABELS[row.action],
    what: row.what,
    about:
      row.customer_email ??
      (row.provider ? `${row.provider} (${row.provider_email ?? 'no address'})` : 'No longer held'),
    reference:
      row.enquiry_id !== null && row.enquiry_created_at !== null
        ? requestReference(row.enquiry_id, row.enquiry_created_at)
        : null,
  }));
}
