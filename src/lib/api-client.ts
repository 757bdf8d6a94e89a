/**
 * The browser's API calls (spec section 7), typed from the API's own routes: `api` has
 * the type of Hono's client (hc) on the app's type, imported as a type only, so no server
 * code reaches the browser and a changed answer fails the typecheck of the island that
 * reads it (docs/decisions/0012-typed-api-contract.md).
 *
 * A non-OK answer throws an ApiError whose message is a sentence in words for its status
 * (no status codes or JSON in the interface, where spec section 8 had
 * "status: body text"; the raw answer stays in `responseText` for developers);
 * `serverMessage` is the JSON body's `message`, which screens show when the spec says
 * "server message". So only success answers are typed, and only they are ever read.
 */
import type { ClientResponse, hc, InferRequestType } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { App } from '../api/app.ts';

/** What went wrong, in words a visitor understands, for an answer's HTTP status. */
export function describeFailure(status: number): string {
  if (status === 401) return 'Your session has ended. Please sign in again.';
  if (status === 403) return "You don't have permission to do that.";
  if (status === 404) return "We couldn't find what you asked for.";
  if (status === 429) return 'Too many attempts. Please wait a moment and try again.';
  if (status >= 500) return 'Something went wrong on our side. Please try again in a moment.';
  return "We couldn't accept that request. Check the details and try again.";
}

export class ApiError extends Error {
  readonly status: number;
  /** The answer's body as sent (or its status text): for developers, never shown. */
  readonly responseText: string;
  readonly serverMessage: string | undefined;
  readonly fieldErrors: Record<string, string> | undefined;

  constructor(status: number, text: string, body: unknown) {
    super(describeFailure(status));
    this.name = 'ApiError';
    this.status = status;
    this.responseText = text;
    const json = (typeof body === 'object' && body !== null ? body : {}) as {
      message?: unknown;
      errors?: unknown;
    };
    this.serverMessage = typeof json.message === 'string' ? json.message : undefined;
    this.fieldErrors =
      typeof json.errors === 'object' && json.errors !== null
        ? (json.errors as Record<string, string>)
        : undefined;
  }
}

/**
 * The fetch of every call: the session cookie, JSON both ways, and an ApiError for an
 * answer that is not OK.
 */
async function send(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  if (init.method !== undefined && init.method !== 'GET') {
    headers.set('Content-Type', 'application/json');
  }
  const response = await fetch(input, { credentials: 'same-origin', ...init, headers });
  if (!response.ok) {
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    throw new ApiError(response.status, text || response.statusText, body);
  }
  return response;
}

/** What the typed client's calls of our routes take (hc's arguments, less form, header, cookie). */
interface CallArgs {
  param?: Record<string, string>;
  query?: Record<string, string | undefined>;
  json?: unknown;
}

/**
 * The request of `api.a.b[':id'].$put(args)`, made as hc makes it: `:name` segments from
 * `param`, the query from `query` leaving out undefined values, `json` as the body.
 */
function call(path: readonly string[], { param = {}, query = {}, json }: CallArgs = {}) {
  const method = (path.at(-1) ?? '').slice(1).toUpperCase();
  const pathname = path
    .slice(0, -1)
    .map((part) => (part.startsWith(':') ? param[part.slice(1).replace(/\{.*$/, '')] : part))
    .join('/');
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, value);
  const text = search.toString();
  return send(text ? `${pathname}?${text}` : pathname, {
    method,
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
}

/** Property access builds the route's path; calling `$get`, `$post`... sends the request. */
function routes(path: readonly string[]): unknown {
  return new Proxy(() => undefined, {
    // Not a promise: `await` and React must not take a route for one (hc does the same).
    get: (_target, key) =>
      typeof key === 'string' && key !== 'then' ? routes([...path, key]) : undefined,
    apply: (_target, _this, [args]: [CallArgs?]) => call(path, args),
  });
}

/**
 * Every route of the API, typed: `api.admin.stats.$get()` is GET /api/admin/stats. The
 * type is hc's; the few lines above stand in for hc's 5 KB, for which the home page's
 * budget has no room (docs/decisions/0012-typed-api-contract.md), and
 * tests/unit/api-client.test.ts checks that they send what hc sends.
 */
export const api = routes(['', 'api']) as ReturnType<typeof hc<App>>['api'];

/** What a typed call gives: one response type for each answer the route may give. */
type Answered = ClientResponse<unknown, number>;

/** The JSON body of a route's success answers (send() has thrown for the others). */
type SuccessBody<R> =
  R extends ClientResponse<infer T, infer S, 'json'>
    ? [S & SuccessStatusCode] extends [never]
      ? never
      : T
    : never;

/** What a route answers when it succeeds: `ApiAnswer<typeof api.admin.stats.$get>`. */
export type ApiAnswer<F extends (...args: never[]) => Promise<Answered>> = SuccessBody<
  Awaited<ReturnType<F>>
>;

/** What a route takes: `ApiInput<typeof api.providers.$get>['query']`. */
export type ApiInput<F extends (...args: never[]) => Promise<Answered>> = InferRequestType<F>;

/** The body of a typed call's answer. */
export async function answer<R extends Answered>(call: Promise<R>): Promise<SuccessBody<R>> {
  // Only an OK answer gets here (send), and its body is what the route answers on success.
  return (await call).json() as Promise<SuccessBody<R>>;
}

/** A paged list: the rows of one page, and from X-Total-Count how many there are in all. */
export async function answerPage<T>(
  call: Promise<ClientResponse<T[], number, 'json'>>,
): Promise<{ items: T[]; total: number }> {
  const response = await call;
  const items = await response.json();
  return { items, total: Number(response.headers.get('X-Total-Count') ?? items.length) };
}

/**
 * For "who is signed in" (spec section 7: reads can be set to return null on 401): a 401
 * means not signed in, not an error.
 */
export async function answerOrNullOn401<R extends Answered>(
  call: Promise<R>,
): Promise<SuccessBody<R> | null> {
  try {
    return await answer(call);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}
