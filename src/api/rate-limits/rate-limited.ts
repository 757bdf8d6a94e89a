import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env.ts';
import { clientAddress } from '../http/client-address.ts';
import { hitRateLimit, type RateLimit } from './hit-rate-limit.ts';

/**
 * Declared before a route's input (route-input.ts): every attempt from the client's
 * address counts, valid or not, since the limits are against floods, not typos (the
 * forms check with the same schemas before they send).
 */
export const rateLimited = (limit: RateLimit) =>
  createMiddleware<AppEnv>(async (c, next) => {
    await hitRateLimit(c.var.db, limit, clientAddress(c));
    await next();
  });
