/**
 * The API's JSON error answer, checked the same way in every test file: its type is the
 * app's own (ErrorBody, which app.onError answers for every AppError).
 */
import { expect } from 'vitest';
import type { ErrorBody } from '../../src/api/errors.ts';
import { databaseSnapshot } from './api-fixtures.ts';
import type { TestApi } from './test-api.ts';

export type { ErrorBody };

/** A JSON error answer with `status` (and `message`, when given); answers its body. */
export async function expectError(
  response: Response,
  status: number,
  message?: string,
): Promise<ErrorBody> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/json');
  const body = (await response.json()) as ErrorBody;
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
  if (message !== undefined) expect(body.message).toBe(message);
  return body;
}

/** A form's error: `message` is the answer's message and the one given for `field`. */
export async function expectFieldError(
  response: Response,
  field: string,
  message: string,
  status = 400,
): Promise<ErrorBody> {
  const body = await expectError(response, status, message);
  expect(body.errors?.[field]).toBe(message);
  return body;
}

/**
 * A write refused with a form's error (400, `message` for `field`) and the database
 * unchanged by it: the snapshot is taken before `send` runs.
 */
export async function expectFieldRefusal(
  api: TestApi,
  send: () => Promise<Response>,
  field: string,
  message: string,
): Promise<void> {
  const before = await databaseSnapshot(api);
  const body = await expectError(await send(), 400);
  expect(body.errors?.[field]).toBe(message);
  expect(await databaseSnapshot(api)).toEqual(before);
}

/**
 * A write to an id no row has, refused with 404 and the database unchanged by it: the
 * snapshot is taken before `send` runs.
 */
export async function expectNotFoundRefusal(
  api: TestApi,
  send: () => Promise<Response>,
): Promise<void> {
  const before = await databaseSnapshot(api);
  await expectError(await send(), 404);
  expect(await databaseSnapshot(api)).toEqual(before);
}
