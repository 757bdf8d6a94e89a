/**
 * The browser's typed client (src/lib/api-client.ts): its few lines send what Hono's hc
 * sends for the same call, and answers are read as the spec says (ApiError, 401 as null,
 * X-Total-Count).
 */
import { hc } from 'hono/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { App } from '../../src/api/app.ts';
import { answer, answerOrNullOn401, answerPage, api, ApiError } from '../../src/lib/api-client.ts';

interface Sent {
  url: string;
  method: string;
  body: string | undefined;
  headers: Headers;
  credentials: RequestCredentials | undefined;
}

/** Stubs fetch with `reply`, and records every request. */
function recordRequests(reply = () => Response.json({})) {
  const sent: Sent[] = [];
  // Both clients fetch a path (a string).
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
    sent.push({
      url: input,
      method: init.method ?? 'GET',
      body: typeof init.body === 'string' ? init.body : undefined,
      headers: new Headers(init.headers),
      credentials: init.credentials,
    });
    return Promise.resolve(reply());
  });
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The same calls, on our client and on hc. */
const CALLS = [
  (c: typeof api) => c.stats.$get(),
  (c: typeof api) =>
    c.providers.$get({
      query: { serviceType: 'cctv', location: undefined, search: 'a&b c/ü', limit: '12' },
    }),
  (c: typeof api) => c.providers[':id{[0-9]+}'].$get({ param: { id: '7' } }),
  (c: typeof api) =>
    c.providers[':id{[0-9]+}'].reviews.$get({
      param: { id: '7' },
      query: { page: '2', limit: '10' },
    }),
  (c: typeof api) => c.reviews.invitation.$get({ query: { token: 'abc.DEF-_~' } }),
  (c: typeof api) => c.admin.logout.$post(),
  (c: typeof api) => c.admin.users[':id'].$put({ param: { id: '3' }, json: { isActive: false } }),
  (c: typeof api) => c.admin.providers[':id'].$delete({ param: { id: '9' } }),
  (c: typeof api) =>
    c.provider.enquiries[':id{[0-9]+}'].response.$put({
      param: { id: '5' },
      json: { providerResponse: 'Yes', status: 'in_progress' },
    }),
  (c: typeof api) => c.enquiries.confirm.$post({ json: { token: 'x'.repeat(30) } }),
];

describe('api: the typed client', () => {
  it.each(CALLS.map((call, index) => [index, call] as const))(
    'call %i goes where hc sends it, with the same method and body',
    async (_, call) => {
      const ours = recordRequests();
      await call(api);
      const theirs = recordRequests();
      await call(hc<App>('/').api);
      expect(ours).toHaveLength(1);
      expect(theirs).toHaveLength(1);
      const [mine, hcs] = [ours[0]!, theirs[0]!];
      expect(mine.url).toBe(hcs.url);
      expect(mine.method).toBe(hcs.method);
      expect(mine.body).toBe(hcs.body);
      if (hcs.body !== undefined) expect(mine.headers.get('Content-Type')).toBe('application/json');
    },
  );

  it('sends the session cookie and JSON headers: Accept always, Content-Type on changes', async () => {
    const sent = recordRequests();
    await answer(api.stats.$get());
    await answer(api.admin.logout.$post());
    expect(sent.map((s) => s.credentials)).toEqual(['same-origin', 'same-origin']);
    expect(sent.map((s) => s.headers.get('Accept'))).toEqual([
      'application/json',
      'application/json',
    ]);
    expect(sent.map((s) => s.headers.get('Content-Type'))).toEqual([null, 'application/json']);
  });
});

describe('reading answers', () => {
  it('throws an ApiError in words, with the server message and field errors', async () => {
    const body = JSON.stringify({ message: 'Email is taken', errors: { email: 'Taken' } });
    recordRequests(() => new Response(body, { status: 400 }));
    const error = await answer(api.admin.users.$get()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: "We couldn't accept that request. Check the details and try again.",
      status: 400,
      responseText: body,
      serverMessage: 'Email is taken',
      fieldErrors: { email: 'Taken' },
    });
  });

  it('answers null for a 401 of "who is signed in", and throws for other failures', async () => {
    recordRequests(() => Response.json({ message: 'Sign in' }, { status: 401 }));
    expect(await answerOrNullOn401(api.admin.me.$get())).toBeNull();
    recordRequests(() => new Response('down', { status: 503 }));
    await expect(answerOrNullOn401(api.admin.me.$get())).rejects.toThrow(
      'Something went wrong on our side. Please try again in a moment.',
    );
  });

  it('reads a page and its total from X-Total-Count', async () => {
    recordRequests(() => Response.json([{ id: 1 }], { headers: { 'X-Total-Count': '42' } }));
    expect(await answerPage(api.admin.mail.$get({ query: { page: '1' } }))).toEqual({
      items: [{ id: 1 }],
      total: 42,
    });
  });
});
