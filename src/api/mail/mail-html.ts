/**
 * The HTML part of every mail, rendered from its text part so the
 * two always say the same: paragraphs at blank lines, line breaks kept, web addresses
 * as links, one narrow column that reads on a phone, and the operating company's
 * details in the footer (src/lib/company.ts). The text part is sent unchanged.
 */
import type { Company } from '../../lib/company.ts';
import type { MailButton, MailMessage } from './mailer.ts';

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** Web addresses in mail text; a trailing full stop or bracket ends the sentence, not the link. */
const LINK = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/g;

/**
 * A button-like link (a mail client takes no stylesheet and no <button>): white on the
 * site's dark blue, a finger's height, its own line.
 */
function buttonHtml({ url, label }: MailButton): string {
  return `<a href="${escapeHtml(url)}" style="display:inline-block;margin:4px 0;padding:12px 20px;border-radius:6px;background:#1e3a8a;color:#ffffff;font-weight:bold;text-decoration:none">${escapeHtml(label)}</a>`;
}

/**
 * One paragraph's text as HTML: escaped, links clickable, line breaks kept; a line that is
 * only the address of one of the mail's buttons becomes that button.
 */
function paragraphHtml(paragraph: string, buttons: readonly MailButton[]): string {
  return paragraph
    .split('\n')
    .map((line) => {
      const button = buttons.find((b) => b.url === line.trim());
      return button ? buttonHtml(button) : lineHtml(line);
    })
    .join('<br>\n');
}

/** One line's text as HTML: escaped, web addresses as links. */
function lineHtml(paragraph: string): string {
  let html = '';
  let last = 0;
  for (const match of paragraph.matchAll(LINK)) {
    const url = match[0];
    html += escapeHtml(paragraph.slice(last, match.index));
    html += `<a href="${escapeHtml(url)}" style="color:#1e3a8a;word-break:break-all">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  html += escapeHtml(paragraph.slice(last));
  return html;
}

/** The company's details for the footer: what is configured, placeholders saying so. */
function footerHtml(company: Company, productName: string): string {
  const { shown } = company;
  const lines = [
    `${productName} is operated by ${shown.legalName}, registration number ${shown.registrationNumber}.`,
    shown.address,
    `Phone ${shown.phone} · E-mail ${shown.email}`,
  ];
  return lines.map(escapeHtml).join('<br>\n');
}

/** The mail's body as a mail client shows it (the part inside <body>). */
export function mailBodyHtml(
  message: Pick<MailMessage, 'subject' | 'text' | 'buttons'>,
  company: Company,
  productName = 'Verified Providers',
): string {
  const paragraphs = message.text
    .trim()
    .split(/\n\s*\n/)
    .map(
      (paragraph) =>
        `<p style="margin:0 0 16px">${paragraphHtml(paragraph.trim(), message.buttons ?? [])}</p>`,
    )
    .join('\n');
  return `<div style="max-width:600px;margin:0 auto;padding:24px 16px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1f2937">
<p style="margin:0 0 24px;font-size:18px;font-weight:bold;color:#1e3a8a">${escapeHtml(productName)}</p>
${paragraphs}
<hr style="border:none;border-top:1px solid #d1d5db;margin:24px 0 12px">
<p style="margin:0;font-size:12px;line-height:1.5;color:#4b5563">${footerHtml(company, productName)}</p>
</div>`;
}

/** The whole HTML part of a mail. */
export function mailHtml(
  message: Pick<MailMessage, 'subject' | 'text' | 'buttons'>,
  company: Company,
): string {
  return `<!doctype html>
<html lang="en-ZA">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(message.subject)}</title>
</head>
<body style="margin:0;background:#f3f4f6">
${mailBodyHtml(message, company)}
</body>
</html>`;
}
