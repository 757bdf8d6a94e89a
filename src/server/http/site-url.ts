import type { Context } from 'hono';
import type { AppEnv } from '../app-env.ts';

/** The public origin for links in e-mails: SITE_URL, else the origin the request came to. */
export function siteUrl<E extends AppEnv>(c: Context<E>): string {
  const { env } = c.var as AppEnv['Variables'];
  return env.SITE_URL ?? new URL(c.req.url).origin;
}
