import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import { serviceProviders as p } from '../../../db/schema.ts';
import type { ProviderQuery } from '../../lib/schemas/provider-query.ts';
import { providerIsVerified } from '../verification/verified-sql.ts';

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The WHERE clause of a listing: approved providers matching every given filter. */
export function providerFilters(query: ProviderQuery): SQL {
  const conditions: (SQL | undefined)[] = [eq(p.isApproved, true)];
  if (query.serviceType) conditions.push(sql`${p.services} @> ARRAY[${query.serviceType}]::text[]`);
  if (query.location) conditions.push(sql`${p.areaValues} @> ARRAY[${query.location}]::text[]`);
  if (query.rating !== undefined) conditions.push(gte(p.rating, String(query.rating)));
  if (query.verification === 'verified') conditions.push(providerIsVerified);
  if (query.verification === 'premium') conditions.push(eq(p.isPremium, true));
  if (query.search) {
    // search_text is lower-cased; LIKE on it uses the trigram index.
    conditions.push(sql`${p.searchText} LIKE ${`%${escapeLike(query.search.toLowerCase())}%`}`);
  }
  return and(...conditions) ?? sql`true`;
}
