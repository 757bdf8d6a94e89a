/**
 * The completed request behind every seeded review: reviews come only from completed
 * requests (src/api/reviews/write-review.ts), and the sample follows the product's rule.
 * Each request was sent some days before its review, on a weekday morning, seen and
 * answered by the provider within hours, and completed the day before the review was
 * written; its customer's address is on a reserved domain (RFC 2606), so nothing the
 * sample makes can mail a stranger. Deterministic: the same review and index give the
 * same request.
 */
import type { ServiceId } from '../../src/lib/catalog/categories.ts';
import type { ReviewSeed } from './sample-reviews.ts';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** South African Standard Time, the whole year. */
const SA_OFFSET_MS = 2 * HOUR_MS;

/** The longest a sample request waits from being sent to its review, in days. */
export const MAX_REQUEST_DAYS_BEFORE_REVIEW = 17;

const DESCRIPTIONS: Record<ServiceId, readonly string[]> = {
  cctv: [
    'Four cameras for the front of the house and the driveway, viewable on our phones.',
    'Two of our cameras have stopped recording; please check the recorder and replace what is needed.',
    'Cameras for a small shop: the till, the door and the storeroom.',
  ],
  alarms: [
    'New alarm panel and outdoor beams for a three-bedroom house with a dog.',
    'Our alarm goes off at night for no reason. Please find the faulty zone.',
    'Link our existing alarm to armed response and add a panic button.',
  ],
  access: [
    'Replace the gate motor and intercom at our complex entrance.',
    'Tag access for the office front door, for about twenty staff.',
    'A biometric reader for the server room door.',
  ],
  network: [
    'Tidy and label the network cabinet in our office; some points do not work.',
    'Run network cable to the cottage at the back of the property.',
    'Our shop network keeps dropping. Please find out why and fix it.',
  ],
  wifi: [
    'Wi-Fi does not reach the study or the garden flat. We would like mesh access points.',
    'Access points and a separate guest network for a guesthouse with eight rooms.',
    'Better Wi-Fi on both floors of the house for streaming and working from home.',
  ],
  ndi: [
    'Livestream our Sunday services with three cameras over the network.',
    'Cameras and a switcher for our boardroom, with training for the team.',
    'The video at our venue lags behind the sound on the screens. Please sort it out.',
  ],
};

const RESPONSES = [
  'Thank you for the request. We can come out this week to look at the site and quote.',
  'Thanks, we have the parts in stock. We will call you to book a time.',
  'Good day, we can help. When would suit you for a site visit?',
];

/** A customer's address from the review's name: 'Pieter v.d. M.' -> pieter.vdm@example.com. */
function customerEmail(name: string): string {
  const [first = 'customer', ...rest] = name.toLowerCase().split(' ');
  const initials = rest.join('').replace(/[^a-z]/g, '');
  return `${first.replace(/[^a-z]/g, '')}${initials ? `.${initials}` : ''}@example.com`;
}

/** The weekday morning `daysAgo` days before `now`, in South Africa, at 08:00 plus `minutes`. */
function weekdayMorning(now: number, daysAgo: number, minutes: number): Date {
  const local = new Date(now + SA_OFFSET_MS - daysAgo * DAY_MS);
  // A Saturday or a Sunday moves back to the Friday before.
  const back = local.getUTCDay() === 6 ? 1 : local.getUTCDay() === 0 ? 2 : 0;
  const day = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() - back);
  return new Date(day + 8 * HOUR_MS + minutes * MINUTE_MS - SA_OFFSET_MS);
}

export interface RequestSeed {
  customerName: string;
  customerEmail: string;
  serviceType: ServiceId;
  location: string;
  description: string;
  status: 'completed';
  createdAt: Date;
  emailConfirmedAt: Date;
  seenAt: Date;
  providerResponse: string;
  respondedAt: Date;
  /** When it was completed: a day before its review. */
  completedAt: Date;
}

/**
 * The request behind a provider's `index`-th review, written `review.daysAgo` days before
 * `now`: sent 3 to 14 days before the review (and a weekday), seen within minutes,
 * answered within hours, completed 20 hours before the review.
 */
export function requestFor(
  review: ReviewSeed,
  index: number,
  location: string,
  now: number,
): RequestSeed {
  const daysBefore = 3 + ((index * 7 + review.daysAgo) % 12);
  const createdAt = weekdayMorning(now, review.daysAgo + daysBefore, (index * 53) % 300);
  const answerMinutes = 20 + ((index * 37 + review.daysAgo * 11) % 220);
  const pool = DESCRIPTIONS[review.serviceType];
  return {
    customerName: review.customerName,
    customerEmail: customerEmail(review.customerName),
    serviceType: review.serviceType,
    location,
    description: pool[(index + review.daysAgo) % pool.length] as string,
    status: 'completed',
    createdAt,
    emailConfirmedAt: new Date(createdAt.getTime() + 3 * MINUTE_MS),
    seenAt: new Date(createdAt.getTime() + Math.min(15, answerMinutes / 2) * MINUTE_MS),
    providerResponse: RESPONSES[(index + review.daysAgo) % RESPONSES.length] as string,
    respondedAt: new Date(createdAt.getTime() + answerMinutes * MINUTE_MS),
    completedAt: new Date(now - review.daysAgo * DAY_MS - 20 * HOUR_MS),
  };
}
