/**
 * The flash-ad form takes the display duration in seconds and sends the API its
 * milliseconds (the spec's `displayDuration`); the API's bounds (1 to 60 s in steps of
 * half a second) are told in seconds.
 */
import { describe, expect, it } from 'vitest';
import {
  durationSeconds,
  EMPTY_FLASH_AD_FORM,
  FlashAdFormSchema,
} from '../../src/lib/schemas/admin-forms.ts';
import { FlashAdSchema } from '../../src/lib/schemas/admin-operations.ts';

const form = (displayDuration: string) => ({
  ...EMPTY_FLASH_AD_FORM,
  title: 'Spring Security Check',
  subtitle: 'Free site survey',
  displayDuration,
});
const duration = (typed: string) => FlashAdFormSchema.parse(form(typed)).displayDuration;
const problem = (typed: string) =>
  FlashAdFormSchema.safeParse(form(typed)).error?.issues.map((i) => i.message);

describe('the flash-ad form’s display duration', () => {
  it('starts at the spec’s default, 3 seconds', () => {
    expect(EMPTY_FLASH_AD_FORM.displayDuration).toBe('3');
  });

  it.each([
    ['3', 3000],
    ['4.5', 4500],
    ['4,5', 4500],
    [' 10 ', 10_000],
    ['1', 1000],
    ['60', 60_000],
  ])('reads %j seconds as %i ms', (typed, ms) => {
    expect(duration(typed)).toBe(ms);
  });

  it('falls back to 3000 ms when nothing or no number is typed (spec section 5)', () => {
    expect(duration('')).toBe(3000);
    expect(duration('soon')).toBe(3000);
  });

  it.each([
    ['0.5', 'Display duration must be at least 1 second'],
    ['61', 'Display duration must be at most 60 seconds'],
    ['3.25', 'Display duration goes in steps of half a second (e.g. 3 or 3.5)'],
  ])('refuses %j seconds: %s', (typed, message) => {
    expect(problem(typed)).toEqual([message]);
  });

  it('sends what the API accepts, and shows a stored duration back in seconds', () => {
    for (const ms of [1000, 3000, 4500, 60_000]) {
      const sent = FlashAdFormSchema.parse(form(durationSeconds(ms)));
      expect(sent.displayDuration).toBe(ms);
      expect(FlashAdSchema.parse(sent).displayDuration).toBe(ms);
    }
  });
});
