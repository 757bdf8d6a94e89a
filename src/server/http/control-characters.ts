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

/** The path of the first string (or key) in a JSON value holding a control character. */
export function findControlCharacter(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === 'string') return CONTROL.test(value) ? path : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findControlCharacter(item, [...path, String(index)]);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (CONTROL.test(key)) return [...path, key];
      const found = findControlCharacter(item, [...path, key]);
      if (found) return found;
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
