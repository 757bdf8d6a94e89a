import { describe, expect, it } from 'vitest';
import { chooseDriver } from '../../db/client.ts';

describe('chooseDriver', () => {
  it('uses embedded PGlite without DATABASE_URL', () => {
    expect(chooseDriver({})).toBe('pglite');
  });

  it("uses Neon's serverless driver for a Neon host", () => {
    expect(
      chooseDriver({
        databaseUrl:
          'postgresql://owner:pw@ep-cool-rain-123456.eu-central-1.aws.neon.tech/app?sslmode=require',
      }),
    ).toBe('neon');
  });

  it('uses node-postgres for any other server', () => {
    expect(chooseDriver({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/app' })).toBe('pg');
    expect(chooseDriver({ databaseUrl: 'postgres://u@db.example.com/neon.tech' })).toBe('pg');
  });

  it('lets DATABASE_DRIVER force a driver', () => {
    expect(chooseDriver({ databaseUrl: 'postgres://127.0.0.1/app', driver: 'neon' })).toBe('neon');
  });
});
