/**
 * Links point only at the real site, and development mode only when asked for: a forged
 * Host header cannot move a reset link to another site,
 * the Origin check follows SITE_URL, a token never travels in an answer outside
 * development on loopback, and forgot-password does the same work for any address.
 */
import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema.ts';
import { adminSession, createTestAdmin } from '../helpers/admin-fixtures.ts';
import { sendJson } from '../helpers/api-fixtures.ts';
import { insertApplication } from '../helpers/builders.ts';
import { linkIn, readOutbox } from '../helpers/outbox.ts';
import { startTestApi, type TestApi, useTestApi } from '../helpers/test-api.ts';

/** What a site beyond loopback must name to start (decision 0043). */
const COMPANY = {
  PUBLIC_COMPANY_LEGAL_NAME: 'Sample Operator (Pty) Ltd',
  PUBLIC_COMPANY_ADDRESS: '1 Sample Street, Cape Town, 8001',
  PUBLIC_COMPANY_EMAIL: 'hello@example.org',
};

/** A POST with a Host header of the client's choosing (fetch would not send it). */
function postWithHost(
  api: TestApi,
  path: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<{ status: number; text: string }> {
  const { port } = new URL(api.url);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': payload.length,
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe('links in mail', () => {
  const api = useTestApi();

  it('ignore a forged Host header: the reset link points at SITE_URL', async () => {
    const admin = await createTestAdmin(api, { email: 'owner@verified.example.co.za' });
    const answer = await postWithHost(
      api,
      '/api/admin/forgot-password',
      { email: admin.email },
      { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    );
    expect(answer.status).toBe(200);
    const mail = (await readOutbox(api)).find((m) => m.to === admin.email);
    const link = linkIn(mail?.text ?? '', 'resetToken=');
    expect(link?.origin).toBe(api.env.SITE_URL);
    expect(mail?.text).not.toContain('evil.example');
  });

  it("ignore a forged Host header: a new provider's set-password link points at SITE_URL", async () => {
    const admin = await createTestAdmin(api);
    const application = await insertApplication(api.database.db, {
      businessName: 'Karoo Access Control',
      contactName: 'Pieter van Wyk',
      email: 'pieter@karoo.example.co.za',
      location: 'Bloemfontein',
      province: 'free-state',
      physicalAddress: '3 Park Road, Bloemfontein',
      services: ['access'],
    });
    const answer = await postWithHost(
      api,
      `/api/admin/applications/${application.id}/approve`,
      {},
      { host: 'evil.example', authorization: `Bearer ${await adminSession(api, admin.id)}` },
    );
    expect(answer.status).toBe(201);
    const mail = (await readOutbox(api)).find((m) => m.to === 'pieter@karoo.example.co.za');
    expect(linkIn(mail?.text ?? '', '/dashboard/set-password')?.origin).toBe(api.env.SITE_URL);
  });
});

describe('the Origin check of cookie-authenticated changes', () => {
  // Behind a TLS proxy: requests arrive as http://127.0.0.1:port, browsers say https://.
  const api = useTestApi({ SITE_URL: 'https://verifiedproviders.example', ...COMPANY });

  const logout = async (origin: string) => {
    const admin = await createTestAdmin(api);
    return api.request('/api/admin/logout', {
      method: 'POST',
      headers: { cookie: `vp_admin_session=${await adminSession(api, admin.id)}`, origin },
    });
  };

  it('accepts the origin of SITE_URL', async () => {
    expect((await logout('https://verifiedproviders.example')).status).toBe(200);
  });

  it("refuses the address the request came to when it is not SITE_URL's", async () => {
    expect((await logout(api.url)).status).toBe(403);
  });
});

describe('development mode', () => {
  let api: TestApi | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });

  async function forgotAnswer(env: Record<string, string>) {
    api = await startTestApi(env);
    const admin = await createTestAdmin(api);
    const response = await sendJson(api, 'POST', '/api/admin/forgot-password', {
      email: admin.email,
    });
    expect(response.status).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  }

  it('is off on the embedded default unless asked for: no token in the answer', async () => {
    // APP_ENV empty counts as unset: what `npm start` runs with.
    expect(await forgotAnswer({ APP_ENV: '' })).not.toHaveProperty('resetToken');
  });

  it('never hands out a token beyond loopback, even with APP_ENV=development', async () => {
    const answer = await forgotAnswer({
      APP_ENV: 'development',
      HOST: '0.0.0.0',
      SITE_URL: 'https://verifiedproviders.example',
      SESSION_SECRET: 'a-session-secret-of-at-least-32-characters',
      ...COMPANY,
    });
    expect(answer).not.toHaveProperty('resetToken');
  });

  it('hands out the token with APP_ENV=development on loopback', async () => {
    expect(await forgotAnswer({ APP_ENV: 'development' })).toHaveProperty('resetToken');
  });
});

describe('forgot-password', () => {
  const api = useTestApi();

  it('does the same work for a known and an unknown address: one queued row', async () => {
    const admin = await createTestAdmin(api);
    // What the request itself writes (the sender may take the row at once after it).
    for (const email of [admin.email, 'nobody@verified.example.co.za']) {
      await api.database.reset();
      await createTestAdmin(api, { email: admin.email });
      const response = await sendJson(api, 'POST', '/api/admin/forgot-password', { email });
      expect(response.status).toBe(200);
      const queued = await api.database.db.select().from(outbox);
      expect(queued.filter((row) => row.kind === 'password-reset')).toHaveLength(1);
    }
  });
});
