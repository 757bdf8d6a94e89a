import type { Context } from 'hono';
import { AppError } from '../errors.ts';
import { refuseControlCharacters } from './control-characters.ts';

/** The request's JSON body; a 400 with a clear message when it is not JSON or holds control characters. */
export async function readJson(c: Context): Promise<unknown> {
  // Only JSON: a form on another site cannot send it without a CORS preflight.
  if (!/^application\/(.+\+)?json\b/i.test(c.req.header('content-type') ?? '')) {
    throw new AppError(
      'unsupported_media_type',
      'Send the request body as JSON (Content-Type: application/json)',
    );
  }
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError('bad_request', 'The request body must be JSON');
  }
  refuseControlCharacters(body);
  return body;
}
