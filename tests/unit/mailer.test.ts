import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../src/api/mail/mailer.ts';

const FROM = 'Verified Providers <no-reply@test.example>';
const message = {
  to: 'thandi@example.co.za',
  subject: 'Your application was received',
  text: 'We will review it within 2-3 business days.',
};

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
    const eml = readFileSync(path.join(dataDir, 'mail', files.sort()[0]!), 'utf8');
    expect(eml).toContain('To: thandi@example.co.za');
    expect(eml).toContain('From: Verified Providers <no-reply@test.example>');
    expect(eml).toMatch(/Subject: (Your application was received|Second)/);
    expect(eml).toContain('Message-ID: <');
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
    expect(received[0]).toContain('Subject: Your application was received');
    expect(received[0]).toContain('We will review it within 2-3 business days.');
  });
});
