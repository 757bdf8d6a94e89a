/**
 * What a route takes, told to the typed client (hc) and to nothing else
 * (docs/decisions/0012-typed-api-contract.md). These middlewares do nothing at run time:
 * the handler still reads and checks its input itself (readJson, parseOrThrow) with the
 * same schema, in its own order with rate limits and look-ups, and with readJson's 415
 * and 400 messages, which hono's validator would replace with its own.
 */
import type { Env, MiddlewareHandler } from 'hono';
import type { z } from 'zod';

/** Every value of a query string is text; none is required (absent means the default). */
type QueryText<T> = { [K in keyof T]?: string | undefined };

const passOn: MiddlewareHandler = (_c, next) => next();

/** The JSON body the route parses with `schema`. */
export function declareJson<S extends z.ZodType>(
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- only its type is needed
  _schema: S,
): MiddlewareHandler<Env, string, { in: { json: z.input<S> } }> {
  return passOn;
}

/** The query string the route parses with `schema`. */
export function declareQuery<S extends z.core.$ZodType>(
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- only its type is needed
  _schema: S,
): MiddlewareHandler<Env, string, { in: { query: QueryText<z.input<S>> } }> {
  return passOn;
}
