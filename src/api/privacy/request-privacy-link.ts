/**
 * "Send me a link to my data": the same answer, and the same work, whatever the address.
 * The route counts the attempt per client and per address and writes one outbox row;
 * the sender then looks the address up and mails a link only when the data knows it
 * (carryOutPrivacyLink), so neither the answer nor its timing tells whether it does.
 * The per-address counter is keyed by the address's hash: a counter row holds no address.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { selectRows, type Database } from '../../../db/client.ts';
import { outbox } from '../../../db/schema.ts';
import { enqueueMail } from '../jobs/enqueue.ts';
import { hitRateLimit, type RateLimit } from '../rate-limits/hit-rate-limit.ts';
import { PERSONAL_DATA_MAP, mappedTables } from './personal-data-map.ts';
import { createPrivacyLink } from './privacy-links.ts';
import { privacyLinkMessage } from './privacy-mail.ts';

export const PRIVACY_LINK_LIMITS = {
  perClient: {
    name: 'privacy-link',
    max: 5,
    windowSeconds: 60 * 60,
    message: 'Too many requests for a link from your connection. Please try again later.',
  },
  perAddress: {
    name: 'privacy-link-address',
    max: 3,
    windowSeconds: 24 * 60 * 60,
    message:
      'We have sent links for this address several times today. Please use the newest e-mail, or try again tomorrow.',
  },
} as const satisfies Record<string, RateLimit>;

export interface PrivacyLinkRequest {
  email: string;
  siteUrl: string;
}

const addressKey = (email: string) => createHash('sha256').update(email).digest('base64url');

export async function requestPrivacyLink(
  db: Database,
  { email, siteUrl, client }: PrivacyLinkRequest & { client: string },
): Promise<void> {
  await hitRateLimit(db, PRIVACY_LINK_LIMITS.perClient, client);
  await hitRateLimit(db, PRIVACY_LINK_LIMITS.perAddress, addressKey(email));
  await db.insert(outbox).values({ kind: 'privacy-link', payload: { email, siteUrl } });
}

/** Whether any table that names people by address has a row for the address's mailbox. */
async function addressIsKnown(db: Database, email: string): Promise<boolean> {
  for (const table of mappedTables) {
    for (const relation of PERSONAL_DATA_MAP[table].relations) {
      if (relation.by !== 'email' || table === 'privacy_links') continue;
      const where = sql.join(
        relation.columns.map((c) => sql`mailbox_of(${sql.identifier(c)}) = mailbox_of(${email})`),
        sql` OR `,
      );
      const rows = await selectRows(
        db,
        sql`SELECT 1 FROM ${sql.identifier(table)} WHERE ${where} LIMIT 1`,
      );
      if (rows.length > 0) return true;
    }
  }
  return false;
}

/** The sender's half: a link and its mail for a known address, nothing for an unknown one. */
export async function carryOutPrivacyLink(
  db: Database,
  { email, siteUrl }: PrivacyLinkRequest,
): Promise<void> {
  if (!(await addressIsKnown(db, email))) return;
  await db.transaction(async (tx) => {
    const url = await createPrivacyLink(tx, { email, siteUrl });
    await enqueueMail(tx, privacyLinkMessage(email, url));
  });
}
