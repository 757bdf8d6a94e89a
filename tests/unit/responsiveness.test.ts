import { describe, expect, it } from 'vitest';
import {
  businessTimeWords,
  responsivenessBasis,
  responsivenessWords,
} from '../../src/lib/responsiveness.ts';

describe('businessTimeWords: a median as an upper bound in business time', () => {
  it.each([
    [0, '1 business minute'],
    [1, '1 business minute'],
    [45, '45 business minutes'],
    [59, '59 business minutes'],
    [60, '1 business hour'],
    [61, '2 business hours'],
    [120, '2 business hours'],
    [479, '8 business hours'],
    [481, '9 business hours'],
    // 9 business hours are one business day.
    [539, '9 business hours'],
    [540, '1 business day'],
    [541, '2 business days'],
    [1080, '2 business days'],
    [3900, '8 business days'],
  ])('%i minutes: within %s', (minutes, words) => {
    expect(businessTimeWords(minutes)).toBe(words);
  });
});

/** A provider listed long before any `now` of these tests (its age plays no part). */
const LISTED_YEARS_AGO = '2020-01-01T00:00:00Z';

describe('responsivenessWords', () => {
  it('gives the median and the share of a measured provider', () => {
    expect(
      responsivenessWords(
        { requests: 15, medianMinutes: 120, withinDayPercent: 93 },
        LISTED_YEARS_AGO,
      ),
    ).toEqual({
      headline: 'Usually responds within 2 business hours',
      detail: '93% answered within 24 business hours',
    });
    expect(
      responsivenessWords(
        { requests: 5, medianMinutes: 45, withinDayPercent: 100 },
        LISTED_YEARS_AGO,
      ),
    ).toEqual({
      headline: 'Usually responds within 45 business minutes',
      detail: '100% answered within 24 business hours',
    });
    expect(
      responsivenessWords(
        { requests: 6, medianMinutes: 540, withinDayPercent: 50 },
        LISTED_YEARS_AGO,
      ),
    ).toEqual({
      headline: 'Usually responds within 1 business day',
      detail: '50% answered within 24 business hours',
    });
  });

  it('says New on the platform below 5 requests, for a provider listed in the last 90 days', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    for (const requests of [0, 4]) {
      const figures = { requests, medianMinutes: null, withinDayPercent: null };
      expect(responsivenessWords(figures, '2026-08-27T12:00:01Z', now)).toEqual({
        headline: 'New on the platform',
        detail: 'Fewer than 5 requests in the last 90 days',
      });
      // Listed for 90 days or more: not new, however few its requests.
      expect(responsivenessWords(figures, '2026-08-26T12:00:00Z', now)).toEqual({
        headline: 'Too few requests to measure',
        detail: 'Fewer than 5 requests in the last 90 days',
      });
      expect(responsivenessWords(figures, LISTED_YEARS_AGO, now).headline).toBe(
        'Too few requests to measure',
      );
    }
  });

  it('says so when a measured provider answered none', () => {
    expect(
      responsivenessWords(
        { requests: 5, medianMinutes: null, withinDayPercent: 0 },
        LISTED_YEARS_AGO,
      ),
    ).toEqual({
      headline: 'No request answered in the last 90 days',
      detail: '0% answered within 24 business hours',
    });
  });

  it('names the basis of the figures', () => {
    expect(responsivenessBasis({ requests: 15, medianMinutes: 120, withinDayPercent: 93 })).toBe(
      'Based on 15 requests in the last 90 days',
    );
  });
});
