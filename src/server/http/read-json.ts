import type { Context } from 'hono';
import { AppError } from '../errors.ts';

/** The request's JSON body; a 400 with a clear message when it is not JSON. */
export async function readJson(c: Context): Promise<unknown> {
  // Only JSON: a form on another site cannot send it without a CORS preflight.
  if (!/^application\/(.+\+)?json\b/i.test(c.req.header('content-type') ?? '')) {
    throw new AppError(
      'unsupported_media_type',
      'Send the request body as JSON (Content-Type: application/json)',
    );
  }
  try {
    return await c.req.json();
  } catch {
    throw new AppError('bad_request', 'The request body must be JSON');
  }
}
