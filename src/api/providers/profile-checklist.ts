import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { serviceProviders as p } from '../../../db/schema.ts';
import {
  descriptionGiven,
  hoursGiven,
  PROFILE_FACTS,
  type ProfileFact,
} from '../../lib/provider-facts.ts';
import { SIGN_IN_AGAIN } from '../auth/sessions.ts';
import { AppError } from '../errors.ts';

/** The drizzle keys of each fact's confirmation column (docs/decisions/0041). */
const CONFIRMED_KEY = {
  startingPrice: 'priceConfirmedAt',
  businessHours: 'hoursConfirmedAt',
  coverageAreas: 'coverageConfirmedAt',
  description: 'descriptionConfirmedAt',
} as const satisfies Record<ProfileFact, keyof typeof p.$inferInsert>;

/** The `set` of an UPDATE that confirms these facts now. */
export function confirmedNow(facts: readonly ProfileFact[]) {
  return Object.fromEntries(facts.map((fact) => [CONFIRMED_KEY[fact], sql`now()`]));
}

/** The facts as the checklist reads them. */
interface FactValues {
  startingPrice: number | null;
  businessHours: Record<string, string>;
  coverageAreas: string[];
  description: string;
}

/** The columns that hold the facts, as factGiven reads them (FactValues). */
const factColumns = {
  startingPrice: p.startingPrice,
  businessHours: p.businessHours,
  coverageAreas: p.coverageAreas,
  description: p.description,
};

/**
 * Whether a fact holds a value the provider can confirm as shown. A missing starting
 * price can be confirmed: it is the provider's answer "on request".
 */
export function factGiven(fact: ProfileFact, values: FactValues): boolean {
  switch (fact) {
    case 'startingPrice':
      return true;
    case 'businessHours':
      return hoursGiven(values.businessHours);
    case 'coverageAreas':
      return values.coverageAreas.length > 0;
    case 'description':
      return descriptionGiven(values.description);
  }
}

/** What the dashboard's "Complete your profile" list shows, fact by fact. */
export async function getProfileChecklist(db: Database, providerId: number) {
  const [row] = await db
    .select({
      ...factColumns,
      priceConfirmedAt: p.priceConfirmedAt,
      hoursConfirmedAt: p.hoursConfirmedAt,
      coverageConfirmedAt: p.coverageConfirmedAt,
      descriptionConfirmedAt: p.descriptionConfirmedAt,
    })
    .from(p)
    .where(eq(p.id, providerId));
  if (!row) throw new AppError('unauthorized', SIGN_IN_AGAIN);
  const facts = PROFILE_FACTS.map((fact) => ({
    fact,
    /** Whether the profile holds a value for it (a missing price is "Price on request"). */
    given: fact === 'startingPrice' ? row.startingPrice !== null : factGiven(fact, row),
    confirmedAt: row[CONFIRMED_KEY[fact]]?.toISOString() ?? null,
  }));
  return { complete: facts.every((f) => f.confirmedAt !== null), facts };
}

/**
 * The provider confirms facts as its profile shows them (POST
 * /api/provider/profile/confirm). Hours, coverage or a description it has not given
 * cannot be confirmed: it gives them in the Profile tab, which confirms them.
 */
export async function confirmProfileFacts(
  db: Database,
  providerId: number,
  facts: readonly ProfileFact[],
) {
  const [row] = await db.select(factColumns).from(p).where(eq(p.id, providerId));
  if (!row) throw new AppError('unauthorized', SIGN_IN_AGAIN);
  const missing = facts.filter((fact) => !factGiven(fact, row));
  if (missing.length > 0) {
    const errors = Object.fromEntries(missing.map((fact) => [fact, NOT_GIVEN[fact]]));
    throw new AppError('bad_request', Object.values(errors)[0] ?? 'Nothing to confirm', errors);
  }
  // Only the confirmation columns: no `updatedAt`, so the row's other values stay as they were.
  await db
    .update(p)
    .set({ ...confirmedNow(facts), updatedAt: sql`${p.updatedAt}` })
    .where(eq(p.id, providerId));
  return getProfileChecklist(db, providerId);
}

const NOT_GIVEN: Record<ProfileFact, string> = {
  startingPrice: '',
  businessHours: 'Give your business hours in the Profile tab first',
  coverageAreas: 'Add at least one coverage area in the Profile tab first',
  description: 'Write your business description in the Profile tab first',
};
