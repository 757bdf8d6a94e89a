/**
 * Whether an error means "the database cannot be reached right now" (DESIGN.md, Modes:
 * database faults): the one place that knows how node-postgres, the Neon driver and
 * PostgreSQL say so. Such an error is the database's absence, not a bug: the API answers
 * 503 with Retry-After, /api/health says the database is down, start-up waits.
 */
import { AppError } from '../errors.ts';

/** Long enough for a restart or a failover; the pool reconnects on the next request. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The service is briefly unavailable. Please try again in a moment.';

/** Socket errors of Node (connect, DNS, a connection cut mid-way). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is going, gone or not yet there. Class 08 (connection
 * exception) is matched as a class. https://www.postgresql.org/docs/current/errcodes-appendix.html
 */
const SERVER_CODES = new Set([
  '57P01', // admin_shutdown: stopped, or pg_terminate_backend
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '57P05', // idle_session_timeout
  '53300', // too_many_connections
]);

/** node-postgres (and the Neon driver, its fork) say these without a code. */
const MESSAGES: [RegExp, string][] = [
  [/^Connection terminated/i, 'connection terminated'],
  [/timeout exceeded when trying to connect/i, 'connection timeout'],
  [/connection error and is not queryable/i, 'connection lost'],
];

function ownFault(error: object): string | undefined {
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  if (code && (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) {
    return code;
  }
  const message = 'message' in error && typeof error.message === 'string' ? error.message : '';
  return MESSAGES.find(([pattern]) => pattern.test(message))?.[1];
}

/** The AWS SDK's errors carry `$metadata`; nodemailer's carry the SMTP `command`. */
const fromAnotherService = (error: object): boolean =>
  '$metadata' in error || ('command' in error && typeof error.command === 'string');

/**
 * The Neon driver rejects with the WebSocket's error event itself (an `ErrorEvent` with
 * the socket error inside, or a bare `Event` in runtimes that say no more).
 */
const isErrorEvent = (error: object): boolean =>
  'type' in error && error.type === 'error' && 'target' in error;

/**
 * Why the database is unreachable, in a word for logs (an error code such as
 * ECONNREFUSED or 57P01, or a short phrase), or undefined when `error` is anything else.
 * Looks through wrappers: drizzle's DrizzleQueryError (`cause`), AggregateError of
 * several addresses (`errors`), the WebSocket's error event (`error`).
 */
export function databaseFault(error: unknown): string | undefined {
  const seen = new Set<object>();
  const look = (candidate: unknown): string | undefined => {
    if (typeof candidate !== 'object' || candidate === null || seen.has(candidate)) return;
    seen.add(candidate);
    // The same socket codes come from the bucket and the mail server: their failures are
    // not the database's, and must be logged as errors, not hidden behind a 503.
    if (fromAnotherService(candidate)) return;
    const own = ownFault(candidate);
    if (own) return own;
    const { cause, errors } = candidate as { cause?: unknown; errors?: unknown };
    const nested = [cause, ...(Array.isArray(errors) ? (errors as unknown[]) : [])];
    for (const inner of nested) {
      const found = look(inner);
      if (found) return found;
    }
    if (isErrorEvent(candidate)) {
      return look((candidate as { error?: unknown }).error) ?? 'WebSocket error';
    }
    return undefined;
  };
  return look(error);
}

/** The API's answer while the database is unreachable (app.onError turns it into a 503). */
export const databaseUnavailable = (message = DATABASE_UNAVAILABLE_MESSAGE): AppError =>
  new AppError('unavailable', message, undefined, {
    retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
  });

/**
 * The same answer made outside the app, by a host that has no app to ask yet (start-up,
 * or a Netlify instance whose database did not open).
 */
export function databaseUnavailableResponse(
  body: { message: string } & Record<string, string> = { message: DATABASE_UNAVAILABLE_MESSAGE },
): Response {
  return Response.json(body, {
    status: 503,
    headers: {
      'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      // As the app's own JSON answers (app.ts): they load nothing and nobody frames them.
      'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    },
  });
}
