/**
 * Smaller holes, closed: control characters answer 400 (never 500), a 413 ends the
 * exchange cleanly, an unlisted provider's sessions stop, and the log never carries the
 * personal data of a failed statement.
 */
import { request as httpRequest } from 'node:http';
import { eq } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { beforeEach, describe, expect, it } from 'vitest';
import { customerEnquiries, serviceProviders } from '../../db/schema.ts';
import { UNLISTED_PROVIDER } from '../../src/api/auth/require-provider.ts';
import { describeError, errorMessageSafely } from '../../src/api/http/describe-error.ts';
import { sendAs } from '../helpers/api-fixtures.ts';
import { bearer, signIn } from '../helpers/auth-fixtures.ts';
import { insertEnquiry, insertProvider, validEnquiryBody } from '../helpers/builders.ts';
import { expectError } from '../helpers/error-answer.ts';
import { createTestProvider, providerSession } from '../helpers/provider-fixtures.ts';
import { useTestApi } from '../helpers/test-api.ts';

const api = useTestApi();
beforeEach(() => api.database.reset());

const json = { 'content-type': 'application/json' };

/** A valid request for a provider inserted for it. */
async function enquiryBody() {
  const provider = await insertProvider(api.database.db, { isApproved: true, services: ['cctv'] });
  return validEnquiryBody(provider.id) as { description: string };
}

describe('control characters', () => {
  it.each([
    ['NUL', '\u0000'],
    ['BEL', '\u0007'],
    ['ESC', '\u001b'],
    ['DEL', '\u007f'],
    ['C1 CSI', '\u009b'],
  ])('in a text field (%s) answer 400 naming the field, and nothing is stored', async (_, char) => {
    const body = await enquiryBody();
    const response = await api.request('/api/enquiries', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ ...body, customerName: `Thabo${char}Nkosi` }),
    });
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { errors?: Record<string, string> };
    expect(Object.keys(answer.errors ?? {})).toEqual(['customerName']);
    expect(await api.database.db.select().from(customerEnquiries)).toEqual([]);
  });

  it('in a nested field and in an object key answer 400', async () => {
    for (const body of [{ email: 'a@b.co', password: ['x\u0000'] }, { 'em\u0000ail': 'a@b.co' }]) {
      const response = await api.request('/api/admin/login', {
        method: 'POST',
        headers: json,
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(400);
    }
  });

  it('in a query string answer 400 on every route, never 500', async () => {
    for (const path of [
      '/api/providers?search=%00',
      '/api/providers?location=Durban%00',
      '/api/providers/1/reviews?page=1%00',
      '/api/reviews/invitation?token=%00abc',
      '/api/stats?x=%1b',
    ]) {
      const response = await api.get(path);
      expect(response.status, path).toBe(400);
    }
  });

  it('keeps tabs and line breaks, which are text', async () => {
    const body = await enquiryBody();
    const response = await api.request('/api/enquiries', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ ...body, description: `${body.description}\n\tGate: 2 m wide.\r\n` }),
    });
    expect(response.status).toBe(201);
  });
});

describe('a body over the limit', () => {
  it('answers 413 with JSON and a closed connection, and the server keeps serving', async () => {
    const { port } = new URL(api.url);
    const body = Buffer.alloc(2 * 1024 * 1024, 'a');
    const answer = await new Promise<{ status: number; connection: string; text: string }>(
      (resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            path: '/api/enquiries',
            method: 'POST',
            headers: { 'content-type': 'application/json', 'content-length': body.length },
          },
          (res) => {
            let text = '';
            res.on('data', (chunk: Buffer) => (text += chunk.toString()));
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                connection: String(res.headers.connection),
                text,
              }),
            );
          },
        );
        req.on('error', reject);
        req.end(body);
      },
    );
    expect(answer.status).toBe(413);
    expect(answer.connection).toBe('close');
    expect(JSON.parse(answer.text)).toEqual({ message: 'The request body is too large' });
    expect((await api.get('/api/stats')).status).toBe(200);
  });
});

