import type { Context } from 'hono';
import type { AppEnv } from '../app-env.ts';

/**
 * The public origin for links in e-mails: always SITE_URL (env.ts), never the request's
 * Host, which anybody can set (a reset link must not point at an attacker's site).
 */
export function siteUrl<E extends AppEnv>(c: Context<E>): string {
  const { env } = c.var as AppEnv['Variables'];
  return env.SITE_URL;
}
