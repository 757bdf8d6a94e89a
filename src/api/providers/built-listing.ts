/**
 * What built pages carry of the listing (the first page in the HTML):
 * the providers without their phone number and e-mail address, which arrive from the API
 * only (decision 0011), so a provider removed after the build keeps no contact details
 * in the built HTML.
 */
import type { Database } from '../../../db/client.ts';
import { ProviderQuerySchema } from '../../lib/schemas/provider-query.ts';
import { listProviders, type ProviderPage } from './list-providers.ts';
import type { Provider } from './public-columns.ts';

export const withoutContactDetails = (provider: Provider): Provider => ({
  ...provider,
  phone: '',
  email: '',
});

/**
 * The first page of a listing (its default query: the page's own service and town, if
 * any) as a built page carries it.
 */
export async function builtFirstPage(
  db: Database,
  query: { serviceType?: string; location?: string },
): Promise<ProviderPage> {
  const page = await listProviders(db, ProviderQuerySchema.parse(query));
  return { ...page, items: page.items.map(withoutContactDetails) };
}
