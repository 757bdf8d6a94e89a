/**
 * How quickly a provider answers requests: the rule's numbers and the
 * words the cards, the modal and the provider page show. The figures themselves are
 * computed in SQL when read (src/api/providers/responsiveness.ts); /how-it-works states
 * the same rule in plain words.
 */

/** A provider's responsiveness over the last 90 days, as the public API answers it. */
export interface Responsiveness {
  /** Requests that count: answered, or left unanswered for 24 business hours. */
  requests: number;
  /** Median business minutes to the first response; null below MIN_MEASURED_REQUESTS. */
  medianMinutes: number | null;
  /** Whole percent (rounded down) answered within 24 business hours; null below MIN_MEASURED_REQUESTS. */
  withinDayPercent: number | null;
}

/** Requests assigned in this many past days count. */
export const RESPONSIVENESS_DAYS = 90;
/** Fewer counted requests than this: no figures ("New on the platform" when it is). */
export const MIN_MEASURED_REQUESTS = 5;
/** 24 business hours: an unanswered request counts once this much has passed on it. */
export const ANSWER_WINDOW_MINUTES = 24 * 60;
/** One business day is one default working day, 08:00 to 17:00. */
export const BUSINESS_DAY_MINUTES = 9 * 60;

export const NEW_ON_THE_PLATFORM = 'New on the platform';
/** Too few requests to measure, from a provider listed for longer than NEW_PROVIDER_DAYS. */
export const TOO_FEW_REQUESTS = 'Too few requests to measure';

/** Listed for fewer days than this: new on the platform (as the figures' window). */
export const NEW_PROVIDER_DAYS = RESPONSIVENESS_DAYS;

/**
 * Whether a provider listed since `createdAt` is new on the platform `now`: a provider
 * without reviews or counted requests is not called new when it has been listed for
 * months (no text claims what the data does not show).
 */
export function isNewProvider(createdAt: string, now: Date = new Date()): boolean {
  return now.getTime() - new Date(createdAt).getTime() < NEW_PROVIDER_DAYS * 24 * 60 * 60 * 1000;
}

/** Figures of a provider with no counted request. */
export const NOT_MEASURED: Responsiveness = {
  requests: 0,
  medianMinutes: null,
  withinDayPercent: null,
};

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/**
 * A time to respond as an upper bound in business time, rounded up so it never promises
 * more than the figure: 45 -> '45 business minutes', 61 -> '2 business hours', 540 ->
 * '1 business day' (9 business hours), 541 -> '2 business days'.
 */
export function businessTimeWords(minutes: number): string {
  if (minutes < 60) return plural(Math.max(1, Math.ceil(minutes)), 'business minute');
  if (minutes < BUSINESS_DAY_MINUTES) return plural(Math.ceil(minutes / 60), 'business hour');
  return plural(Math.ceil(minutes / BUSINESS_DAY_MINUTES), 'business day');
}

export interface ResponsivenessWords {
  /** 'Usually responds within 2 business hours', 'New on the platform' or 'Too few requests to measure'. */
  headline: string;
  /** '93% answered within 24 business hours', or why there are no figures. */
  detail: string;
}

/** What the figures of a provider listed since `createdAt` say, in words. */
export function responsivenessWords(
  figures: Responsiveness,
  createdAt: string,
  now: Date = new Date(),
): ResponsivenessWords {
  if (figures.withinDayPercent === null) {
    return {
      headline: isNewProvider(createdAt, now) ? NEW_ON_THE_PLATFORM : TOO_FEW_REQUESTS,
      detail: `Fewer than ${MIN_MEASURED_REQUESTS} requests in the last ${RESPONSIVENESS_DAYS} days`,
    };
  }
  return {
    headline:
      figures.medianMinutes === null
        ? `No request answered in the last ${RESPONSIVENESS_DAYS} days`
        : `Usually responds within ${businessTimeWords(figures.medianMinutes)}`,
    detail: `${figures.withinDayPercent}% answered within 24 business hours`,
  };
}

/** The base of the figures: 'Based on 15 requests in the last 90 days'. */
export function responsivenessBasis(figures: Responsiveness): string {
  return `Based on ${plural(figures.requests, 'request')} in the last ${RESPONSIVENESS_DAYS} days`;
}
