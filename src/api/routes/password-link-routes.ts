/**
 * The password links of both kinds of account, without a session (admin.ts, provider.ts):
 * asking for a reset link, and choosing a password with a link's token. The kind decides
 * which accounts and links count, and what the answers say.
 */
import { Hono } from 'hono';
import { ForgotPasswordSchema, ResetPasswordSchema } from '../../lib/schemas/account.ts';
import type { AccountKind } from '../accounts/account-kind.ts';
import { requestPasswordReset } from '../accounts/request-password-reset.ts';
import { setPasswordWithToken } from '../accounts/set-password-with-token.ts';
import type { AppEnv } from '../app-env.ts';
import { revealsTokens } from '../env.ts';
import { clientAddress } from '../http/client-address.ts';
import { validJson } from '../http/route-input.ts';
import { siteUrl } from '../http/site-url.ts';
import { RATE_LIMITS } from '../rate-limits/hit-rate-limit.ts';
import { rateLimited } from '../rate-limits/rate-limited.ts';

/**
 * POST /forgot-password: a reset link mailed to an account of the kind with that address.
 * The answer is the same whether there is one or not; it holds the token only where
 * tokens may be revealed (revealsTokens: development on loopback).
 */
export const forgotPasswordRoute = (kind: AccountKind) =>
  new Hono<AppEnv>().post('/forgot-password', validJson(ForgotPasswordSchema), async (c) => {
    const { email } = c.req.valid('json');
    const resetToken = await requestPasswordReset(c.var.db, kind, {
      email,
      client: clientAddress(c),
      siteUrl: siteUrl(c),
      revealToken: revealsTokens(c.var.env),
    });
    const message = kind.texts.forgotPasswordAnswer;
    return c.json(resetToken ? { message, resetToken } : { message });
  });

/** POST `path`: the password chosen with a link of the kind's (rate limited per client). */
export const setPasswordRoute = <Path extends string>(path: Path, kind: AccountKind) =>
  new Hono<AppEnv>().post(
    path,
    rateLimited(RATE_LIMITS.passwordReset),
    validJson(ResetPasswordSchema),
    async (c) => {
      await setPasswordWithToken(c.var.db, kind, c.req.valid('json'));
      return c.json({ message: kind.texts.passwordSet });
    },
  );
