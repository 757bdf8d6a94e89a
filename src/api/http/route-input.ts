/**
 * What a route takes, declared once in its chain (docs/decisions/0036-routes-declare-once.md):
 * Hono's validator with zod (@hono/zod-validator) checks the JSON body, the query string
 * or the path's parameters with the shared schema before the handler runs, the handler
 * reads the checked value with `c.req.valid('json' | 'query' | 'param')`, and the typed
 * client (hc, src/lib/api-client.ts) learns the input from the same declaration.
 *
 * Every refusal is the API's one error answer, `{ message, errors? }` (app.onError): the
 * message of the first issue, and the first message of each field under its path
 * (`businessHours.sunday`). Bodies are read by readJson first, so its 415 and its
 * "The request body must be JSON" stay the answers to a body that is not JSON.
 */
import { zValidator } from '@hono/zod-validator';
import type { Context, Env, Input, MiddlewareHandler } from 'hono';
import type { BlankInput } from 'hono/types';
import { validator } from 'hono/validator';
import { z } from 'zod';
import { AppError } from '../errors.ts';
import { readJson } from './read-json.ts';
import { withoutUnchanged } from './unchanged-fields.ts';

// The shared schemas (src/lib/schemas/) are zod/mini, which loads no messages of its own so
// that the browser's bundles stay small: each message a form shows is written in the
// schema. The API answers zod's English words where a schema gives none (classic zod's
// import sets them too; said here, where every route's input is checked).
z.config(z.locales.en());

/** What a refused input's issues say: where (path) and what (message). */
interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly code?: string;
  readonly params?: Record<string, unknown> | undefined;
}

/**
 * An issue raised by a path parameter that names nothing (an id that cannot be one, see
 * id-param.ts): the answer is then a 404 with its message, as for a row that is not
 * there, rather than a 400.
 */
export const NAMES_NOTHING = { answer: 'not_found' } as const;

/** The AppError for input its schema refused. */
export function refusal(issues: readonly Issue[]): AppError {
  const [first] = issues;
  if (first?.code === 'custom' && first.params?.['answer'] === NAMES_NOTHING.answer) {
    return new AppError('not_found', first.message);
  }
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || '_';
    errors[field] ??= issue.message;
  }
  return new AppError('bad_request', first?.message ?? 'Invalid input', errors);
}

/** The hook of every validator: a refusal is thrown, for app.onError to answer. */
function refuseInvalid(result: { success: boolean; error?: { issues: readonly Issue[] } }): void {
  if (!result.success) throw refusal(result.error?.issues ?? []);
}

/**
 * A query string repeats a key as a list ('?page=1&page=2'); the routes read the first
 * value of each key, as `c.req.query()` does, so a repeated key is not a new refusal.
 */
const parseFirstOfEach = (schema: z.core.$ZodType, value: Record<string, string | string[]>) =>
  z.safeParseAsync(
    schema,
    Object.fromEntries(
      Object.entries(value).map(([key, values]) => [
        key,
        Array.isArray(values) ? values[0] : values,
      ]),
    ),
  );

/*
 * The validators below check with any zod schema, classic or zod/mini (the listing's
 * query is zod/mini, so the browser can read its URL with it), typed as `z.core.$ZodType`,
 * and tell the typed client and the handler the input and output of the route's own
 * schema `S`: with a generic schema, @hono/zod-validator's types cannot tell zod 4 from
 * zod 3.
 */

/** The JSON body, checked with `schema`; the handler reads `c.req.valid('json')`. */
export function validJson<S extends z.core.$ZodType>(schema: S) {
  const validate = zValidator<
    z.core.$ZodType,
    'json',
    Env,
    string,
    typeof refuseInvalid,
    z.input<S>,
    z.output<S>
  >('json', schema, refuseInvalid);
  const readThenValidate: typeof validate = async (c, next) => {
    // 415 for a body not sent as JSON, 400 for one that does not parse or holds control
    // characters; the validator then reads the same parsed body (Hono caches it).
    await readJson(c);
    return validate(c, next);
  };
  return readThenValidate;
}

