/**
 * What the server log may say of an unexpected error: its kind, message, code and stack,
 * never the values it was working on. drizzle's query errors carry the statement's
 * parameters (e-mail addresses, names, phone numbers) in their message, and PostgreSQL's
 * `detail` repeats the offending values ("Key (email)=(...) already exists").
 */
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { logLine } from './log-line.ts';

export function describeError(error: unknown): string {
  if (error instanceof DrizzleQueryError) {
    return [`Failed query: ${error.query}`, `caused by: ${describeError(error.cause)}`].join('\n');
  }
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    const head = `${error.name}${typeof code === 'string' ? ` [${code}]` : ''}: ${error.message}`;
    const frames =
      error.stack?.split('\n').filter((line) => line.trimStart().startsWith('at ')) ?? [];
    return [head, ...frames.slice(0, 12)].join('\n');
  }
  return `Non-error thrown: ${typeof error}`;
}

/** One line for people (the admin's Mail screen): the message, never a statement's values. */
export function errorMessageSafely(error: unknown): string {
  if (error instanceof DrizzleQueryError) {
    return `A database statement failed: ${errorMessageSafely(error.cause)}`;
  }
  return error instanceof Error ? error.message : `Non-error thrown: ${typeof error}`;
}

/** The default error reporter of the hosts: one safe description on stderr. */
export function logErrorSafely(error: unknown): void {
  console.error(logLine(describeError(error)));
}
