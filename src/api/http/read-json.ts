import type { Context } from 'hono';
import { AppError } from '../errors.ts';
import { refuseControlCharacters } from './control-characters.ts';

/**
 * The media types Hono's validator reads as JSON (hono/validator): any other body would
 * reach the route's schema as `{}`, so it is refused here rather than checked as empty.
 */
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

/**
 * Reads the request's JSON body before the validators of route-input.ts check it (Hono
 * keeps the parsed body for them): a 415 when it is not sent as JSON, a 400 with a clear
 * message when it does not parse or holds control characters.
 */
export async function readJson(c: Context): Promise<void> {
  // Only JSON: a form on another site cannot send it without a CORS preflight.
  const mediaType = (c.req.header('content-type') ?? '').split(';')[0]?.trim() ?? '';
  if (!JSON_MEDIA_TYPE.test(mediaType)) {
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
}
