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

describe('responsivenessWords', () => {
  it('gives the median and the share of a measured provider', () => {
    expect(responsivenessWords({ requests: 15, medianMinutes: 120, withinDayPercent: 93 })).toEqual(
      {
        headline: 'Usually responds within 2 business hours',
        detail: '93% answered within 24 business hours',
      },
    );
    expect(responsivenessWords({ requests: 5, medianMinutes: 45, withinDayPercent: 100 })).toEqual({
      headline: 'Usually responds within 45 business minutes',
      detail: '100% answered within 24 business hours',
    });
    expect(responsivenessWords({ requests: 6, medianMinutes: 540, withinDayPercent: 50 })).toEqual({
      headline: 'Usually responds within 1 business day',
      detail: '50% answered within 24 business hours',
    });
  });

  it('says New on the platform below 5 requests', () => {
    for (const requests of [0, 4]) {
      expect(
        responsivenessWords({ requests, medianMinutes: null, withinDayPercent: null }),
      ).toEqual({
        headline: 'New on the platform',
        detail: 'Fewer than 5 requests in the last 90 days',
      });
    }
  });

  it('says so when a measured provider answered none', () => {
    expect(responsivenessWords({ requests: 5, medianMinutes: null, withinDayPercent: 0 })).toEqual({
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
