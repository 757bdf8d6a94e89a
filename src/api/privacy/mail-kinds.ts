/**
 * Marketing mail only with a standing opt-in (POPIA s69): a mail of kind 'marketing' is
 * refused by the outbox for an address without a standing consent to news, or with an
 * objection (enqueue.ts when it is written, deliver-outbox.ts again when it is sent), and
 * carries one-click unsubscribe (RFC 8058: List-Unsubscribe with an https address and
 * List-Unsubscribe-Post), whose address names the consent and a signature of it, so it
 * works without a session and holds no address.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { consents } from '../../../db/schema.ts';
import { NEWS_CONSENT } from '../../lib/consents.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { hasObjected } from './has-objected.ts';

export const UNSUBSCRIBE_PATH = '/api/privacy/unsubscribe';

/** The standing consent to news of the address's mailbox, unless the person objected. */
export async function standingNewsConsent(
  db: Queryable,
  email: string,
): Promise<number | undefined> {
  const [consent] = await db
    .select({ id: consents.id })
    .from(consents)
    .where(
      and(
        sql`mailbox_of(${consents.email}) = mailbox_of(${email})`,
        eq(consents.purpose, NEWS_CONSENT.purpose),
        isNull(consents.withdrawnAt),
      ),
    );
  if (!consent || (await hasObjected(db, email))) return undefined;
  return consent.id;
}

const signature = (secret: Uint8Array, consentId: number) =>
  createHmac('sha256', secret).update(`unsubscribe:${consentId}`).digest('base64url');

export function unsubscribeUrl(siteUrl: string, secret: Uint8Array, consentId: number): string {
  const url = new URL(UNSUBSCRIBE_PATH, siteUrl);
  url.searchParams.set('consent', String(consentId));
  url.searchParams.set('signature', signature(secret, consentId));
  return url.href;
}

/** The consent an unsubscribe address names, when its signature is right. */
export function consentOfUnsubscribe(
  secret: Uint8Array,
  consent: string | undefined,
  given: string | undefined,
): number | undefined {
  const id = Number(consent);
  if (!Number.isSafeInteger(id) || id <= 0 || !given) return undefined;
  const expected = Buffer.from(signature(secret, id));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? id : undefined;
}

/**
 * A marketing mail to the address, with its unsubscribe headers and line; undefined when
 * the address has no standing opt-in (nothing may be written then).
 */
export async function marketingMail(
  db: Queryable,
  { to, subject, text }: Pick<MailMessage, 'to' | 'subject' | 'text'>,
  { siteUrl, secret }: { siteUrl: string; secret: Uint8Array },
): Promise<MailMessage | undefined> {
  const consentId = await standingNewsConsent(db, to);
  if (consentId === undefined) return undefined;
  const url = unsubscribeUrl(siteUrl, secret, consentId);
  return {
    to,
    subject,
    kind: 'marketing',
    text: [
      text,
      '',
      `You receive this because you asked for news and offers. To stop them, use your mail program's unsubscribe button or the privacy centre: ${new URL('/privacy/my-data', siteUrl).href}`,
    ].join('\n'),
    headers: {
      'List-Unsubscribe': `<${url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** Withdraws the consent (idempotent); answers whether one was standing. */
export async function withdrawConsent(db: Queryable, consentId: number): Promise<boolean> {
  const changed = await db
    .update(consents)
    .set({ withdrawnAt: sql`now()` })
    .where(and(eq(consents.id, consentId), isNull(consents.withdrawnAt)))
    .returning({ id: consents.id });
  return changed.length > 0;
}

/** Gives or withdraws the address's consent to news, with the wording's version. */
export async function setNewsConsent(db: Queryable, email: string, given: boolean): Promise<void> {
  if (given) {
    await db
      .insert(consents)
      .values({ email, purpose: NEWS_CONSENT.purpose, wordingVersion: NEWS_CONSENT.version })
      .onConflictDoNothing();
    return;
  }
  await db
    .update(consents)
    .set({ withdrawnAt: sql`now()` })
    .where(
      and(
        sql`mailbox_of(${consents.email}) = mailbox_of(${email})`,
        eq(consents.purpose, NEWS_CONSENT.purpose),
        isNull(consents.withdrawnAt),
      ),
    );
}
