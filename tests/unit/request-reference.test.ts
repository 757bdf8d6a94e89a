/** The human reference of a request: the South African year and the number. */
import { describe, expect, it } from 'vitest';
import { requestIdOf, requestReference } from '../../src/lib/request-reference.ts';
import { requestSentMessage } from '../../src/lib/request-sent.ts';

describe('requestReference', () => {
  it('is VP, the two-digit year in South Africa and the number in six digits', () => {
    expect(requestReference(4213, '2026-03-12T08:00:00Z')).toBe('VP-26-004213');
    // 31 December 23:30 in UTC is already New Year in South Africa (UTC+2).
    expect(requestReference(7, '2026-12-31T23:30:00Z')).toBe('VP-27-000007');
    expect(requestReference(1_234_567, new Date('2026-06-01T00:00:00Z'))).toBe('VP-26-1234567');
  });

  it('reads back to its number, in any case and with spaces around', () => {
    expect(requestIdOf('VP-26-004213')).toBe(4213);
    expect(requestIdOf(' vp-26-000007 ')).toBe(7);
    for (const other of ['VP-26-42', 'VP-2026-004213', 'XX-26-004213', 'VP-26-000000', '']) {
      expect(requestIdOf(other)).toBeUndefined();
    }
  });
});

describe('requestSentMessage', () => {
  it('names who receives the request, and the mail only when one was written', () => {
    expect(requestSentMessage('VP-26-000001', 'Cape Alarms', true)).toBe(
      'Your request VP-26-000001 has been sent to Cape Alarms. We have e-mailed you a link to follow it.',
    );
    expect(requestSentMessage('VP-26-000001', 'Cape Alarms', false)).toBe(
      'Your request VP-26-000001 has been sent to Cape Alarms.',
    );
  });
});
