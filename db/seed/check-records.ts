/**
 * Check records for the sample data, dated from today so that the sample stays true to
 * life whenever it is seeded: most providers verified, some with a check expiring within
 * 30 days, one whose PSIRA certificate has expired (the badge has lapsed), some waiting
 * for review and some not yet checked.
 */
import { addDays, addMonths, saToday } from '../../src/lib/calendar-days.ts';
import {
  checkDefinition,
  requiredChecks,
  type CheckStatus,
  type CheckType,
  type LegalForm,
} from '../../src/lib/catalog/checks.ts';

/** How far a sample provider's checks have come. */
export type CheckPlan =
  /** Every required check passed and in date. */
  | 'verified'
  /** Verified, but its insurance runs out within 30 days. */
  | 'expiring'
  /** Every required check passed, but the PSIRA certificate expired a few days ago. */
  | 'psira-expired'
  /** Identity checked; the rest are waiting for review. */
  | 'pending'
  /** No check recorded yet. */
  | 'unchecked';

export interface CheckRecordSeed {
  checkType: CheckType;
  status: CheckStatus;
  reference: string | null;
  insurer: string | null;
  coverAmount: number | null;
  checkedAt: Date | null;
  validUntil: string | null;
}

const INSURERS = ['Santam', 'Hollard', 'Old Mutual Insure', 'Discovery Insure', 'Bryte'];

/** A register number in the shape the sample uses (free text in the product). */
function referenceFor(type: CheckType, seed: number): string | null {
  const digits = (length: number) => String(1_000_000_000 + seed * 7919).slice(-length);
  switch (type) {
    case 'company_registration':
      return `20${digits(2)}/${digits(6)}/07`;
    case 'psira':
      return digits(7);
    case 'saidsa':
      return `S${digits(4)}`;
    default:
      return null;
  }
}

/**
 * The records for one provider. `seed` varies dates and numbers between providers;
 * `today` is South Africa's today unless a test gives its own. A provider listed on
 * `listedOn` was checked no earlier than a month before (while its application waited).
 */
export function checkRecordsFor(
  plan: CheckPlan,
  services: readonly string[],
  legalForm: LegalForm,
  seed: number,
  today: string = saToday(),
  listedOn?: string,
): CheckRecordSeed[] {
  if (plan === 'unchecked') return [];
  const required = requiredChecks(services, legalForm);
  return required.map((type, index): CheckRecordSeed => {
    const monthsAgo = 1 + ((seed + index) % 10);
    const earliest = listedOn === undefined ? undefined : addDays(listedOn, -30);
    const monthsBack = addMonths(today, -monthsAgo);
    const checkedOn = earliest !== undefined && monthsBack < earliest ? earliest : monthsBack;
    let validUntil = addMonths(checkedOn, checkDefinition(type).validMonths);
    if (validUntil <= addDays(today, 30)) validUntil = addMonths(validUntil, 12);
    if (plan === 'expiring' && type === 'insurance') validUntil = addDays(today, 5 + (seed % 20));
    if (plan === 'psira-expired' && type === 'psira')
      validUntil = addDays(today, -(3 + (seed % 5)));
    const waiting = plan === 'pending' && type !== 'identity';
    return {
      checkType: type,
      status: waiting ? 'pending' : 'passed',
      reference: referenceFor(type, seed),
      insurer: type === 'insurance' ? (INSURERS[seed % INSURERS.length] ?? 'Santam') : null,
      coverAmount: type === 'insurance' ? 5_000_000 * (1 + (seed % 4)) : null,
      checkedAt: waiting ? null : new Date(`${checkedOn}T10:00:00+02:00`),
      validUntil: waiting ? null : validUntil,
    };
  });
}
