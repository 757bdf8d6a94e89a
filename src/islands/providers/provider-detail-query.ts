import type { Provider, ProviderDetail } from '../../lib/api-answers';
import { answer, api } from '../../lib/api-client';

/**
 * GET /api/providers/{id}: one provider with its Verification section. The provider page
 * and the provider modal read it under the same key, so one answer serves both.
 */
export const providerDetailKey = (id: number | undefined) =>
  [`/api/providers/${id ?? 'none'}`] as const;

export function fetchProviderDetail(id: number): Promise<ProviderDetail> {
  return answer(api.providers[':id{[0-9]+}'].$get({ param: { id: String(id) } }));
}

/**
 * Whether the provider came from the API rather than from the page's build: only the
 * API's answer carries `verification`, and only it may show a badge that depends on the
 * date (a check may have expired since the build).
 */
export function isProviderDetail(provider: Provider | ProviderDetail): provider is ProviderDetail {
  return 'verification' in provider;
}
