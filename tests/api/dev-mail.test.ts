/**
 * The development outbox page: GET /dev/mail shows the outbox's mail
 * as a mail client would, links working, in development on loopback; it does not exist
 * outside development.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema.ts';
import { startTestApi, type TestApi } from '../helpers/test-api.ts';

const started: TestApi[] = [];
afterAll(() => Promise.all(started.map((api) => api.close())));

async function apiIn(appEnv: 'development' | 'production' | 'test'): Promise<TestApi> {
  const api = await startTestApi(
    appEnv === 'production'
      ? { APP_ENV: appEnv, SESSION_SECRET: 'x'.repeat(40) }
      : { APP_ENV: appEnv },
  );
  started.push(api);
  await api.database.db.insert(outbox).values({
    kind: 'mail',
    payload: {
      to: 'thandi@example.co.za',
      subject: 'Confirm your service request',
      text: `Hello Thandi,\n\nConfirm it here: ${api.url}/request/confirm?token=abc&x=1\n\nThe Verified Providers team`,
    },
  });
  return api;
}

describe('GET /dev/mail', () => {
  it('in development shows each mail with its headers, paragraphs and working links', async () => {
    const api = await apiIn('development');
    const response = await api.request('/dev/mail');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await response.text();
    expect(html).toContain('<h1 style="font-size:24px;margin:8px 0">Outbox (development)</h1>');
    expect(html).toContain('>Confirm your service request</h2>');
    expect(html).toContain('<strong>To:</strong> thandi@example.co.za');
    expect(html).toContain('<p style="margin:0 0 16px">Hello Thandi,</p>');
    const link = `${api.url}/request/confirm?token=abc&amp;x=1`;
    expect(html).toContain(
      `<a href="${link}" style="color:#1e3a8a;word-break:break-all">${link}</a>`,
    );
  });

  it.each(['production', 'test'] as const)('does not exist in %s', async (appEnv) => {
    const api = await apiIn(appEnv);
    const response = await api.request('/dev/mail');
    expect(response.status).toBe(404);
    const text = await response.text();
    expect(text).not.toContain('Confirm your service request');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
  });
});
