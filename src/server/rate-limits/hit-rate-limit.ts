import { sql } from 'drizzle-orm';
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

/** Spec: public submissions and sign-ins are limited per client. */
export const RATE_LIMITS = {
  enquiry: {
    name: 'enquiry',
    max: 5,
    windowSeconds: 10 * 60,
    message: 'Too many service requests from your connection. Please try again in a few minutes.',
  },
  application: {
    name: 'application',
    max: 5,
    windowSeconds: 60 * 60,
    message: 'Too many applications from your connection. Please try again later.',
  },
  adminLogin: {
    name: 'admin-login',
    max: 10,
    windowSeconds: 15 * 60,
    message: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
  },
  adminLoginPerEmail: {
    name: 'admin-login-email',
    max: 5,
    windowSeconds: 15 * 60,
    message: 'Too many sign-in attempts for this account. Please wait 15 minutes and try again.',
  },
  providerLogin: {
    name: 'provider-login',
    max: 10,
    windowSeconds: 15 * 60,
    message: 'Too many login attempts. Please wait 15 minutes and try again.',
  },
  providerLoginPerEmail: {
    name: 'provider-login-email',
    max: 5,
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
  upload: {
    name: 'upload',
    max: 20,
    windowSeconds: 10 * 60,
    message: 'Too many uploads from your connection. Please try again in a few minutes.',
  },
} as const satisfies Record<string, RateLimit>;

/**
 * Counts one attempt in a fixed window, atomically (one upsert), and throws a 429
 * AppError once the window's maximum is passed.
 */
export async function hitRateLimit(db: Database, limit: RateLimit, client: string): Promise<void> {
  const key = `${limit.name}:${client}`;
  const window = sql.raw(`interval '${Math.trunc(limit.windowSeconds)} seconds'`);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} < now() - ${window} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN ${rateLimits.windowStart} < now() - ${window} THEN now() ELSE ${rateLimits.windowStart} END`,
      },
    })
    .returning({ count: rateLimits.count });
  if ((row?.count ?? 0) > limit.max) {
    throw new AppError('rate_limited', limit.message);
  }
  // Keep the table small: now and then, forget windows that ended a day ago.
  if (Math.random() < 0.01) {
    await db.delete(rateLimits).where(sql`${rateLimits.windowStart} < now() - interval '1 day'`);
  }
}