/**
 * What the typed client may send as a query: text for any of the schema's keys, each
 * optional (absent means the schema's default), as the islands build their URLs. The
 * validator's own inference would ask for every key whose schema takes `unknown` (the
 * preprocessed numbers of the listing) as required.
 */
type QueryText<T> = { [K in keyof T]?: string | undefined };

/** The query string, checked with `schema`; the handler reads `c.req.valid('query')`. */
export function validQuery<S extends z.core.$ZodType>(schema: S) {
  return zValidator<
    z.core.$ZodType,
    'query',
    Env,
    string,
    typeof refuseInvalid,
    QueryText<z.input<S>>,
    z.output<S>
  >('query', schema, refuseInvalid, { validationFunction: parseFirstOfEach });
}

/**
 * The path's parameters, each checked with its schema in `shape`; the first issue, in the
 * shape's order, decides the answer (a 404 for an id, id-param.ts). The handler reads
 * `c.req.valid('param')`.
 */
export function validParams<Shape extends Record<string, z.core.$ZodType>>(shape: Shape) {
  return zValidator<
    z.core.$ZodType,
    'param',
    Env,
    string,
    typeof refuseInvalid,
    z.input<z.ZodObject<Shape>>,
    z.output<z.ZodObject<Shape>>
  >('param', z.object(shape), refuseInvalid);
}

/** What a write that takes back its read (validChanges) hands its handler. */
interface Changes<Stored, T> {
  /** What the route's GET answers now. */
  stored: Stored;
  /** The checked body, without the fields sent back as they were read. */
  changes: T;
}

/** What validChanges needs besides the schema. */
interface ChangesOptions<Stored, E extends Env, I extends Input> {
  /** The fields that keep their stored value when sent back as they were read. */
  fields: readonly string[];
  /** The route's read; it may use the path's checked parameters. */
  stored: (c: Context<E, string, I>) => Promise<Stored>;
}

type ChangesInput<S extends z.core.$ZodType, Stored, T> = {
  in: { json: z.input<S> };
  out: { json: Changes<Stored, T> };
};

/**
 * The JSON body of a PUT that takes what its GET answered (docs/decisions/0034): the
 * listed `fields` sent back exactly as `stored` answers them are set aside before the
 * body is checked with `schema`, so they keep their stored values (unchanged-fields.ts).
 * The check depends on the stored row, so it is Hono's validator with the same refusal,
 * not zValidator, whose check sees the body alone.
 *
 * `allSentBackIsNothing`: a body whose listed fields all came back as read, none changed,
 * is nothing to write rather than something to check (`changes` is then undefined).
 */
export function validChanges<
  S extends z.core.$ZodType,
  Stored extends object,
  E extends Env,
  I extends Input = BlankInput,
  Nothing extends boolean = false,
>(
  schema: S,
  options: ChangesOptions<Stored, E, I> & { allSentBackIsNothing?: Nothing },
): MiddlewareHandler<
  E,
  string,
  ChangesInput<S, Stored, Nothing extends true ? z.output<S> | undefined : z.output<S>>
>;
export function validChanges(
  schema: z.core.$ZodType,
  options: ChangesOptions<object, Env, BlankInput> & { allSentBackIsNothing?: boolean },
): MiddlewareHandler {
  const validate = validator('json', async (body, c: Context<Env, string>) => {
    const stored = await options.stored(c);
    const sent = withoutUnchanged(body, stored, options.fields);
    if (options.allSentBackIsNothing && sent.unchanged.length > 0 && sent.changed.length === 0) {
      return { stored, changes: undefined };
    }
    const result = await z.safeParseAsync(schema, sent.body);
    if (!result.success) throw refusal(result.error.issues);
    return { stored, changes: result.data };
  });
  return async (c, next) => {
    await readJson(c);
    return validate(c, next);
  };
}
