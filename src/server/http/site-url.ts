import type { Context } from 'hono';
import type { AppEnv } from '../app-env.ts';

/** The public origin for links in e-mails: SITE_URL, else the origin the request came to. */
export function siteUrl(c: Context<AppEnv>): string {
  return c.var.env.SITE_URL ?? new URL(c.req.url).origin;
}
