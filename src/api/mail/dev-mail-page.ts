/**
 * GET /dev/mail: in development on loopback only, the outbox's mail,
 * newest first, each shown as a mail client would show it (headers and the HTML part,
 * rendered from the text exactly as the mailer sends it), links working. Mail carries
 * reset links that sign someone in, so the page is served under the same condition as a
 * token in an answer (revealsTokens, DESIGN.md Modes); anywhere else it does not exist.
 */
import { desc, eq } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { outbox } from '../../../db/schema.ts';
import type { Company } from '../../lib/company.ts';
import { mailBodyHtml } from './mail-html.ts';
import type { MailButton } from './mailer.ts';

/** Where the page is served (the Node host passes it to the API). */
export const DEV_MAIL_PATH = '/dev/mail';

/** How many mails the page shows. */
export const DEV_MAIL_LIMIT = 50;

export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  status: string;
  createdAt: Date;
  /** The mail's buttons (mailer.ts), drawn as in the HTML part. */
  buttons?: MailButton[];
}

/** The buttons of a stored mail, if its payload has any well-formed ones. */
function buttonsOf(value: unknown): MailButton[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (b): b is MailButton =>
      typeof b === 'object' &&
      b !== null &&
      typeof (b as Record<string, unknown>)['url'] === 'string' &&
      typeof (b as Record<string, unknown>)['label'] === 'string',
  );
}

/** The outbox's newest mails with their text. */
export async function listOutboxMailWithText(db: Queryable): Promise<OutboxMail[]> {
  const rows = await db
    .select({
      id: outbox.id,
      payload: outbox.payload,
      status: outbox.status,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .where(eq(outbox.kind, 'mail'))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(DEV_MAIL_LIMIT);
  return rows.map(({ payload, ...row }) => {
    const mail = (payload ?? {}) as Partial<Record<'to' | 'subject' | 'text' | 'buttons', unknown>>;
    const field = (value: unknown) => (typeof value === 'string' ? value : '');
    return {
      ...row,
      to: field(mail.to),
      subject: field(mail.subject),
      text: field(mail.text),
      buttons: buttonsOf(mail.buttons),
    };
  });
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const dateTime = new Intl.DateTimeFormat('en-ZA', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Africa/Johannesburg',
});

/** The page: one card per mail, like a mail client's reading pane. */
export function devMailPage(mails: OutboxMail[], company: Company, from: string): string {
  const cards = mails
    .map(
      (
        mail,
      ) => `<article aria-labelledby="mail-${mail.id}" style="margin:0 0 32px;border:1px solid #d1d5db;border-radius:8px;background:#fff;overflow:hidden">
<header style="padding:12px 16px;border-bottom:1px solid #e5e7eb;background:#f9fafb;font-size:14px;line-height:1.6">
<h2 id="mail-${mail.id}" style="margin:0 0 4px;font-size:18px">${escapeHtml(mail.subject)}</h2>
<div><strong>From:</strong> ${escapeHtml(from)}</div>
<div><strong>To:</strong> ${escapeHtml(mail.to)}</div>
<div><strong>Date:</strong> ${escapeHtml(dateTime.format(mail.createdAt))} · ${escapeHtml(mail.status)}</div>
</header>
${mailBodyHtml(mail, company)}
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en-ZA">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Outbox (development)</title>
</head>
<body style="margin:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<main style="max-width:680px;margin:0 auto;padding:16px">
<h1 style="font-size:24px;margin:8px 0">Outbox (development)</h1>
<p style="margin:0 0 24px">The newest ${DEV_MAIL_LIMIT} mails the site has written, as a mail client shows them. Only in development on this machine.</p>
${cards || '<p>No mail yet. Send a service request or apply to join, and the mail it writes appears here.</p>'}
</main>
</body>
</html>`;
}
