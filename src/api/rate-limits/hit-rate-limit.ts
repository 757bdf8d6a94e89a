import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { rateLimits } from '../../../db/schema.ts';
import { AppError } from '../errors.ts';

export interface RateLimit {
  /** What is limited, e.g. 'enquiry'; the client's address is added to the key. */
  name: string;
  max: number;
  windowSeconds: number;
  message: string;
}

/**
 * Spec: public submissions and sign-ins are limited per client. Sign-ins count failures
 * only (limitFailures below, accounts/sign-in-account.ts): an account takes at most 10 wrong
 * passwords per 15 minutes from clients it does not know (at most 50 in any hour), and a
 * browser that has signed in to it before has its own 10, so a flood elsewhere does not
 * lock the owner out.
 */
export const RATE_LIMITS = {
  enquiry: {
    name: 'enquiry',
    max: 5,
    windowSeconds: 10 * 60,
    message: 'Too many service requests from your connection. Please try again in a few minutes.',
  },
  contact: {
    name: 'contact',
    max: 5,
    windowSeconds: 60 * 60,
    message: 'Too many messages from your connection. Please try again later.',
  },
  /** Per e-mail address: each message mails its sender a copy (decision 0043). */
  contactPerEmail: {
    name: 'contact-email',
    max: 3,
    windowSeconds: 24 * 60 * 60,
    message:
      'Too many messages from this e-mail address today. Please wait for our answer, or write to us tomorrow.',
  },
  application: {
    name: 'application',
    max: 5,
    windowSeconds: 60 * 60,
    message: 'Too many applications from your connection. Please try again later.',
  },
  /** New confirmation links for applications, per client and per mailbox (decision 0046). */
  applicationLink: {
    name: 'application-link',
    max: 10,
    windowSeconds: 60 * 60,
    message: 'Too many requests for new links from your connection. Please try again later.',
  },
  applicationLinkPerMailbox: {
    name: 'application-link-mailbox',
    max: 3,
    windowSeconds: 24 * 60 * 60,
    message:
      'Too many new links asked for this e-mail address today. Please use the newest link we sent, or try again tomorrow.',
  },
  adminLogin: {
    name: 'admin-login',
    max: 20,
    windowSeconds: 15 * 60,
    message: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
  },
  adminLoginPerEmail: {
    name: 'admin-login-email',
    max: 10,
    windowSeconds: 15 * 60,
    message: 'Too many sign-in attempts for this account. Please wait 15 minutes and try again.',
  },
  adminLoginPerDevice: {
    name: 'admin-login-device',
    max: 10,
    windowSeconds: 15 * 60,
    message: 'Too many sign-in attempts for this account. Please wait 15 minutes and try again.',
  },
  providerLogin: {
    name: 'provider-login',
    max: 20,
    windowSeconds: 15 * 60,
    message: 'Too many login attempts. Please wait 15 minutes and try again.',
  },
  providerLoginPerEmail: {
    name: 'provider-login-email',
    max: 10,
    windowSeconds: 15 * 60,
    message: 'Too many login attempts for this account. Please wait 15 minutes and try again.',
  },
  providerLoginPerDevice: {
    name: 'provider-login-device',
    max: 10,
    windowSeconds: 15 * 60,
    message: 'Too many login attempts for this account. Please wait 15 minutes and try again.',
  },
  passwordReset: {
    name: 'password-reset',
    max: 10,
    windowSeconds: 60 * 60,
    message: 'Too many password reset requests. Please try again later.',
  },
  passwordResetPerEmail: {
    name: 'password-reset-email',
    max: 3,
    windowSeconds: 60 * 60,
    message: 'Too many password reset requests for this account. Please try again later.',
  },
  review: {
    name: 'review',
    max: 10,
    windowSeconds: 60 * 60,
    message: 'Too many reviews from your connection. Please try again later.',
  },
  /** Per provider: a provider's responses, each of which may mail a customer. */
  enquiryResponse: {
    name: 'enquiry-response',
    max: 30,
    windowSeconds: 60 * 60,
    message: 'Too many responses in a short time. Please try again later.',
  },
  upload: {
    name: 'upload',
    max: 20,
    windowSeconds: 10 * 60,
    message: 'Too many uploads from your connection. Please try again in a few minutes.',
  },
  /**
   * Per client and hour, in bytes: each upload ticket counts the most it may take (10 MB
   * for a document, 5 MB for an image), so one network cannot fill the disk with tickets
   * it never uses. 100 MB: an application's photo and several documents, with room to spare.
   */
  uploadBytes: {
    name: 'upload-bytes',
    max: 100 * 1024 * 1024,
    windowSeconds: 60 * 60,
    message: 'Too many uploads from your connection. Please try again later.',
  },
} as const satisfies Record<string, RateLimit>;

