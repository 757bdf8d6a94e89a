/**
 * The download of everything held about an address: one ZIP with `my-data.json` (the
 * view the centre shows and every row as the database holds it) and `my-data.html` (the
 * same, readable in any browser without a network).
 */
import { strToU8, zipSync } from 'fflate';
import type { PersonalDataView } from './describe-personal-data.ts';
import type { ProviderDataView } from './describe-provider-data.ts';
import type { HeldData } from './gather-personal-data.ts';

export interface PersonalDataFile {
  generatedAt: string;
  view: PersonalDataView;
  /** A provider's own account, as its "Your data" page shows it (docs/decisions/0053). */
  provider?: ProviderDataView | undefined;
  /** Every row about the address, by table, as stored (less withheld secrets). */
  records: HeldData['records'];
}

const escapeHtml = (value: string | number | boolean | null | undefined) =>
  String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const cell = (value: unknown) =>
  escapeHtml(
    value === null || value === undefined
      ? ''
      : typeof value === 'object'
        ? JSON.stringify(value)
        : (value as string | number | boolean),
  );

function table(rows: Record<string, unknown>[]): string {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return [
    '<table><thead><tr>',
    ...columns.map((c) => `<th scope="col">${escapeHtml(c)}</th>`),
    '</tr></thead><tbody>',
    ...rows.map((row) => `<tr>${columns.map((c) => `<td>${cell(row[c])}</td>`).join('')}</tr>`),
    '</tbody></table>',
  ].join('');
}

function providerHtml(provider: ProviderDataView | undefined): string {
  if (!provider) return '';
  const list = (items: string[]) =>
    items.length > 0
      ? `<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`
      : '<p>None.</p>';
  return [
    '<h2>Your provider account</h2>',
    table(provider.profile.map(({ label, value }) => ({ field: label, value }))),
    '<h3>Applications</h3>',
    list(provider.applications.map((a) => `Sent ${a.submittedAt}: ${a.status}`)),
    '<h3>Checks</h3>',
    list(
      provider.checks.map(
        (c) => `${c.check}: ${c.status}${c.validUntil ? `, valid until ${c.validUntil}` : ''}`,
      ),
    ),
    '<h3>Documents</h3>',
    list(provider.documents.map((d) => `${d.fileName} (${d.check}), sent ${d.uploadedAt}`)),
    '<h3>Requests received</h3>',
    list(
      provider.enquiries.map((e) => `${e.reference}: ${e.service}, ${e.receivedAt}, ${e.status}`),
    ),
    '<h3>Reviews</h3>',
    list(provider.reviews.map((r) => `${r.rating} of 5, ${r.writtenAt}: ${r.comment}`)),
    provider.erasedOn
      ? `<p>Closed ${escapeHtml(provider.closedAt)}; erased on ${escapeHtml(provider.erasedOn)}.</p>`
      : '',
  ].join('');
}

export function personalDataHtml({
  generatedAt,
  view,
  provider,
  records,
}: PersonalDataFile): string {
  const requests = view.requests
    .map(
      (r) =>
        `<h3>${escapeHtml(r.reference)}: ${escapeHtml(r.service)} in ${escapeHtml(r.location)}</h3>` +
        `<p>Sent ${escapeHtml(r.sentAt)}, ${escapeHtml(r.status)}. Name ${escapeHtml(r.name)}, phone ${escapeHtml(r.phone ?? 'not given')}.</p>` +
        `<p>${escapeHtml(r.description)}</p>` +
        (r.receivedBy.length > 0
          ? `<p>Received by: ${r.receivedBy.map((p) => `${escapeHtml(p.provider)} (from ${escapeHtml(p.from)})`).join(', ')}.</p>`
          : ''),
    )
    .join('');
  const tables = Object.entries(records)
    .map(([name, rows]) => `<h3>${escapeHtml(name)} (${rows.length})</h3>${table(rows)}`)
    .join('');
  return `<!doctype html>
<html lang="en-ZA"><head><meta charset="utf-8"><title>Your data at Verified Providers</title>
<style>body{font-family:system-ui,sans-serif;max-width:72rem;margin:2rem auto;padding:0 1rem;line-height:1.5}table{border-collapse:collapse;font-size:.875rem;display:block;overflow-x:auto}th,td{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}</style>
</head><body>
<h1>Your data at Verified Providers</h1>
<p>Everything we held about ${escapeHtml(view.email)} on ${escapeHtml(generatedAt)}.</p>
${providerHtml(provider)}
<h2>Your requests</h2>${requests || '<p>None.</p>'}
<h2>Who could see it</h2><p>${escapeHtml(view.teamAccess)}</p>
<h2>Who looked</h2>${
    view.whoLooked.length > 0
      ? `<ul>${view.whoLooked.map((l) => `<li>${escapeHtml(l.at)}: ${escapeHtml(l.who)}. ${escapeHtml(l.action)}: ${escapeHtml(l.what)}</li>`).join('')}</ul>`
      : '<p>No one in our team has opened or exported your records.</p>'
  }
<h2>Every record, as stored</h2>${tables || '<p>None.</p>'}
</body></html>
`;
}

/** The download's answer headers: a ZIP saved under one name, from the centre or the dashboard. */
export const PERSONAL_DATA_ZIP_HEADERS = {
  'Content-Type': 'application/zip',
  'Content-Disposition': 'attachment; filename="verified-providers-my-data.zip"',
};

export function personalDataZip(file: PersonalDataFile): Uint8Array {
  return zipSync({
    'my-data.json': strToU8(JSON.stringify(file, null, 2)),
    'my-data.html': strToU8(personalDataHtml(file)),
  });
}
