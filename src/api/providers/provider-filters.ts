import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { serviceProviders as p } from '../../../db/schema.ts';
import type { ProviderQuery } from '../../lib/schemas/provider-query.ts';
import { placeWithin } from '../places/remembered-places.ts';
import { planSearch, type SearchPlan } from '../search/plan-search.ts';
import { searchCondition } from '../search/search-sql.ts';
import { textArray } from '../text-array.ts';
import { providerIsVerified } from '../verification/verified-sql.ts';

/**
 * A listing's query with its search read into terms (planSearch) and its location into
 * the places it lies within (locationValues), once per request.
 */
export type ListingQuery = ProviderQuery & {
  searchPlan?: SearchPlan | undefined;
  locationValues?: string[] | undefined;
};

/**
 * Reads the query's search (the places and typos it names) and location before its SQL,
 * and settles its order.
 */
export async function readListingQuery(db: Database, query: ProviderQuery): Promise<ListingQuery> {
  const [searchPlan, locationValues] = await Promise.all([
    query.search ? planSearch(db, query.search) : undefined,
    query.location ? placeWithin(db, query.location) : undefined,
  ]);
  return {
    ...query,
    // The spec's client asks for the nearest providers by giving the visitor's position:
    // without a sort of its own, a position lists nearest first.
    sort: query.sort ?? (query.userLat === undefined ? 'recommended' : 'nearest'),
    ...(searchPlan && { searchPlan }),
    ...(locationValues && { locationValues }),
  };
}

/**
 * What the verification filter asks for. 'Premium Verified' is the premium providers
 * verified today: those the Premium badge shows on, which a premium provider whose checks
 * lapsed does not (providerBadge). One place for the rule, for every way a listing is read.
 */
export function verificationWanted(verification: ProviderQuery['verification']) {
  return {
    verified: verification === 'verified' || verification === 'premium',
    premium: verification === 'premium',
  };
}

/** The WHERE clause of a listing: approved providers matching every given filter. */
export function providerFilters(query: ListingQuery): SQL {
  const conditions: (SQL | undefined)[] = [
    // A search finds its matches through its own indexes; written as IS TRUE, the approved
    // test does not lead PostgreSQL to AND in the partial indexes on is_approved, a
    // bitmap of 85,000 rows that cost a search 7 to 10 ms at 100,000 providers.
    query.search ? sql`${p.isApproved} IS TRUE` : eq(p.isApproved, true),
  ];
  if (query.serviceType) conditions.push(sql`${p.services} @> ARRAY[${query.serviceType}]::text[]`);
  if (query.location) {
    if (!query.locationValues)
      throw new Error('A location must be read with readListingQuery first');
    // In the place or covering it, or covering the city it lies within.
    conditions.push(sql`${p.areaValues} && ${textArray(query.locationValues)}`);
  }
  if (query.rating !== undefined) conditions.push(gte(p.rating, String(query.rating)));
  const wanted = verificationWanted(query.verification);
  if (wanted.verified) conditions.push(providerIsVerified);
  if (wanted.premium) conditions.push(eq(p.isPremium, true));
  // Every word of the search matched by a service, a place or the provider's own words
  // (docs/decisions/0028-search-that-reads-people.md).
  if (query.search) {
    if (!query.searchPlan) throw new Error('A search must be read with readListingQuery first');
    conditions.push(searchCondition(query.searchPlan));
  }
  return and(...conditions) ?? sql`true`;
}