describe('an unlisted provider', () => {
  it('loses its sessions when its approval is withdrawn', async () => {
    const provider = await createTestProvider(api, { isApproved: true });
    const token = await providerSession(api, provider.id);
    expect((await api.get('/api/provider/me', { headers: bearer(token) })).status).toBe(200);
    await api.database.db
      .update(serviceProviders)
      .set({ isApproved: false })
      .where(eq(serviceProviders.id, provider.id));
    expect((await api.get('/api/provider/me', { headers: bearer(token) })).status).toBe(401);
  });

  it('signs in again and sees its dashboard, but answers no request and sees no customer’s contact details until listed again', async () => {
    const provider = await createTestProvider(api, { isApproved: true });
    const enquiry = await insertEnquiry(api.database.db, {
      assignedProviderId: provider.id,
      customerEmail: 'thandi.customer@example.com',
      customerPhone: '082 555 0101',
    });
    await api.database.db
      .update(serviceProviders)
      .set({ isApproved: false })
      .where(eq(serviceProviders.id, provider.id));
    const token = await signIn(api, 'provider', provider);
    expect((await api.get('/api/provider/me', { headers: bearer(token) })).status).toBe(200);

    const listed = (await (
      await api.get('/api/provider/enquiries', { headers: bearer(token) })
    ).json()) as { id: number; customerEmail: string; customerPhone: string | null }[];
    expect(listed.map((row) => row.id)).toEqual([enquiry.id]);
    expect(JSON.stringify(listed)).not.toContain('thandi.customer@example.com');
    expect(JSON.stringify(listed)).not.toContain('082 555 0101');

    const respond = (session: string) =>
      sendAs(api, session, 'PUT', `/api/provider/enquiries/${enquiry.id}/response`, {
        providerResponse: 'We can come on Monday at 9:00.',
        status: 'in_progress',
      });
    const answer = await respond(token);
    await expectError(answer, 403, UNLISTED_PROVIDER);
    const [row] = await api.database.db
      .select({ response: customerEnquiries.providerResponse })
      .from(customerEnquiries)
      .where(eq(customerEnquiries.id, enquiry.id));
    expect(row?.response ?? null).toBeNull();

    // Listed again: the same session answers.
    await api.database.db
      .update(serviceProviders)
      .set({ isApproved: true })
      .where(eq(serviceProviders.id, provider.id));
    const again = await signIn(api, 'provider', provider);
    const answered = await respond(again);
    expect(answered.status).toBe(200);
  });

  it('keeps its sessions through other changes', async () => {
    const provider = await createTestProvider(api, { isApproved: true });
    const token = await providerSession(api, provider.id);
    await api.database.db
      .update(serviceProviders)
      .set({ description: 'A new description of the business and its work.' })
      .where(eq(serviceProviders.id, provider.id));
    expect((await api.get('/api/provider/me', { headers: bearer(token) })).status).toBe(200);
  });
});

describe('the server log', () => {
  it('describes a failed statement without its parameters', async () => {
    const email = 'private.person@example.co.za';
    const error = await api.database.db
      .insert(serviceProviders)
      // A NOT NULL column left out: the statement fails with the e-mail among its values.
      .values({ email, name: null } as never)
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain(email);
    const logged = describeError(error);
    expect(logged).toContain('Failed query: insert into "service_providers"');
    expect(logged).not.toContain(email);
  });
});

describe('a deeply nested body', () => {
  it('answers 400, never 500', async () => {
    for (const depth of [40, 5000, 20_000]) {
      const response = await api.request('/api/enquiries', {
        method: 'POST',
        headers: json,
        body: `${'['.repeat(depth)}${']'.repeat(depth)}`,
      });
      expect(response.status, `depth ${depth}`).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(
        'The request body is nested too deeply',
      );
    }
  });
});

describe('the outbox’s record of a failure', () => {
  it('keeps the message of a failed statement, not its values', () => {
    const email = 'private.person@example.co.za';
    const failure = new DrizzleQueryError('insert into "outbox" ...', [email], new Error('boom'));
    expect(errorMessageSafely(failure)).toBe('A database statement failed: boom');
    expect(errorMessageSafely(new Error('421 Service not available'))).toBe(
      '421 Service not available',
    );
  });
});
