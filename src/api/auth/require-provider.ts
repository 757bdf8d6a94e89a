import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { serviceProviders } from '../../../db/schema.ts';
import { LISTING_PAUSED } from '../../lib/listing-paused.ts';
import { providerAccounts } from '../accounts/account-kinds.ts';
import type { AppEnv } from '../app-env.ts';
import { AppError } from '../errors.ts';
import { requireSessionAccount } from './session-account.ts';

export interface SignedInProvider {
  id: number;
  email: string;
  /** On the listing (approved): only then may it answer customers or see how to reach them. */
  isListed: boolean;
}

export const UNLISTED_PROVIDER = LISTING_PAUSED;

export type ProviderEnv = AppEnv & { Variables: { provider: SignedInProvider } };

/**
 * Every /api/provider/* route but login and the password links, and POST
 * /api/objects/upload: a valid provider token whose token version still matches (logout,
 * a password change or the provider's deletion end it). An admin's token is refused (403).
 */
export const requireProvider: MiddlewareHandler<ProviderEnv> = requireSessionAccount(
  'provider',
  providerAccounts,
  { id: serviceProviders.id, email: serviceProviders.email, isListed: serviceProviders.isApproved },
);

/**
 * After requireProvider, on what reaches a customer (answering a request, replying to a
 * review, a request's site photos): a provider taken off the listing may still sign in
 * and see its dashboard, but not this (403) until it is listed again.
 */
export const requireListedProvider = createMiddleware<ProviderEnv>(async (c, next) => {
  if (!c.var.provider.isListed) throw new AppError('forbidden', UNLISTED_PROVIDER);
  await next();
});
