import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../src/api/mail/mailer.ts';
import { companyFrom } from '../../src/lib/company.ts';

const FROM = 'Verified Providers <no-reply@test.example>';
const message = {
  to: 'thandi@example.co.za',
  subject: 'Your application was received',
  text: 'We will review it within 2-3 business days.',
};

/** The message as mailparser reads it: From, To, a Message-ID and the text. */
function expectMessage(mail: ParsedMail, subject = message.subject) {
  expect(mail.from?.value).toEqual([
    { address: 'no-reply@test.example', name: 'Verified Providers' },
  ]);
  expect([mail.to].flat().flatMap((to) => to?.value)).toEqual([
    { address: 'thandi@example.co.za', name: '' },
  ]);
  expect(mail.subject).toBe(subject);
  expect(mail.messageId).toMatch(/^<.+>$/);
  expect(mail.text?.trim()).toBe(message.text);
}

describe('the outbox mailer (no SMTP_URL)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vp-mail-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('writes each message as an .eml file in DATA_DIR/mail', async () => {
    const mailer = createMailer({ DATA_DIR: dataDir, MAIL_FROM: FROM });
    expect(mailer.destination).toBe(path.join(dataDir, 'mail'));
    expect(await mailer.send(message)).toBe('file');
    await mailer.send({ ...message, subject: 'Second' });
    const files = readdirSync(path.join(dataDir, 'mail'));
    expect(files).toHaveLength(2);
    // Mail carries reset links: the folder and its files are the owner's alone.
    expect(statSync(path.join(dataDir, 'mail')).mode & 0o777).toBe(0o700);
    for (const file of files) {
      expect(statSync(path.join(dataDir, 'mail', file)).mode & 0o777).toBe(0o600);
    }
    const mails = await Promise.all(
      files.map((file) => simpleParser(readFileSync(path.join(dataDir, 'mail', file)))),
    );
    // Files written in the same millisecond may sort either way.
    const bySubject = new Map(mails.map((mail) => [mail.subject, mail]));
    expectMessage(bySubject.get(message.subject)!);
    expectMessage(bySubject.get('Second')!, 'Second');
  });

  it('tells one log line for a subject with line breaks or escapes, never a forged second one', async () => {
    const lines: string[] = [];
    const mailer = createMailer(
      { DATA_DIR: dataDir, MAIL_FROM: FROM },
      { log: (line) => lines.push(line) },
    );
    await mailer.send({ ...message, subject: 'Hello\r\n2026-11-28 admin signed in\u001b[2J' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/\p{Cc}/u);
    expect(lines[0]).toContain('Hello\\r\\n2026-11-28 admin signed in\\u001b[2J');
  });

  it('sends text and HTML, the HTML in paragraphs, with links and the company', async () => {
    const lines: string[] = [];
    const company = companyFrom({
      PUBLIC_COMPANY_LEGAL_NAME: 'Sample Operator (Pty) Ltd',
      PUBLIC_COMPANY_REGISTRATION_NUMBER: '2024/123456/07',
    });
    const folder = mkdtempSync(path.join(tmpdir(), 'vp-mail-html-'));
    try {
      const mailer = createMailer(
        { DATA_DIR: folder, MAIL_FROM: FROM },
        { company, log: (line) => lines.push(line) },
      );
      const text =
        'Hello Thandi,\n\nOpen https://example.co.za/request/status?token=a&b=1.\nThanks <3';
      await mailer.send({ ...message, text });
      const [file] = readdirSync(path.join(folder, 'mail'));
      const raw = readFileSync(path.join(folder, 'mail', file!), 'utf8');
      expect(raw).toMatch(/Content-Type: multipart\/alternative/);
      const mail = await simpleParser(raw);
      expect(mail.text?.trim()).toBe(text);
      expect(mail.html).toContain('<p style="margin:0 0 16px">Hello Thandi,</p>');
      expect(mail.html).toContain(
        'Open <a href="https://example.co.za/request/status?token=a&amp;b=1" style="color:#1e3a8a;word-break:break-all">https://example.co.za/request/status?token=a&amp;b=1</a>.<br>\nThanks &lt;3',
      );
      expect(mail.html).toContain(
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
      );
      expect(mail.html).toContain(
        'Verified Providers is operated by Sample Operator (Pty) Ltd, registration number 2024/123456/07.<br>\nAddress not configured',
      );
      expect(lines).toEqual([
        `Mail to thandi@example.co.za: "Your application was received" written to ${path.join(folder, 'mail', file!)}`,
      ]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('a mail with a button', () => {
  it('draws the link as a button in the HTML part and keeps the address in the text', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'vp-mail-button-'));
    try {
      const mailer = createMailer({ DATA_DIR: folder, MAIL_FROM: FROM }, { log: () => {} });
      const url = 'https://example.co.za/request?token=a&b=1';
      const text = `Hello Thandi,\n\nFollow your request on its page:\n${url}\n\nOr see ${url} later.`;
      await mailer.send({
        ...message,
        text,
        buttons: [{ url, label: 'Open request VP-26-000042' }],
      });
      const [file] = readdirSync(path.join(folder, 'mail'));
      const mail = await simpleParser(readFileSync(path.join(folder, 'mail', file!), 'utf8'));
      expect(mail.text?.trim()).toBe(text);
      // The line that is only the address becomes the button; an address in a sentence
      // stays a plain link.
      expect(mail.html).toContain(
        'Follow your request on its page:<br>\n<a href="https://example.co.za/request?token=a&amp;b=1" style="display:inline-block;',
      );
      expect(mail.html).toContain('text-decoration:none">Open request VP-26-000042</a></p>');
      expect(mail.html).toContain(
        'Or see <a href="https://example.co.za/request?token=a&amp;b=1" style="color:#1e3a8a;word-break:break-all">https://example.co.za/request?token=a&amp;b=1</a> later.',
      );
      expect(String(mail.html).split('Open request VP-26-000042')).toHaveLength(2);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('the SMTP mailer (SMTP_URL)', () => {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        received.push(data);
        callback();
      });
    },
  });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers the message to the SMTP server', async () => {
    const mailer = createMailer({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: FROM,
      DATA_DIR: '.unused',
    });
    expect(mailer.destination).toBe(`smtp://127.0.0.1:${port}`);
    expect(await mailer.send(message)).toBe('smtp');
    expect(received).toHaveLength(1);
    expectMessage(await simpleParser(received[0]!));
  });

  // The sample data's addresses (db/seed/) and every other reserved name: none reaches
  // the SMTP server; each is written to the outbox folder and logged instead.
  it.each([
    'info@highveldsecure.example.com',
    'customer-1-1@example.com',
    'someone@EXAMPLE.NET',
    'a@b.example.org',
    'Sample Customer <sample@shop.test>',
    'nobody@provider.example',
    'nobody@provider.invalid',
    'root@localhost',
  ])('refuses to deliver to %s and writes it to the outbox folder', async (to) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vp-mail-reserved-'));
    const lines: string[] = [];
    try {
      const mailer = createMailer(
        { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: FROM, DATA_DIR: dataDir },
        { log: (line) => lines.push(line) },
      );
      const before = received.length;
      // Told as written to a file, so the Mail tab does not call it sent.
      expect(await mailer.send({ ...message, to })).toBe('file');
      expect(received).toHaveLength(before);
      const files = readdirSync(path.join(dataDir, 'mail'));
      expect(files).toHaveLength(1);
      const mail = await simpleParser(readFileSync(path.join(dataDir, 'mail', files[0]!)));
      expect(mail.subject).toBe(message.subject);
      expect(mail.to && !Array.isArray(mail.to) && mail.to.text.toLowerCase()).toContain(
        to.toLowerCase().replace(/^.*</, '').replace(/>$/, ''),
      );
      expect(lines[0]).toBe(
        `Mail to ${to} is not sent through smtp://127.0.0.1:${port}: the address is on a domain reserved for examples (RFC 2606), as the sample data's are.`,
      );
      expect(lines[1]).toMatch(/^Mail to .* written to /);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it.each(['thandi@example.co.za', 'ops@examples.com', 'me@test.co.za', 'x@notexample.com'])(
    'still delivers to %s, which is no reserved name',
    async (to) => {
      const mailer = createMailer({
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        MAIL_FROM: FROM,
        DATA_DIR: '.unused',
      });
      const before = received.length;
      expect(await mailer.send({ ...message, to })).toBe('smtp');
      expect(received).toHaveLength(before + 1);
    },
  );
});
