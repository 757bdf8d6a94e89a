import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  customerEnquiries,
  providerApplications,
  reviews,
  serviceProviders as p,
} from '../../../db/schema.ts';
import { providerIsVerified } from '../verification/verified-sql.ts';

export interface AdminStats {
  totalApplications: number;
  pendingApplications: number;
  totalProviders: number;
  verifiedProviders: number;
  totalEnquiries: number;
  newEnquiries: number;
  premiumProviders: number;
  /** Reviews waiting for an admin's decision (held for moderation). */
  heldReviews: number;
}

/** Spec section 3: admin stats; 'new today' is counted in South African time. */
export async function getAdminStats(db: Database): Promise<AdminStats> {
  const [[applications], [providers], [enquiries], [held]] = await Promise.all([
    db
      .select({
        total: sql<number>`count(*)::int`,
        pending: sql<number>`count(*) FILTER (WHERE ${providerApplications.status} = 'pending')::int`,
      })
      .from(providerApplications),
    db
      .select({
        total: sql<number>`count(*) FILTER (WHERE ${p.isApproved})::int`,
        verified: sql<number>`count(*) FILTER (WHERE ${p.isApproved} AND ${providerIsVerified})::int`,
        premium: sql<number>`count(*) FILTER (WHERE ${p.isApproved} AND ${p.isPremium})::int`,
      })
      .from(p),
    db
      .select({
        total: sql<number>`count(*)::int`,
        today: sql<number>`count(*) FILTER (WHERE ${customerEnquiries.createdAt} >= (date_trunc('day', now() AT TIME ZONE 'Africa/Johannesburg') AT TIME ZONE 'Africa/Johannesburg'))::int`,
      })
      .from(customerEnquiries),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(reviews)
      .where(sql`${reviews.heldAt} IS NOT NULL AND ${reviews.hiddenAt} IS NULL`),
  ]);
  return {
    totalApplications: applications?.total ?? 0,
    pendingApplications: applications?.pending ?? 0,
    totalProviders: providers?.total ?? 0,
    verifiedProviders: providers?.verified ?? 0,
    totalEnquiries: enquiries?.total ?? 0,
    newEnquiries: enquiries?.today ?? 0,
    premiumProviders: providers?.premium ?? 0,
    heldReviews: held?.count ?? 0,
  };
}
