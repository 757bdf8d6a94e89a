import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  daysBetween,
  formatDay,
  saToday,
} from '../../src/lib/calendar-days.ts';
import { CHECK_TYPES, CHECKS, checkApplies, requiredChecks } from '../../src/lib/catalog/checks.ts';
import { RecordCheckSchema } from '../../src/lib/schemas/verification.ts';

describe('the check catalogue', () => {
  it('describes every check type once, with the words the public pages show', () => {
    expect(CHECKS.map((check) => check.type)).toEqual([...CHECK_TYPES]);
    for (const check of CHECKS) {
      expect(check.label.length, check.type).toBeGreaterThan(3);
      expect(check.explanation.length, check.type).toBeGreaterThan(40);
      expect(check.checkedBy, check.type).not.toBe('');
      expect(check.renewal, check.type).not.toBe('');
      expect(check.validMonths, check.type).toBeGreaterThan(0);
    }
  });

  it('never publishes the reference of the identity or criminal record check', () => {
    const publicTypes = CHECKS.filter((check) => check.publicReference).map((c) => c.type);
    expect(publicTypes).not.toContain('identity');
    expect(publicTypes).not.toContain('criminal_record');
    expect(publicTypes).toContain('psira');
  });

  it.each([
    [
      ['cctv'],
      'company',
      ['identity', 'company_registration', 'psira', 'insurance', 'criminal_record', 'references'],
    ],
    [
      ['alarms', 'wifi'],
      'sole_trader',
      ['identity', 'psira', 'insurance', 'criminal_record', 'references'],
    ],
    [
      ['access'],
      'company',
      ['identity', 'company_registration', 'psira', 'insurance', 'criminal_record', 'references'],
    ],
    [
      ['network', 'wifi', 'ndi'],
      'company',
      ['identity', 'company_registration', 'insurance', 'criminal_record', 'references'],
    ],
    [['ndi'], 'sole_trader', ['identity', 'insurance', 'criminal_record', 'references']],
  ] as const)('requires for %j (%s): %j', (services, legalForm, expected) => {
    expect(requiredChecks(services, legalForm)).toEqual(expected);
  });

  it('lets PSIRA apply only to security services and CIPC only to companies; optional ones to all', () => {
    expect(checkApplies('psira', ['network'], 'company')).toBe(false);
    expect(checkApplies('psira', ['network', 'access'], 'company')).toBe(true);
    expect(checkApplies('company_registration', ['cctv'], 'sole_trader')).toBe(false);
    expect(checkApplies('saidsa', ['wifi'], 'sole_trader')).toBe(true);
  });
});

describe('calendar days', () => {
  it('counts today in South Africa, two hours ahead of UTC', () => {
    expect(saToday(new Date('2026-03-11T21:59:59Z'))).toBe('2026-03-11');
    expect(saToday(new Date('2026-03-11T22:00:00Z'))).toBe('2026-03-12');
  });

  it('adds days and months within the calendar', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-03-12', 12)).toBe('2027-03-12');
    expect(daysBetween('2026-11-22', '2026-12-22')).toBe(30);
    expect(daysBetween('2026-11-22', '2026-11-21')).toBe(-1);
  });

  it('writes a day as the Verification section does', () => {
    expect(formatDay('2026-03-12')).toBe('12 March 2026');
  });
});

describe('RecordCheckSchema', () => {
  it('asks a passed check for its last valid day', () => {
    const result = RecordCheckSchema.safeParse({ status: 'passed' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['validUntil'],
      message: 'A passed check needs the last day it is valid',
    });
  });

  it('refuses days that do not exist and trims free text', () => {
    for (const checkedOn of ['2026-02-30', 'abc', '2026-13-01', '']) {
      expect(
        RecordCheckSchema.safeParse({ status: 'failed', checkedOn: checkedOn || 5 }).success,
      ).toBe(false);
    }
    expect(
      RecordCheckSchema.parse({ status: 'pending', reference: '  2013/123456/07 ', notes: '' }),
    ).toEqual({ status: 'pending', reference: '2013/123456/07', documents: [] });
  });
});
