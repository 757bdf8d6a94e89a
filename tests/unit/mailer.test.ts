import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../src/api/mail/mailer.ts';

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
    await mailer.send(message);
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
    await mailer.send(message);
    expect(received).toHaveLength(1);
    expectMessage(await simpleParser(received[0]!));
  });
});