/** The most a counter holds (an integer column): refused attempts keep counting up to it. */
const MAX_COUNT = 2_147_483_647;

const keyOf = (limit: RateLimit, client: string) => `${limit.name}:${client}`;

/**
 * Counts one attempt (or `weight`) in a fixed window, atomically (one upsert), and throws a 429
 * AppError once the window's maximum is passed, with the seconds left in the window
 * (sent as Retry-After).
 */
export async function hitRateLimit(
  db: Database,
  limit: RateLimit,
  client: string,
  /** What this attempt counts for (bytes for uploadBytes); one by default. */
  weight = 1,
): Promise<void> {
  const window = sql.raw(`interval '${Math.trunc(limit.windowSeconds)} seconds'`);
  const [row] = await db
    .insert(rateLimits)
    .values({ key: keyOf(limit, client), count: weight })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} < now() - ${window} THEN ${weight}::int ELSE least(${rateLimits.count}::bigint + ${weight}::int, ${MAX_COUNT})::int END`,
        windowStart: sql`CASE WHEN ${rateLimits.windowStart} < now() - ${window} THEN now() ELSE ${rateLimits.windowStart} END`,
      },
    })
    .returning({
      count: rateLimits.count,
      secondsLeft: sql<number>`ceil(extract(epoch from ${rateLimits.windowStart} + ${window} - now()))::int`,
    });
  if ((row?.count ?? 0) > limit.max) {
    throw new AppError('rate_limited', limit.message, undefined, {
      retryAfterSeconds: Math.min(
        limit.windowSeconds,
        Math.max(1, Number(row?.secondsLeft) || limit.windowSeconds),
      ),
    });
  }
  // Keep the table small: now and then, forget windows that ended a day ago.
  if (Math.random() < 0.01) {
    await db.delete(rateLimits).where(sql`${rateLimits.windowStart} < now() - interval '1 day'`);
  }
}

/** Takes back one attempt counted by hitRateLimit. */
async function refundRateLimit(db: Database, limit: RateLimit, client: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, keyOf(limit, client)));
}

/** Forgets every attempt counted for `client` under `limit`. */
async function clearRateLimit(db: Database, limit: RateLimit, client: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, keyOf(limit, client)));
}

export interface FailureCounter {
  limit: RateLimit;
  client: string;
  /** On success, take back this attempt only ('refund') or forget all earlier failures. */
  onSuccess: 'refund' | 'clear';
}

/**
 * Runs `attempt` under limits that count its failures, not its uses. Every
 * counter is charged before the attempt, so that a burst of parallel guesses cannot all
 * pass a check made before any of them is counted, and a refused attempt does no work
 * (no password is hashed). A success refunds or clears its counters; an attempt that
 * throws stays counted, unless the server could not make it (503). When a counter
 * refuses, the ones charged before it are refunded.
 */
export async function limitFailures<T>(
  db: Database,
  counters: readonly FailureCounter[],
  attempt: () => Promise<T>,
): Promise<T> {
  const charged: FailureCounter[] = [];
  const refundAll = async () => {
    for (const counter of charged) await refundRateLimit(db, counter.limit, counter.client);
  };
  try {
    for (const counter of counters) {
      await hitRateLimit(db, counter.limit, counter.client);
      charged.push(counter);
    }
  } catch (error) {
    await refundAll();
    throw error;
  }
  let result: T;
  try {
    result = await attempt();
  } catch (error) {
    // An attempt the server could not make (503: busy) answered nothing, so costs nothing.
    if (error instanceof AppError && error.code === 'unavailable') await refundAll();
    throw error;
  }
  for (const { limit, client, onSuccess } of charged) {
    await (onSuccess === 'clear' ? clearRateLimit : refundRateLimit)(db, limit, client);
  }
  return result;
}
