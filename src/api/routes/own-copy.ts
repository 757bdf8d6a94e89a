import type { Context } from 'hono';
import type { ProviderEnv } from '../auth/require-provider.ts';

/**
 * The signed-in provider and the copy of a request its path names
 * (/provider/enquiries/{id}/...): the operation answers 404 when the copy is not the
 * provider's own.
 */
export const ownCopy = (c: Context<ProviderEnv, string, { out: { param: { id: number } } }>) => ({
  providerId: c.var.provider.id,
  enquiryId: c.req.valid('param').id,
});
