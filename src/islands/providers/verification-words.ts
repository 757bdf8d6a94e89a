/**
 * The words of the Verification section and the /verification page: how a
 * provider's verification status, a check's status and its dates read. Plain functions,
 * so the words are tested without a browser (tests/unit/verification-words.test.ts).
 */
import type { PublicCheck, PublicVerification } from '../../lib/api-answers';
import { formatDay } from '../../lib/calendar-days';
import type { CheckDefinition } from '../../lib/catalog/checks';

/** What a check's status reads as on a profile. */
export const CHECK_STATUS_WORDS: Record<PublicCheck['status'], string> = {
  passed: 'Passed',
  expired: 'Expired',
  pending: 'Not yet confirmed',
};

/**
 * "Checked 12 March 2026 · valid until 11 March 2027", "Checked 3 March 2025 · expired on
 * 19 November 2026"; nothing for a check not yet confirmed (it has no dates to show).
 */
export function checkDates(check: PublicCheck): string | undefined {
  if (check.status === 'pending') return undefined;
  const parts: string[] = [];
  if (check.checkedAt) parts.push(`Checked ${formatDay(check.checkedAt)}`);
  if (check.validUntil) {
    const until = formatDay(check.validUntil);
    parts.push(check.status === 'expired' ? `expired on ${until}` : `valid until ${until}`);
  }
  if (parts.length === 0) return undefined;
  const text = parts.join(' · ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The required checks whose pass has run out: what a lapsed badge is waiting for. */
export function lapsedChecks(verification: PublicVerification): PublicCheck[] {
  return verification.checks.filter((check) => check.required && check.status === 'expired');
}

/** The overall status in plain words: a title and one sentence saying what it means. */
export function verificationSummary(verification: PublicVerification): {
  title: string;
  detail: string;
} {
  switch (verification.status) {
    case 'verified':
      return {
        title: 'Verified',
        detail: "Every check this provider's services require has passed and is in date.",
      };
    case 'lapsed': {
      const expired = lapsedChecks(verification)
        .map((check) =>
          check.validUntil
            ? `${check.label} expired on ${formatDay(check.validUntil)}`
            : `${check.label} expired`,
        )
        .join('; ');
      return {
        title: expired ? `Verification lapsed: ${expired}` : 'Verification lapsed',
        detail: 'The Verified badge returns once the expired check is renewed and confirmed.',
      };
    }
    case 'unverified':
      return {
        title: 'Not verified yet',
        detail: "Not every check this provider's services require has been confirmed yet.",
      };
  }
}

/** For whom a check of the catalogue is required, as the /verification page says it. */
export const REQUIREMENT_WORDS: Record<CheckDefinition['required'], string> = {
  all: 'All providers',
  companies: 'Registered companies and close corporations (not sole traders)',
  'security services': 'Providers of CCTV, alarms or access control',
  optional: 'Optional: shown on a profile once it has passed',
};
