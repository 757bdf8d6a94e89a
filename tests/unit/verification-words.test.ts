import { describe, expect, it } from 'vitest';
import {
  CHECK_STATUS_WORDS,
  REQUIREMENT_WORDS,
  checkDates,
  lapsedChecks,
  verificationSummary,
} from '../../src/islands/providers/verification-words.ts';
import type { PublicCheck, PublicVerification } from '../../src/lib/api-answers.ts';
import { CHECKS } from '../../src/lib/catalog/checks.ts';

const passed = (overrides: Partial<PublicCheck> = {}): PublicCheck => ({
  type: 'insurance',
  label: 'Public liability insurance',
  status: 'passed',
  required: true,
  checkedAt: '2026-03-12',
  validUntil: '2027-03-11',
  ...overrides,
});

const psiraExpired = passed({
  type: 'psira',
  label: 'PSIRA registration',
  status: 'expired',
  checkedAt: '2025-11-20',
  validUntil: '2026-11-19',
  reference: '1234567',
});

describe('checkDates', () => {
  it('says when a passed check was made and until when it counts', () => {
    expect(checkDates(passed())).toBe('Checked 12 March 2026 · valid until 11 March 2027');
  });

  it('says when an expired check ran out', () => {
    expect(checkDates(psiraExpired)).toBe('Checked 20 November 2025 · expired on 19 November 2026');
  });

  it('has no dates for a check not yet confirmed', () => {
    const pending = passed({ status: 'pending', checkedAt: null, validUntil: null });
    expect(checkDates(pending)).toBeUndefined();
    expect(CHECK_STATUS_WORDS[pending.status]).toBe('Not yet confirmed');
  });

  it('starts with a capital when only the expiry is known', () => {
    expect(checkDates(passed({ checkedAt: null }))).toBe('Valid until 11 March 2027');
  });
});

describe('verificationSummary', () => {
  const verification = (
    status: PublicVerification['status'],
    checks: PublicCheck[],
  ): PublicVerification => ({ status, checks });

  it('reads Verified when every required check is in date', () => {
    expect(verificationSummary(verification('verified', [passed()])).title).toBe('Verified');
  });

  it('reads Not verified yet while a required check is pending', () => {
    const pending = passed({ status: 'pending', checkedAt: null, validUntil: null });
    expect(verificationSummary(verification('unverified', [pending])).title).toBe(
      'Not verified yet',
    );
  });

  it('names the check that lapsed and the day it expired', () => {
    const lapsed = verification('lapsed', [passed(), psiraExpired]);
    expect(lapsedChecks(lapsed)).toEqual([psiraExpired]);
    expect(verificationSummary(lapsed).title).toBe(
      'Verification lapsed: PSIRA registration expired on 19 November 2026',
    );
  });

  it('names every required check that lapsed, but no optional one', () => {
    const insurance = passed({ status: 'expired', validUntil: '2026-10-01' });
    const saidsa = passed({
      type: 'saidsa',
      label: 'SAIDSA membership',
      status: 'expired',
      required: false,
      validUntil: '2026-09-01',
    });
    expect(
      verificationSummary(verification('lapsed', [insurance, psiraExpired, saidsa])).title,
    ).toBe(
      'Verification lapsed: Public liability insurance expired on 1 October 2026; PSIRA registration expired on 19 November 2026',
    );
  });
});

describe('REQUIREMENT_WORDS', () => {
  it('words every requirement of the catalogue', () => {
    for (const check of CHECKS) expect(REQUIREMENT_WORDS[check.required]).toBeTruthy();
  });
});
