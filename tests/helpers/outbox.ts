/**
 * The mail outbox (DATA_DIR/mail/*.eml) as tests read it: every message decoded, for the
 * API tests (their temporary DATA_DIR) and the browser tests (reports/e2e-data).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface OutboxMail {
  file: string;
  from: string;
  to: string;
  subject: string;
  /** The decoded text body. */
  text: string;
}

const mailFolder = (dataDir: string) => path.join(dataDir, 'mail');

export async function mailFiles(dataDir: string): Promise<string[]> {
  try {
    return (await readdir(mailFolder(dataDir))).filter((f) => f.endsWith('.eml')).sort();
  } catch {
    return [];
  }
}

function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...new TextEncoder().encode(joined[i]));
    }
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

/** Decodes RFC 2047 encoded words (=?utf-8?Q?...?= and =?utf-8?B?...?=) in a header. */
function decodeHeader(value: string): string {
  return value.replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_, encoding: string, data: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

function parseMail(file: string, source: string): OutboxMail {
  const normalized = source.replace(/\r\n/g, '\n');
  const split = normalized.indexOf('\n\n');
  const head = normalized.slice(0, split).replace(/\n(?=[ \t])/g, '');
  const body = normalized.slice(split + 2);
  const headers = new Map<string, string>();
  for (const line of head.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) {
      headers.set(line.slice(0, colon).toLowerCase(), decodeHeader(line.slice(colon + 1).trim()));
    }
  }
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : body;
  return {
    file,
    from: headers.get('from') ?? '',
    to: headers.get('to') ?? '',
    subject: headers.get('subject') ?? '',
    text,
  };
}

/** Every mail in the outbox under `dataDir`, oldest first. */
export async function readOutboxIn(dataDir: string): Promise<OutboxMail[]> {
  const files = await mailFiles(dataDir);
  return Promise.all(
    files.map(async (file) =>
      parseMail(file, await readFile(path.join(mailFolder(dataDir), file), 'utf8')),
    ),
  );
}

/** The first URL in a text that contains `fragment`. */
export function linkIn(text: string, fragment: string): URL | undefined {
  const found = text.match(/https?:\/\/\S+/g)?.find((link) => link.includes(fragment));
  return found ? new URL(found) : undefined;
}
