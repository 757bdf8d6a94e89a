import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { serviceProviders as p } from '../../../db/schema.ts';
import { SIGN_IN_AGAIN } from '../auth/sessions.ts';
import { AppError } from '../errors.ts';
import { listingStandingColumns } from './public-columns.ts';

/** What the dashboard reads; never the password hash or token version. */
const ownProfileColumns = {
  id: p.id,
  name: p.name,
  /** The person to speak to, apart from the business name (the dashboard's Contact Name). */
  contactName: p.contactName,
  email: p.email,
  phone: p.phone,
  location: p.location,
  province: p.province,
  services: p.services,
  description: p.description,
  // What the Profile tab edits besides the business details.
  startingPrice: p.startingPrice,
  coverageAreas: p.coverageAreas,
  businessHours: p.businessHours,
  website: p.website,
  specialties: p.specialties,
  /** VAT registration, as its quotes state it (docs/decisions/0051). */
  vatNumber: p.vatNumber,
  registeredName: p.registeredName,
  ...listingStandingColumns,
  /** When the provider closed its own account (its "Your Data" tab), or null. */
  closedAt: p.closedAt,
};

export type OwnProfile = Awaited<ReturnType<typeof getOwnProfile>>;

/** A signed-in provider's own profile (spec: GET /api/provider/me). */
export async function getOwnProfile(db: Database, providerId: number) {
  const [row] = await db.select(ownProfileColumns).from(p).where(eq(p.id, providerId));
  if (!row) throw new AppError('unauthorized', SIGN_IN_AGAIN);
  return { ...row, rating: Number(row.rating) };
}
