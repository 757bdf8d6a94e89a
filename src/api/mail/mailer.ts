/**
 * Sending mail: SMTP when SMTP_URL is set, otherwise an outbox of .eml files in
 * DATA_DIR/mail that a developer can open (DESIGN.md). One interface for both, so the
 * code that sends never knows which. Mail to a reserved domain (the sample data's
 * addresses, reserved-domains.ts) never goes over SMTP: it is written to the outbox
 * folder and logged, so a seeded database mails no one.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Company } from '../../lib/company.ts';
import { companyFromEnvironment, type Env } from '../env.ts';
import { logLine } from '../http/log-line.ts';
import { mailHtml } from './mail-html.ts';
import { isReservedAddress } from './reserved-domains.ts';

/** A link of a mail that its HTML part draws as a button with these words (mail-html.ts). */
export interface MailButton {
  url: string;
  label: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string | undefined;
  /**
   * Links that stand on a line of their own in the text and are the mail's point: the HTML
   * part shows each as a button; the text part keeps the address as it is.
   */
  buttons?: readonly MailButton[] | undefined;
  /**
   * 'marketing' goes only to an address with a standing opt-in, and carries one-click
   * unsubscribe (src/api/privacy/mail-kinds.ts); anything else is transactional.
   */
  kind?: 'transactional' | 'marketing' | undefined;
  /** Extra header lines (List-Unsubscribe and List-Unsubscribe-Post on marketing mail). */
  headers?: Record<string, string> | undefined;
}

/** Where a mail went: a mail server, or only a file in the outbox folder (db/schema.ts MAIL_DELIVERIES). */
export type MailDelivery = 'smtp' | 'file';

export interface Mailer {
  /** Where mail goes, for start-up logs: 'smtp://host:port' or the outbox folder. */
  readonly destination: string;
  /** Answers where the mail went, so the Mail tab can say "Written to file" instead of "Sent". */
  send(message: MailMessage): Promise<MailDelivery>;
}

export interface MailerOptions {
  /** The company in every mail's footer; from PUBLIC_COMPANY_* by default. */
  company?: Company;
  /**
   * Told one line for each mail written to the outbox folder (the Node server's log);
   * a mail to a reserved domain held back from SMTP is told here too, or else to
   * console.warn.
   */
  log?: (line: string) => void;
}

/**
 * Every mail is multipart: the message's text as it is, and HTML rendered from it
 * (mail-html.ts).
 */
export function createMailer(
  env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>,
  { company = companyFromEnvironment(), log }: MailerOptions = {},
): Mailer {
  const withHtml = (message: MailMessage) => {
    const mail = { ...message, html: mailHtml(message, company) };
    // The kind is ours, not a field of the mail.
    delete mail.kind;
    return mail;
  };
  const outbox = outboxMailer(path.resolve(env.DATA_DIR, 'mail'), env.MAIL_FROM, withHtml, log);
  if (!env.SMTP_URL) return outbox;
  const smtp = smtpMailer(env.SMTP_URL, env.MAIL_FROM, withHtml);
  const warn = (line: string) => (log ?? console.warn)(logLine(line));
  return {
    destination: smtp.destination,
    async send(message) {
      if (!isReservedAddress(message.to)) return smtp.send(message);
      warn(
        `Mail to ${message.to} is not sent through ${smtp.destination}: the address is on a domain reserved for examples (RFC 2606), as the sample data's are.`,
      );
      return outbox.send(message);
    },
  };
}

type Render = (message: MailMessage) => MailMessage & { html: string };

function smtpMailer(url: string, from: string, render: Render): Mailer {
  // Bounded waits: a hung mail server fails a send within a minute, well inside the
  // outbox's claim on the row (jobs/deliver-outbox.ts), so no other sender takes it meanwhile.
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  const { protocol, hostname, port } = new URL(url);
  return {
    destination: `${protocol}//${hostname}${port ? `:${port}` : ''}`,
    async send(message) {
      await transport.sendMail({ from, ...render(message) });
      return 'smtp';
    },
  };
}

function outboxMailer(
  folder: string,
  from: string,
  render: Render,
  log: ((line: string) => void) | undefined,
): Mailer {
  // Builds the same RFC 5322 message SMTP would carry, without sending it.
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    destination: folder,
    async send(message) {
      const info = await transport.sendMail({ from, ...render(message) });
      // Mail carries reset links: readable by the owner only.
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      await writeFile(path.join(folder, name), info.message as Buffer, { mode: 0o600 });
      log?.(
        logLine(
          `Mail to ${message.to}: "${message.subject}" written to ${path.join(folder, name)}`,
        ),
      );
      return 'file';
    },
  };
}
