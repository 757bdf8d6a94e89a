import type { ProviderDetail } from '../../lib/api-answers';
import { answer, api } from '../../lib/api-client';

/**
 * GET /api/providers/{id}: one provider with its Verification section. The provider modal
 * reads it under one key for its summary and its Verification section.
 */
export const providerDetailKey = (id: number | undefined) =>
  [`/api/providers/${id ?? 'none'}`] as const;

export function fetchProviderDetail(id: number): Promise<ProviderDetail> {
  return answer(api.providers[':id{[0-9]+}'].$get({ param: { id: String(id) } }));
}
