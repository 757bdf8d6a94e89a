/**
 * The mail outbox (DATA_DIR/mail/*.eml) as tests read it: every message parsed by
 * mailparser (an implementation apart from nodemailer, which wrote it), for the API tests
 * (their temporary DATA_DIR) and the browser tests (reports/e2e-data).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type AddressObject } from 'mailparser';
import type { TestApi } from './test-api.ts';

export interface OutboxMail {
  file: string;
  from: string;
  to: string;
  subject: string;
  /** The decoded text body. */
  text: string;
  /** The decoded HTML body ('' when there is none). */
  html: string;
}

const mailFolder = (dataDir: string) => path.join(dataDir, 'mail');

export async function mailFiles(dataDir: string): Promise<string[]> {
  try {
    return (await readdir(mailFolder(dataDir))).filter((f) => f.endsWith('.eml')).sort();
  } catch {
    return [];
  }
}

/** The addresses of a From or To header as one text, as the header names them. */
const addressText = (addresses: AddressObject | AddressObject[] | undefined) =>
  [addresses ?? []]
    .flat()
    .map((address) => address.text)
    .join(', ');

async function parseMail(file: string, source: Buffer): Promise<OutboxMail> {
  const mail = await simpleParser(source);
  return {
    file,
    from: addressText(mail.from),
    to: addressText(mail.to),
    subject: mail.subject ?? '',
    text: mail.text ?? '',
    html: typeof mail.html === 'string' ? mail.html : '',
  };
}

/** Every mail in the outbox under `dataDir`, oldest first. */
export async function readOutboxIn(dataDir: string): Promise<OutboxMail[]> {
  const files = await mailFiles(dataDir);
  return Promise.all(
    files.map(async (file) =>
      parseMail(file, await readFile(path.join(mailFolder(dataDir), file))),
    ),
  );
}

/** The first URL in a text that contains `fragment`. */
export function linkIn(text: string, fragment: string): URL | undefined {
  const found = text.match(/https?:\/\/\S+/g)?.find((link) => link.includes(fragment));
  return found ? new URL(found) : undefined;
}

/**
 * Mail held back for a short while (a rejection may still be reversed) goes out within
 * minutes: tests read the outbox as it will be ten minutes from now.
 */
const soon = () => new Date(Date.now() + 10 * 60_000);

/**
 * When the outbox is carried out before it is read: ten minutes ahead by default; the
 * present for a test of an hourly job, whose next hour may begin within those ten minutes.
 */
export interface ReadAt {
  deliverAt?: () => Date;
}

/** Every mail the test API has written, after the outbox is carried out. */
export async function readOutbox(
  api: TestApi,
  { deliverAt = soon }: ReadAt = {},
): Promise<OutboxMail[]> {
  await api.runJobs(deliverAt());
  return readOutboxIn(api.env.DATA_DIR);
}

/**
 * Remembers which mails are in the outbox now (reset() does not empty it); `newMails()`
 * then answers only the mails written since.
 */
export async function watchOutbox(
  api: TestApi,
  readAt: ReadAt = {},
): Promise<{ newMails(): Promise<OutboxMail[]> }> {
  await api.runJobs((readAt.deliverAt ?? soon)());
  const seen = new Set(await mailFiles(api.env.DATA_DIR));
  return {
    async newMails() {
      return (await readOutbox(api, readAt)).filter((mail) => !seen.has(mail.file));
    },
  };
}
