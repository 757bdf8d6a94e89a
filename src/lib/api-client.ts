/**
 * The browser's API calls (spec section 7). A non-OK answer throws an ApiError whose
 * message is "status: body text" (spec section 8); `serverMessage` is the JSON body's
 * `message`, which screens show when the spec says "server message".
 */
export class ApiError extends Error {
  readonly status: number;
  readonly serverMessage: string | undefined;
  readonly fieldErrors: Record<string, string> | undefined;

  constructor(status: number, text: string, body: unknown) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
    this.status = status;
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

async function send(path: string, init: RequestInit): Promise<Response> {
  const response = await fetch(path, { credentials: 'same-origin', ...init });
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

export async function apiGet<T>(path: string): Promise<T> {
  return (await send(path, { headers: { Accept: 'application/json' } })).json() as Promise<T>;
}

/** GET that also answers the X-Total-Count header (paged lists). */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- T names the item type the caller expects; like apiGet, the body is trusted, not checked
export async function apiGetPage<T>(path: string): Promise<{ items: T[]; total: number }> {
  const response = await send(path, { headers: { Accept: 'application/json' } });
  const items = (await response.json()) as T[];
  return { items, total: Number(response.headers.get('X-Total-Count') ?? items.length) };
}

export async function apiSend<T>(
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await send(path, {
    method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/**
 * GET for "who is signed in" (spec section 7: reads can be set to return null on 401):
 * a 401 means not signed in, not an error.
 */
export async function apiGetOrNullOn401<T>(path: string): Promise<T | null> {
  try {
    return await apiGet<T>(path);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}
