/**
 * The review rows behind every seeded rating: a provider's rating and count are never
 * written by the seed, they follow from these rows (recomputeRatings). Deterministic: the
 * same key and services always give the same names, comments, services, ages and replies.
 */
import type { ServiceId } from '../../src/lib/catalog/categories.ts';
import { seededRandom } from './seeded-random.ts';

export interface ReviewSeed {
  customerName: string;
  /** 1 to 5 stars. */
  rating: number;
  comment: string;
  serviceType: ServiceId;
  /** How long before the seed ran the review was written. */
  daysAgo: number;
  providerReply?: string;
}

const NAMES = [
  'Thabo N.',
  'Anele M.',
  'Pieter v.d. M.',
  'Lerato K.',
  'Sipho D.',
  'Fatima A.',
  'Johan B.',
  'Nomvula Z.',
  'Ravi P.',
  'Karabo S.',
  'Megan O.',
  'Zanele T.',
  'Andile G.',
  'Charlene F.',
  'Bongani R.',
  'Ayesha C.',
  'Willem J.',
  'Naledi H.',
];

const PRAISE: Record<ServiceId, readonly string[]> = {
  cctv: [
    'Eight cameras installed in a day, neat cable runs and the app set up on both our phones before they left.',
    'They moved two cameras to cover the driveway properly and the night picture is now clear enough to read a number plate.',
    'Clear quote, arrived on time and showed us how to export footage for the insurance claim.',
  ],
  alarms: [
    'Replaced our old alarm panel and beams; no more false alarms when the dog goes outside.',
    'Linked the alarm to armed response and tested every zone with us before signing off.',
    'Came out the same afternoon when the siren would not stop, and fixed a faulty battery for a fair price.',
  ],
  access: [
    'Gate motor and intercom replaced; the remote range is far better and the install was tidy.',
    'Set up tags for the whole office and showed our admin how to add and remove staff.',
    'Biometric reader at the front door works every time, and they left clear instructions.',
  ],
  network: [
    'Rewired the office cabinet and labelled every cable; the network has been stable since.',
    'Ran cable to the back cottage through existing conduit without any mess.',
    'Sorted out the slow network at our shop in one visit and explained what was wrong.',
  ],
  wifi: [
    'Mesh Wi-Fi now reaches the garden flat and the study; no more dead spots.',
    'Installed access points for our guesthouse and set up a separate guest network.',
    'Quick, tidy work and a clear quote up front. Streaming works in every room now.',
  ],
  ndi: [
    'Set up our church livestream with three cameras over the network; Sunday services run smoothly.',
    'Professional AV setup for our boardroom, and they trained our team on the switcher.',
    'Solved the delay between the cameras and the screens at our venue in one afternoon.',
  ],
};

/** Praise that fits any service, so that one provider's reviews need not repeat. */
const GENERAL_PRAISE = [
  'On time, tidy and clear about what each part does. Would use them again.',
  'The quote matched the invoice to the rand, which is rare.',
  'They explained the options without pushing the most expensive one.',
  'Finished in a day and came back the next week to check everything still worked.',
  'Friendly team, left the place cleaner than they found it.',
  'Answered every question on WhatsApp the same day, even after the job was done.',
  'Sensible advice and neat cable work. Happy with the result.',
  'Booked for a Saturday and they were there at eight sharp.',
];

const MIXED = [
  'Good work in the end, but the first appointment was moved twice.',
  'Installation was fine; it took a follow-up call to get the app working.',
  'Did what was quoted, though the site was left a bit untidy.',
];

const POOR = [
  'Arrived late and had to come back for a missing part. The system works now.',
  'The quote went up once they were on site. Work itself was acceptable.',
];

const REPLIES: readonly [string, string, string] = [
  'Thank you for the kind words. It was a pleasure working with you.',
  'Thanks for the feedback. We have spoken to the team about the scheduling and are sorry for the wait.',
  'We appreciate you taking the time to review us. Call us any time if you need anything adjusted.',
];

const pick = <T>(list: readonly T[], next: () => number): T =>
  list[Math.floor(next() * list.length)] as T;

/** A comment the provider's other reviews have not used, while the pool has one left. */
function pickFresh(pool: readonly string[], used: Set<string>, next: () => number): string {
  const fresh = pool.filter((comment) => !used.has(comment));
  const comment = pick(fresh.length > 0 ? fresh : pool, next);
  used.add(comment);
  return comment;
}

/** One review for each of `ratings`, newest first, about the provider's services. */
export function reviewsFor(
  key: number,
  services: readonly ServiceId[],
  ratings: readonly number[],
): ReviewSeed[] {
  const next = seededRandom(key + 1);
  let daysAgo = 1 + Math.floor(next() * 10);
  const used = new Set<string>();
  return ratings.map((rating, i) => {
    const serviceType = services[i % services.length] as ServiceId;
    const pool =
      rating >= 4 ? [...PRAISE[serviceType], ...GENERAL_PRAISE] : rating === 3 ? MIXED : POOR;
    const comment = pickFresh(pool, used, next);
    const review: ReviewSeed = {
      customerName: NAMES[(key * 7 + i) % NAMES.length] as string,
      rating,
      comment,
      serviceType,
      daysAgo,
    };
    daysAgo += 3 + Math.floor(next() * 25);
    // About one in three gets the provider's reply; a low rating always does.
    if (rating <= 3 || next() < 0.3) {
      return {
        ...review,
        providerReply: rating <= 3 ? REPLIES[1] : pick([REPLIES[0], REPLIES[2]], next),
      };
    }
    return review;
  });
}

/**
 * 0 to 8 reviews of 2 to 5 stars for a generated provider: `countDraw` and `qualityDraw`
 * (0 to 1, from the provider's generator) pick how many and how good; about one in five
 * has none yet.
 */
export function generatedReviews(
  key: number,
  services: readonly ServiceId[],
  countDraw: number,
  qualityDraw: number,
): ReviewSeed[] {
  const next = seededRandom(key + 100_000);
  const count = Math.max(0, Math.floor(countDraw * 11) - 2);
  const ratings = Array.from({ length: count }, () => {
    const draw = next() * (0.6 + qualityDraw * 0.4);
    return draw > 0.45 ? 5 : draw > 0.15 ? 4 : draw > 0.05 ? 3 : 2;
  });
  return reviewsFor(key + 100_000, services, ratings);
}
