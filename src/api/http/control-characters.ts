/**
 * NUL and the other C0/C1 control characters have no place in any text a person types
 * (PostgreSQL refuses NUL in text outright, which would otherwise be a 500). Tab, line
 * feed and carriage return are text. Checked once for every JSON body and query string,
 * so no route can forget it.
 */
import {
  CONTROL_CHARACTERS as CONTROL,
  CONTROL_CHARACTERS_MESSAGE as CONTROL_CHARACTER_MESSAGE,
} from '../../lib/text-rules.ts';
import { AppError } from '../errors.ts';

/** Deeper JSON than any form sends; refused before it is walked. */
export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP_MESSAGE = 'The request body is nested too deeply';

/**
 * The path of the first string (or key) in a JSON value holding a control character.
 * Walks without recursion, so no body can exhaust the stack; deeper than MAX_JSON_DEPTH
 * is refused.
 */
export function findControlCharacter(value: unknown): string[] | undefined {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value: item, path } = next;
    if (path.length > MAX_JSON_DEPTH) throw new AppError('bad_request', TOO_DEEP_MESSAGE);
    if (typeof item === 'string') {
      if (CONTROL.test(item)) return path;
    } else if (Array.isArray(item)) {
      item.forEach((child, index) => stack.push({ value: child, path: [...path, String(index)] }));
    } else if (item && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (CONTROL.test(key)) return [...path, key];
        stack.push({ value: child, path: [...path, key] });
      }
    }
  }
  return undefined;
}

/** A 400 naming the field, when any string in the body holds a control character. */
export function refuseControlCharacters(body: unknown): void {
  const path = findControlCharacter(body);
  if (!path) return;
  const field = path.join('.') || 'body';
  throw new AppError('bad_request', CONTROL_CHARACTER_MESSAGE, {
    [field]: CONTROL_CHARACTER_MESSAGE,
  });
}

/** A 400 when the query string (decoded) holds a control character. */
export function refuseControlCharactersInQuery(url: string): void {
  const { searchParams } = new URL(url);
  for (const [key, value] of searchParams) {
    if (CONTROL.test(key) || CONTROL.test(value)) {
      throw new AppError('bad_request', CONTROL_CHARACTER_MESSAGE, {
        [key]: CONTROL_CHARACTER_MESSAGE,
      });
    }
  }
}
