/** Providers as the admin manages them (spec: Providers tab, Add Provider). */
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { serviceProviders as p } from '../../../db/schema.ts';
import type { z } from 'zod';
import { categoryById, isServiceId } from '../../lib/catalog/categories.ts';
import {
  DEFAULT_BUSINESS_HOURS,
  DEFAULT_STARTING_PRICE,
} from '../../lib/catalog/enquiry-options.ts';
import type {
  CreateProviderSchema,
  UpdateProviderSchema,
} from '../../lib/schemas/admin-operations.ts';
import {
  pageOffset,
  type AdminPage,
  type AdminProviderListQuerySchema,
} from '../../lib/schemas/admin-lists.ts';
import { AppError } from '../errors.ts';
import { releaseImage } from '../uploads/release-image.ts';
import { coordinatesOf } from './coordinates.ts';
import { publicProviderColumns } from './public-columns.ts';

/** What the admin sees: the public fields plus what Add Provider records. Never the password. */
export const adminProviderColumns = {
  ...publicProviderColumns,
  contactName: p.contactName,
  businessLicense: p.businessLicense,
  insurance: p.insurance,
  teamSize: p.teamSize,
  establishedYear: p.establishedYear,
  completedJobs: p.completedJobs,
  responseTime: p.responseTime,
  emergencyService: p.emergencyService,
  hasPassword: sql<boolean>`${p.passwordHash} IS NOT NULL`.as('has_password'),
  updatedAt: p.updatedAt,
};

const DUPLICATE_EMAIL = 'A provider with this e-mail address exists already.';

function conflictOnDuplicateEmail(error: unknown): never {
  if (isUniqueViolation(error, 'service_providers_email_lower_key')) {
    throw new AppError('conflict', DUPLICATE_EMAIL, { email: DUPLICATE_EMAIL });
  }
  throw error;
}

/** Every provider, approved or not, newest first (the CSV export). */
export function listAllProviders(db: Database) {
  return db.select(adminProviderColumns).from(p).orderBy(desc(p.createdAt), desc(p.id));
}

type AdminProviderRow = Awaited<ReturnType<typeof listAllProviders>>[number];

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * GET /api/admin/providers: one page of providers, approved or not, newest first (the id
 * keeps pages stable), with the total that match; search, service and approval filters.
 */
export async function listAdminProviders(
  db: Database,
  query: z.output<typeof AdminProviderListQuerySchema>,
): Promise<AdminPage<AdminProviderRow>> {
  const conditions: (SQL | undefined)[] = [
    query.approved === undefined ? undefined : eq(p.isApproved, query.approved),
    query.serviceType ? sql`${p.services} @> ARRAY[${query.serviceType}]::text[]` : undefined,
    // search_text is lower-cased; LIKE on it uses the trigram index.
    query.search
      ? sql`${p.searchText} LIKE ${`%${escapeLike(query.search.toLowerCase())}%`}`
      : undefined,
  ];
  const where = and(...conditions);
  const newestFirst = [desc(p.createdAt), desc(p.id)];
  // The page's ids are sorted first, then their rows read: sorting 100,000 whole rows
  // spills to disk; sorting their (created_at, id) stays in memory (2-3x faster).
  const pageIds = db
    .select({ id: p.id })
    .from(p)
    .where(where)
    .orderBy(...newestFirst)
    .limit(query.limit)
    .offset(pageOffset(query));
  const [items, [total]] = await Promise.all([
    db
      .select(adminProviderColumns)
      .from(p)
      .where(inArray(p.id, pageIds))
      .orderBy(...newestFirst),
    db.select({ total: count() }).from(p).where(where),
  ]);
  return { items, total: total?.total ?? 0 };
}

export async function getAdminProvider(db: Database, id: number) {
  const [row] = await db.select(adminProviderColumns).from(p).where(eq(p.id, id));
  if (!row) throw new AppError('not_found', 'Provider not found');
  return row;
}

/**
 * Add Provider with the spec's defaults: approved, starting price R1500, coverage the
 * location, specialties the services' names, the fixed business hours.
 */
export async function createProvider(db: Database, input: z.output<typeof CreateProviderSchema>) {
  const { rating, ...fields } = input;
  const values = {
    ...fields,
    isApproved: input.isApproved ?? true,
    startingPrice: input.startingPrice ?? DEFAULT_STARTING_PRICE,
    yearsExperience: input.yearsExperience ?? 0,
    coverageAreas: input.coverageAreas?.length ? input.coverageAreas : [input.location],
    specialties: input.specialties?.length
      ? input.specialties
      : input.services.map((s) => (isServiceId(s) ? categoryById(s).name : s)),
    businessHours: { ...DEFAULT_BUSINESS_HOURS, ...input.businessHours },
    rating: (rating ?? 0).toFixed(1),
    ...coordinatesOf(input.location),
  };
  const [row] = await db
    .insert(p)
    .values(values)
    .returning({ id: p.id })
    .catch(conflictOnDuplicateEmail);
  if (!row) throw new Error('The provider was not created');
  return getAdminProvider(db, row.id);
}

export async function updateProvider(
  db: Database,
  id: number,
  changes: z.output<typeof UpdateProviderSchema>,
) {
  const { rating, ...fields } = changes;
  await db
    .transaction(async (tx) => {
      // Locked: two changes at once each release the photo they replace.
      const [previous] = await tx
        .select({ profileImage: p.profileImage })
        .from(p)
        .where(eq(p.id, id))
        .for('update');
      if (!previous) throw new AppError('not_found', 'Provider not found');
      await tx
        .update(p)
        .set({
          ...fields,
          ...(rating !== undefined && { rating: rating.toFixed(1) }),
          ...(changes.location !== undefined && coordinatesOf(changes.location)),
        })
        .where(eq(p.id, id));
      // A photo replaced or removed is deleted once nothing else shows it.
      if (changes.profileImage !== undefined) {
        await releaseImage(tx, previous.profileImage, changes.profileImage);
      }
    })
    .catch(conflictOnDuplicateEmail);
  return getAdminProvider(db, id);
}

/**
 * Deletes the provider; its enquiries stay, unassigned (the foreign key sets null), and
 * its photo is deleted once nothing else shows it.
 */
export async function deleteProvider(db: Database, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(p)
      .where(eq(p.id, id))
      .returning({ profileImage: p.profileImage });
    if (!deleted) throw new AppError('not_found', 'Provider not found');
    await releaseImage(tx, deleted.profileImage);
  });
}
