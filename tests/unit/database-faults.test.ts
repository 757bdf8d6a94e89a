import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/api/errors.ts';
import {
  databaseFault,
  databaseUnavailable,
  databaseUnavailableResponse,
} from '../../src/api/http/database-faults.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
const serverError = (message: string, code: string) =>
  Object.assign(new pg.DatabaseError(message, 0, 'error'), { code });

describe('databaseFault', () => {
  it.each([
    [
      'a refused connection',
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      'ECONNREFUSED',
    ],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET'), 'ECONNRESET'],
    [
      'a stopped server',
      serverError('terminating connection due to administrator command', '57P01'),
      '57P01',
    ],
    ['a server starting up', serverError('the database system is starting up', '57P03'), '57P03'],
    ['a connection exception (class 08)', serverError('connection failure', '08006'), '08006'],
    ['a dropped socket', new Error('Connection terminated unexpectedly'), 'connection terminated'],
    [
      'a pool that waited too long',
      new Error('timeout exceeded when trying to connect'),
      'connection timeout',
    ],
    [
      'a client already broken',
      new Error('Client has encountered a connection error and is not queryable'),
      'connection lost',
    ],
  ])('recognises %s', (_, error, fault) => {
    expect(databaseFault(error)).toBe(fault);
  });

  it('looks inside drizzle query errors, AggregateErrors and WebSocket error events', () => {
    const refused = withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED');
    expect(databaseFault(new DrizzleQueryError('select 1', [], refused))).toBe('ECONNREFUSED');
    expect(databaseFault(new AggregateError([refused], ''))).toBe('ECONNREFUSED');
    // The Neon driver rejects with the WebSocket's ErrorEvent, the socket error inside.
    expect(databaseFault(Object.assign(new Event('error'), { error: refused }))).toBe(
      'ECONNREFUSED',
    );
    expect(databaseFault(new Event('error'))).toBe('WebSocket error');
  });

  it('leaves every other error to be a 500 or a 4xx', () => {
    for (const error of [
      serverError('duplicate key value violates unique constraint', '23505'),
      serverError('relation "x" does not exist', '42P01'),
      serverError('password authentication failed for user "app"', '28P01'),
      new DrizzleQueryError('select 1', [], serverError('syntax error', '42601')),
      new TypeError('x is undefined'),
      new AppError('not_found', 'Provider not found'),
      'a string',
      undefined,
    ]) {
      expect(databaseFault(error)).toBeUndefined();
    }
  });
});

it('makes a 503 with Retry-After, as an AppError and as a Response', async () => {
  const error = databaseUnavailable();
  expect(error.status).toBe(503);
  expect(error.retryAfterSeconds).toBeGreaterThan(0);
  const response = databaseUnavailableResponse();
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe(String(error.retryAfterSeconds));
  expect(await response.json()).toEqual({ message: error.message });
});
