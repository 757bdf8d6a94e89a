/**
 * Times the request under test has just written (created, confirmed, answered, reviewed):
 * checked as within a minute of now, as no test pins the clock for them.
 */
import { expect } from 'vitest';

/** A time from a row (a Date) or from a JSON answer (its string), within a minute of now. */
export function expectRecent(time: Date | string | null | undefined): void {
  if (typeof time !== 'string') expect(time).toBeInstanceOf(Date);
  expect(Math.abs(Date.now() - new Date(time!).getTime())).toBeLessThan(60_000);
}
