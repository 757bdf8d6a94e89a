import { z } from 'zod';
import { AppError } from '../errors.ts';

/**
 * Parses input with a shared schema. On failure: a 400 whose message names the first
 * bad field, and `errors` with one message per field.
 */
export function parseOrThrow<S extends z.core.$ZodType>(schema: S, input: unknown): z.output<S> {
  // Any zod schema, classic or zod/mini (the provider list's query).
  const result = z.safeParse(schema, input);
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || '_';
    errors[field] ??= issue.message;
  }
  const first = result.error.issues[0]?.message ?? 'Invalid input';
  throw new AppError('bad_request', first, errors);
}
